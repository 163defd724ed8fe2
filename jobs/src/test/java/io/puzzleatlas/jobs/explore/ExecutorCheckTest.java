package io.puzzleatlas.jobs.explore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.test.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver's side of the check of a Spark search's executors, without Spark: sizes that show need above free, groups
 * dealt to hosts by cores, dynamic allocation refused on the command line. The executors' side runs on
 * {@code local-cluster} in {@code ExecutorCheckIT}.
 */
class ExecutorCheckTest {

    @Test
    void sizesTellNeedFromFree() {
        assertArrayEquals(new String[] {"1.1 MiB", "1.0 MiB"}, ExecutorCheck.apart(1_150_000, 1 << 20));
        // a few bytes apart in the same MiB: as many decimals as it takes, then bytes
        assertArrayEquals(new String[] {"1.001 MiB", "1.000 MiB"}, ExecutorCheck.apart((1 << 20) + 1100, 1 << 20));
        assertArrayEquals(
                new String[] {"1,048,577 bytes", "1,048,576 bytes"}, ExecutorCheck.apart((1 << 20) + 1, 1 << 20));
        assertArrayEquals(new String[] {"131.1 KiB", "1.0 KiB"}, ExecutorCheck.apart(134_217, 1000));
        assertArrayEquals(new String[] {"900 bytes", "1,000 bytes"}, ExecutorCheck.apart(900, 1000));
        assertArrayEquals(new String[] {"2.5 GiB", "0.0 GiB"}, ExecutorCheck.apart(5L << 29, 0));
    }

    @Test
    void groupsAreDealtToHostsByTheirCores() {
        Map<String, List<ExecutorReport>> byHost = new TreeMap<>();
        byHost.put("a", List.of(report("1", "a", 1), report("2", "a", 2)));
        byHost.put("b", List.of(report("3", "b", 1)));
        // a has 3 cores, b 1: turns a b a a, then again
        assertEquals(List.of("a", "b", "a", "a", "a", "b", "a", "a"), ExecutorCheck.deal(byHost, 8));
    }

    @Test
    void dynamicAllocationIsRefusedOnTheCommandLine(@TempDir Path tmp) {
        Path out = tmp.resolve("out");
        CliRun.of(
                        "explore",
                        "--puzzle",
                        "sliding-2x3",
                        "--engine",
                        "spark",
                        "--conf",
                        "spark.dynamicAllocation.enabled=true",
                        "--output",
                        out)
                .expectOneLine(
                        ExitCode.USAGE.code(), "--conf spark.dynamicAllocation.enabled=true: ", "set it to false");
        assertFalse(Files.exists(out), "nothing written");
    }

    private static ExecutorReport report(String id, String host, int cores) {
        return new ExecutorReport(id, host, cores, 1L << 30, "/tmp", 1L << 30, null, 0, 0, 0);
    }
}
