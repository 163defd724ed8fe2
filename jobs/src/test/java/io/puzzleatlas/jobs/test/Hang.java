package io.puzzleatlas.jobs.test;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one wall-clock bound of the tests: the default timeout of junit-platform.properties, a guard that turns a hang
 * into a failure, never a speed expectation. A test that waits for another process (its exit, a JVM held at a fault
 * seam) waits for that event, bounded only by this, so that a loaded or low-priority machine passes.
 */
public final class Hang {
    /** How long any one test, or any wait inside it, may take before it counts as hung. */
    public static final Duration LIMIT = junitDefault();

    private Hang() {}

    /** Waits for {@code p} to exit; a process still running after {@link #LIMIT} is killed and fails the test. */
    public static int exitOf(Process p) throws InterruptedException {
        if (!p.waitFor(LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("hung: " + p.info().commandLine().orElse("a child process") + " ran for " + LIMIT);
        }
        return p.exitValue();
    }

    /**
     * Waits until {@code file} exists (a JVM held at a fault seam writes it) or {@code p} has exited without writing
     * it; returns whether it exists.
     */
    public static boolean awaitFile(Path file, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!Files.exists(file) && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return Files.exists(file);
    }

    private static Duration junitDefault() {
        Properties p = new Properties();
        try (InputStream in = Hang.class.getResourceAsStream("/junit-platform.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String value =
                p.getProperty("junit.jupiter.execution.timeout.default", "").strip();
        Matcher m = Pattern.compile("(\\d+)\\s*m").matcher(value);
        if (!m.matches()) {
            throw new IllegalStateException(
                    "junit-platform.properties: a default timeout in minutes, not '" + value + "'");
        }
        return Duration.ofMinutes(Long.parseLong(m.group(1)));
    }
}
