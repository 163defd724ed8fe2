package io.puzzleatlas.jobs.test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The test side of {@code FaultSeam}: waits for a JVM to be held at a seam (bounded only by {@link Hang#LIMIT}), checks
 * it, kills it with SIGKILL and yields its process id. Shared by the multi-process tests.
 */
final class HeldJvm {
    private HeldJvm() {}

    /** What a test checks of the held JVM before it is killed: its process id and its command line. */
    @FunctionalInterface
    interface Check {
        void accept(long pid, String commandLine) throws Exception;
    }

    /** Kills the first JVM held at {@code point} under {@code seam} once {@code check} accepts it. */
    static CompletableFuture<Long> killWhenHeld(Path seam, String point, Check check) {
        return CompletableFuture.supplyAsync(() -> {
            Path pidFile = seam.resolve(point + ".pid");
            long deadline = System.nanoTime() + Hang.LIMIT.toNanos();
            try {
                while (!Files.exists(pidFile)) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("nothing reached " + point + " within " + Hang.LIMIT);
                    }
                    Thread.sleep(20);
                }
                long pid = Long.parseLong(Files.readString(pidFile).trim());
                check.accept(pid, commandLine(pid));
                ProcessHandle target = ProcessHandle.of(pid).orElseThrow();
                target.destroyForcibly();
                target.onExit().get(Hang.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
                return pid;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** A process's command line, read from /proc ("" once it is gone). */
    static String commandLine(long pid) {
        try {
            return new String(
                            Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                    .replace('\0', ' ');
        } catch (IOException gone) {
            return "";
        }
    }
}
