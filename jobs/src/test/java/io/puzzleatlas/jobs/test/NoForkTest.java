package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.spark.executor.ProcfsMetricsGetter$;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A solve forks no process: Hadoop's local file system without its native library runs {@code chmod} through
 * {@code org.apache.hadoop.util.Shell} for every output file (a fork of the whole JVM, ~130 per solve of 100 boards);
 * the jobs use {@link NioLocalFileSystem} instead. Child processes are seen through Linux's count of page faults of
 * reaped children ({@code cminflt} in {@code /proc/self/stat}), which grows with every process the JVM starts and waits
 * for.
 */
@Tag("slow")
class NoForkTest extends SparkSuite {
    private static final Path STAT = Path.of("/proc/self/stat");

    @TempDir
    Path tmp;

    @Test
    void theJobsUseTheNioLocalFileSystem() throws IOException {
        FileSystem fs =
                FileSystem.get(URI.create("file:///"), spark().sparkContext().hadoopConfiguration());
        assertEquals(NioLocalFileSystem.class, fs.getClass());
        assertEquals(
                NioLocalFileSystem.Raw.class, ((NioLocalFileSystem) fs).getRaw().getClass());
    }

    @Test
    void permissionsAreSetWithoutAShell() throws IOException {
        Assumptions.assumeTrue(Files.isReadable(STAT), "needs Linux /proc");
        Path file = Files.writeString(tmp.resolve("f"), "x");
        FileSystem fs =
                FileSystem.get(URI.create("file:///"), spark().sparkContext().hadoopConfiguration());
        long before = reapedChildFaults();
        fs.setPermission(new org.apache.hadoop.fs.Path(file.toUri()), new FsPermission((short) 0640));
        assertEquals(before, reapedChildFaults(), "a process was forked");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void aSolveForksNoProcess() throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isReadable(STAT), "needs Linux /proc");
        // The probe sees a fork: one process started and waited for.
        long before = reapedChildFaults();
        assertEquals(0, new ProcessBuilder("true").start().waitFor());
        Assertions.assertTrue(reapedChildFaults() > before, "cminflt does not count child processes here");

        // 40 boards in several partitions, with one invalid line: results, errors (the validation
        // pass), histogram and chart are all written.
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            lines.add(i % 2 == 0 ? "8 6 7 2 5 4 3 0 1" : "1 2 3 4 5 6 7 8 0");
        }
        lines.add("1 2 3");
        Path input = Files.write(tmp.resolve("boards.csv"), lines, StandardCharsets.UTF_8);
        // Once to load every class (Hadoop's Shell probes setsid once per JVM when first loaded).
        // Spark's process-tree metrics run `getconf PAGESIZE` once per JVM, on the first executor
        // heartbeat (10 s after the context starts): trigger it now, not inside the measurement.
        ProcfsMetricsGetter$.MODULE$.pTreeInfo();
        run("solve", "--puzzle", "eight-puzzle", "--input", input, "--output", tmp.resolve("warm"), "--partitions", 4);

        before = reapedChildFaults();
        run("solve", "--puzzle", "eight-puzzle", "--input", input, "--output", tmp.resolve("out"), "--partitions", 4);
        run(
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--input",
                input,
                "--output",
                tmp.resolve("out"),
                "--partitions",
                4,
                "--overwrite");
        assertEquals(before, reapedChildFaults(), "a process was forked during a solve");
        assertEquals(40, parquet(tmp.resolve("out"), "results").count());
        assertEquals(1, parquet(tmp.resolve("out"), "errors").count());
    }

    /** Minor page faults of the waited-for children of this JVM, field 11 of /proc/self/stat. */
    private static long reapedChildFaults() throws IOException {
        String stat = Files.readString(STAT);
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11 - 3]);
    }
}
