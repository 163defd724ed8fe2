package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.Switches;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** A command line run in this JVM with stdout and stderr captured. */
public record CliRun(String command, int status, String out, String err) {

    public static CliRun of(Object... args) {
        return with(Switches.defaults(), args);
    }

    /** The command line run with {@code switches}, as if given as {@code -Dpuzzleatlas.*} to its JVM. */
    public static CliRun with(Switches switches, Object... args) {
        String[] a = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            status = Main.run(switches, a);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        return new CliRun(
                String.join(" ", a),
                status,
                out.toString(StandardCharsets.UTF_8),
                err.toString(StandardCharsets.UTF_8));
    }

    public List<String> errLines() {
        return err.lines().toList();
    }

    /** Asserts the exit status and that stderr is exactly one line holding every fragment. */
    public CliRun expectOneLine(int expectedStatus, String... fragments) {
        assertEquals(expectedStatus, status, () -> "exit status of " + command + "; stderr:\n" + err);
        assertEquals(1, errLines().size(), () -> "one stderr line from " + command + ", got:\n" + err);
        for (String f : fragments) {
            assertTrue(err.contains(f), () -> "stderr of " + command + " should contain '" + f + "':\n" + err);
        }
        return this;
    }
}
