package io.puzzleatlas.core.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.puzzleatlas.core.magic.MagicBoardJudge;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.rotation.RotationGameJudge;
import io.puzzleatlas.core.sliding.EightPuzzleJudge;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** Every worked example of the original problem statements, as exact output. */
class JudgeTest {

    private static String run(JudgeFormat format, String input) {
        StringWriter out = new StringWriter();
        Judge.run(format, Solvers.forName(format.puzzle().name()), new StringReader(input), out);
        return out.toString();
    }

    private static JudgeFormat eight() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        return new EightPuzzleJudge(p, p.defaultGoal(), false);
    }

    @Test
    void eightPuzzleSamples() {
        assertEquals("dlurullddrurdllurdr\n", run(eight(), "2 3 4 1 5 x 7 6 8\n"));
        assertEquals("\nunsolvable\n", run(eight(), "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 8 7 x"));
        // tokens split over lines in any way
        assertEquals("dlurullddrurdllurdr\n", run(eight(), "2 3\n4 1 5\n\n x 7\t6 8"));
    }

    @Test
    void eightPuzzleWithGoalAndCount() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        JudgeFormat count = new EightPuzzleJudge(p, p.defaultGoal(), true);
        assertEquals("19\n-1\n0\n", run(count, "2 3 4 1 5 x 7 6 8 1 2 3 4 5 6 8 7 x 1 2 3 4 5 6 7 8 x"));
        long goal = p.parse("1 2 3 x 4 6 7 5 8");
        assertEquals("\nul\n", run(new EightPuzzleJudge(p, goal, false), "1 2 3 x 4 6 7 5 8\n1 2 3 4 5 6 7 x 8"));
    }

    @Test
    void magicBoardSamples() {
        String input = "4\n5 8 3 2\n4 1 6 7\n5\n5 8 3 2\n4 1 6 7\n3\n5 8 3 2\n4 1 6 7\n"
                + "6\n3 4 7 8\n6 5 2 1\n1\n1 2 3 4\n8 7 6 5\n-1\n";
        assertEquals("4 ACCB\n4 ACCB\n-1\n4 BCCB\n0\n", run(new MagicBoardJudge(), input));
    }

    @Test
    void rotationGameSamples() {
        String input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
                + "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n";
        assertEquals("AC\n2\nDDHH\n2\n", run(new RotationGameJudge(), input));
        String solved = "2 2 2 2 2 2 1 1 1 2 2 1 1 3 3 1 1 1 3 3 3 3 3 3\n0\n";
        assertEquals("No moves needed\n1\n", run(new RotationGameJudge(), solved));
    }

    @Test
    void badInputKeepsEarlierAnswersAndNamesThePosition() {
        StringWriter out = new StringWriter();
        JudgeInputException e = assertThrows(
                JudgeInputException.class,
                () -> Judge.run(
                        eight(),
                        Solvers.forName("eight-puzzle"),
                        new StringReader("2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 7 x\n"),
                        out));
        assertEquals("dlurullddrurdllurdr\n", out.toString());
        assertEquals("board starting at token 10 (line 2, column 1): tile 7 appears twice (token 8)", e.getMessage());
        JudgeInputException shortInput = assertThrows(JudgeInputException.class, () -> run(eight(), "1 2 3\n4 5"));
        assertEquals(
                "board starting at token 1 (line 1, column 1): input ends after 5 of 9 tokens",
                shortInput.getMessage());
        JudgeInputException badLimit = assertThrows(
                JudgeInputException.class, () -> run(new MagicBoardJudge(), "four\n1 2 3 4 8 7 6 5\n-1\n"));
        assertEquals("token 1 (line 1, column 1): step limit 'four' is not an integer", badLimit.getMessage());
    }

    /**
     * Control bytes and NULs of the input never reach the error line: the magic board's step limit and the sliding
     * reader's tokens are shown through one sanitizer (before, the magic board's line carried them raw).
     */
    @Test
    void controlBytesInBadTokensAreReplacedByEveryJudge() {
        JudgeInputException magic = assertThrows(
                JudgeInputException.class,
                () -> run(new MagicBoardJudge(), "f\u0000o\u001b[2J\n1 2 3 4 8 7 6 5\n-1\n"));
        assertEquals("token 1 (line 1, column 1): step limit 'f?o?[2J' is not an integer", magic.getMessage());
        JudgeInputException sliding =
                assertThrows(JudgeInputException.class, () -> run(eight(), "1 2 3 4 5 6 7 8 \u0007x\u0000\n"));
        assertEquals(
                "board starting at token 1 (line 1, column 1): token 9 '?x?' is not a number", sliding.getMessage());
    }
}
