package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failures in a fresh JVM, as users meet them: Spark starts (or fails to) with the shipped
 * logging configuration, and stderr is still the command's one line, no Spark stack trace.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class OneLineProcessTest {
    @TempDir
    Path tmp;

    private record Outcome(int status, List<String> err) {
    }

    private Outcome run(String heap, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(heap);
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("-Djdk.reflect")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.puzzleatlas.jobs.Main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(tmp.resolve("out.log").toFile())
                .redirectError(tmp.resolve("err.log").toFile()).start();
        assertTrue(p.waitFor(150, TimeUnit.SECONDS), "finished");
        return new Outcome(p.exitValue(), Files.readAllLines(tmp.resolve("err.log")));
    }

    /** Before: Spark's "Error initializing SparkContext" with its stack trace, then status 3. */
    @Test
    void tooSmallAHeapIsOneLineAndTheInternalErrorStatus() throws Exception {
        // Spark's driver does not start in 160 MB (the local engine, without Spark, solves every board in it).
        Outcome o = run("-Xmx160m", "solve", "--puzzle", "eight-puzzle", "--all", "--engine", "spark",
                "--output", tmp.resolve("o").toString());
        assertEquals(ExitCode.INTERNAL.code(), o.status(), String.join("\n", o.err()));
        assertEquals(1, o.err().size(), String.join("\n", o.err()));
        assertTrue(o.err().get(0).startsWith("solve: internal error: too small a heap: "), o.err().get(0));
    }

    @Test
    void aRefusedOutputAfterSparkStartedIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        Outcome o = run("-Xmx1g", "generate", "--puzzle", "eight-puzzle", "--random", "5", "--output", file.toString());
        assertEquals(ExitCode.REFUSED.code(), o.status(), String.join("\n", o.err()));
        assertEquals(List.of("generate: --output " + file + ": file:" + file + " is a file, not a directory"), o.err());
    }
}
