package io.puzzleatlas.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The judge command end to end: stdin to stdout byte for byte, exit status 2 on bad input. */
class JudgeCommandTest {
    private final InputStream stdin = System.in;
    private final PrintStream stdout = System.out;
    private final PrintStream stderr = System.err;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @AfterEach
    void restore() {
        System.setIn(stdin);
        System.setOut(stdout);
        System.setErr(stderr);
    }

    private int judge(String input, String... args) {
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.US_ASCII)));
        System.setOut(new PrintStream(out, true, StandardCharsets.US_ASCII));
        System.setErr(new PrintStream(err, true, StandardCharsets.US_ASCII));
        String[] all = new String[args.length + 1];
        all[0] = "judge";
        System.arraycopy(args, 0, all, 1, args.length);
        return Main.run(all);
    }

    @Test
    void eightPuzzleSample() {
        assertEquals(0, judge("2 3 4 1 5 x 7 6 8\n", "eight-puzzle"));
        assertEquals("dlurullddrurdllurdr\n", out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void magicBoardSamples() {
        String input = "4\n5 8 3 2\n4 1 6 7\n5\n5 8 3 2\n4 1 6 7\n3\n5 8 3 2\n4 1 6 7\n"
                + "6\n3 4 7 8\n6 5 2 1\n1\n1 2 3 4\n8 7 6 5\n-1\n";
        assertEquals(0, judge(input, "magic-board"));
        assertEquals("4 ACCB\n4 ACCB\n-1\n4 BCCB\n0\n", out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void rotationGameSamples() {
        String input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
                + "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";
        assertEquals(0, judge(input, "rotation-game"));
        assertEquals("AC\n2\nDDHH\n2\n", out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void goalAndCountOptions() {
        assertEquals(
                0,
                judge(
                        "1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 8 7 x\n",
                        "eight-puzzle",
                        "--count",
                        "--goal",
                        "1 2 3 x 4 6 7 5 8"));
        assertEquals("2\n-1\n", out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void badInputExitsTwoAfterEarlierAnswers() {
        assertEquals(2, judge("2 3 4 1 5 x 7 6 8\n1 2 3 4 q 6 7 8 x\n", "eight-puzzle"));
        assertEquals("dlurullddrurdllurdr\n", out.toString(StandardCharsets.US_ASCII));
        String message = err.toString(StandardCharsets.US_ASCII);
        assertTrue(
                message.contains("token 10 (line 2, column 1)") && message.contains("token 5 'q' is not a number"),
                message);
    }

    @Test
    void optionsOfOtherPuzzlesAreRefused() {
        assertEquals(2, judge("", "magic-board", "--count"));
        assertTrue(err.toString(StandardCharsets.US_ASCII).contains("sliding puzzles only"));
    }
}
