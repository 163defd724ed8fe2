package io.puzzleatlas.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

/** What each kind of failure becomes: exit status and the one line. */
class FailuresTest {

    @Test
    void outOfMemoryAnywhereInTheChainIsAnInternalError() {
        Failures.Failure f = Failures.classify(new SparkException(
                "Job aborted due to stage failure: ...\n\tat x", new OutOfMemoryError("Java heap space")));
        assertEquals(ExitCode.INTERNAL, f.code());
        assertEquals(
                "internal error: out of memory (Java heap space); give the JVM more heap "
                        + "(java -Xmx8g -jar ..., or spark-submit --driver-memory 8g)",
                f.message());
    }

    @Test
    void sparksTooSmallHeapCheckIsAnInternalError() {
        Failures.Failure f = Failures.classify(new IllegalArgumentException(
                "System memory 50331648 must be at least 471859200. Please increase heap size using "
                        + "the --driver-memory option"));
        assertEquals(ExitCode.INTERNAL, f.code());
        assertEquals(
                true, f.message().startsWith("internal error: too small a heap: System memory 50331648"), f.message());
    }

    @Test
    void unknownExceptionsAreOneLineInternalErrors() {
        assertEquals(
                new Failures.Failure(ExitCode.INTERNAL, "internal error: boom"),
                Failures.classify(new IllegalStateException("boom\n\tmore detail")));
        assertEquals(
                new Failures.Failure(ExitCode.INTERNAL, "internal error: NullPointerException"),
                Failures.classify(new NullPointerException()));
        assertEquals(ExitCode.INTERNAL.code(), 70);
    }

    @Test
    void refusalsAndUsageErrorsKeepTheirMessage() {
        assertEquals(
                new Failures.Failure(ExitCode.REFUSED, "in.csv: bad header"),
                Failures.classify(new SparkException("Job aborted", new RefusedException("in.csv: bad header"))));
        assertEquals(
                new Failures.Failure(ExitCode.REFUSED, "/x/y: no such file or directory"),
                Failures.classify(new UncheckedIOException(new NoSuchFileException("/x/y"))));
        assertEquals(
                new Failures.Failure(ExitCode.USAGE, "--master 'x' is bad"),
                Failures.classify(new UsageException("--master 'x' is bad")));
    }
}
