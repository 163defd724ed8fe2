package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The solve plan on a real cluster whose executors have another heap than the driver, with no {@code --tables-memory}:
 * the driver, a child JVM of 256 MiB, plans the 3x3x3's tables from its own heap (a quarter: corners and edges four at
 * a time, five small tables), and the executors (512 MiB, where a quarter of the heap would choose two groups of six
 * edges, other table files) solve with that plan and those files, giving the rows of local mode. Before: every task
 * asked for a table of its own choice, "table missing ... not built, as building tables is off", exit 3. (Until it ran
 * in a small driver, this test built Korf's tables from a 2 GiB driver: 173 million ranks, minutes of a verify, for the
 * same assertion.) Spark refuses a heap under 450 MiB unless told what to keep aside: the driver sets Spark's own
 * {@code spark.testing.reservedMemory} to 64 MiB.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class SolvePlanClusterIT {
    private static final String CLUSTER = "local-cluster[1,1,1024]";
    private static final String DRIVER_HEAP = "256m";
    private static final String EXECUTOR_HEAP = "512m";

    private final Path work = Path.of("target", "solve-plan-it").toAbsolutePath();

    @Test
    void executorsWithAnotherHeapSolveWithTheDriversPlan() throws Exception {
        ClusterJars.link();
        delete(work);
        Files.createDirectories(work);
        Path tables = work.resolve("tables");
        Path cube = Path.of("..", "data", "puzzles", "3x3x3.tws");
        Path csv = Files.write(work.resolve("cubes.csv"), List.of("scramble", "R U F2 L' D B2", "F' R2 U L2 B D' R"));

        Path local = solve("local[2]", cube, csv, tables, "local");
        // the tables the driver built, in an empty directory: its plan's
        List<String> driverFiles = files(tables);
        PuzzleHandle handle = PuzzleHandle.resolve(cube.toString());
        long executorHeap = SolverSettings.parseBytes(EXECUTOR_HEAP);
        List<String> executorsOwn =
                handle.plan(SolverSettings.fromSystem().withTablesMemory(executorHeap / 4), null).files().stream()
                        .sorted()
                        .toList();
        assertNotEquals(executorsOwn, driverFiles, "the executors' own choice would differ from the driver's");

        Path cluster = solve(CLUSTER, cube, csv, tables, "cluster");
        assertEquals(driverFiles, files(tables), "the executors built nothing of their own");
        Configuration conf = new Configuration();
        List<String> clusterRows = rows(conf, cluster);
        assertEquals(rows(conf, local), clusterRows);
        assertEquals(2, clusterRows.size());
    }

    /**
     * A solve on {@code master} by {@code java -jar} of the runnable jar with a {@value #DRIVER_HEAP} heap, no
     * {@code --tables-memory}; returns its output directory.
     */
    private Path solve(String master, Path cube, Path csv, Path tables, String name) throws Exception {
        Path out = work.resolve(name);
        List<String> command = new ArrayList<>();
        command.add(QuickJvm.JAVA);
        command.add("-Xmx" + DRIVER_HEAP);
        command.addAll(QuickJvm.DEFAULT_COLLECTOR); // for speed only: two short jobs; the heap as the JVM sizes it
        command.addAll(QuickJvm.archive());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("-Djdk.reflect")) {
                command.add(arg);
            }
        }
        command.addAll(List.of(
                "-jar",
                Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"))
                        .toAbsolutePath()
                        .toString(),
                "solve",
                "--puzzle",
                cube.toString(),
                "--input",
                csv.toString(),
                "--engine",
                "spark",
                "--master",
                master,
                "--conf",
                "spark.executor.memory=" + EXECUTOR_HEAP,
                "--conf",
                "spark.testing.reservedMemory=" + (64L << 20),
                "--conf",
                // the jar's class-data archive comes with it: the driver maps it, so its executors do (SparkHome)
                "spark.executor.extraJavaOptions=" + String.join(" ", QuickJvm.DEFAULT_COLLECTOR),
                "--tables",
                tables.toUri().toString(),
                "--output",
                out.toString(),
                "--overwrite"));
        Path log = work.resolve(name + ".log");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            Hang.exitOf(p);
        } finally {
            p.destroyForcibly();
        }
        String output = Files.readString(log);
        assertEquals(0, p.exitValue(), () -> "exit status of solve on " + master + ": " + output);
        assertTrue(output.contains("reconciles yes"), output);
        return out;
    }

    /** The rows of a solve's results, every column ({@link DatasetRows}): id, status, length, moves and the rest. */
    private static List<String> rows(Configuration conf, Path out) {
        return DatasetRows.sorted(conf, out.resolve("results").toUri().toString());
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
