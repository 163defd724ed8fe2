package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.Switches;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A command line run in this JVM (or a child JVM: {@link #inJvm}) with stdout and stderr captured. */
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

    /**
     * The command line run by a fresh JVM with this test's class path, the {@code puzzleatlas.*} properties of this one
     * and {@code options} ({@code -Dpuzzleatlas.available-heap=...}): a switch read once where a JVM starts is given as
     * a user gives it, not set in the test's JVM for all the classes that run after.
     */
    public static CliRun inJvm(List<String> options, Object... args) {
        String[] a = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        List<String> command = new ArrayList<>();
        command.add(QuickJvm.JAVA);
        command.add("-Xmx512m");
        command.addAll(QuickJvm.DEFAULT_COLLECTOR); // a command of a second; its plan may be sized by its heap
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("-Djdk.reflect")) {
                command.add(arg);
            }
        }
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("puzzleatlas.")) {
                command.add("-D" + name + "=" + System.getProperty(name));
            }
        }
        command.addAll(options);
        command.addAll(QuickJvm.mainClassPath());
        command.addAll(List.of(a));
        try {
            Path out = Files.createTempFile("cli-out", ".log");
            Path err = Files.createTempFile("cli-err", ".log");
            try {
                Process p = new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
                int status = Hang.exitOf(p);
                return new CliRun(
                        String.join(" ", a),
                        status,
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + String.join(" ", a) + " ran", e);
        }
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
