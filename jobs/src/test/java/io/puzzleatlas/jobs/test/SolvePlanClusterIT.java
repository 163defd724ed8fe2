package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.spark.ConfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The solve plan on a real cluster whose executors have far less heap than the driver, with no {@code --tables-memory}:
 * the driver (2 GiB) plans Korf's 3x3x3 tables (corners, two groups of six edges) from its own heap, and the executors
 * (512 MiB, where a quarter of the heap would choose smaller projections) solve with that plan and those files, giving
 * the rows of local mode. Before: every task asked for a table of its own choice, "table missing ... not built, as
 * building tables is off", exit 3.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class SolvePlanClusterIT {
    private static final String CLUSTER = "local-cluster[1,1,1024]";

    private final Path work = Path.of("target", "solve-plan-it").toAbsolutePath();
    private final Path tables = Path.of("target", "tables").toAbsolutePath();

    @Test
    void executorsWithASmallerHeapSolveWithTheDriversPlan() throws IOException {
        ClusterJars.link();
        Files.createDirectories(work);
        Path cube = Path.of("..", "data", "puzzles", "3x3x3.tws");
        PuzzleHandle handle = PuzzleHandle.resolve(cube.toString());
        // what an executor's own heap would choose: other projections, so other table files
        long executorHeap = 512L << 20;
        assertNotEquals(
                handle.plan(SolverSettings.fromSystem(), null).files(),
                handle.plan(SolverSettings.fromSystem().withTablesMemory(executorHeap / 4), null)
                        .files(),
                "the executors' own choice would differ from the driver's");

        Path csv = Files.write(work.resolve("cubes.csv"), List.of("scramble", "R U F2 L' D B2", "F' R2 U L2 B D' R"));
        List<String> local = solve("local[2]", null, cube, csv, "local");
        List<String> cluster = solve(CLUSTER, "512m", cube, csv, "cluster");
        assertEquals(local, cluster);
        assertEquals(2, cluster.size());
    }

    /** The rows of a solve on {@code master} (the job picks up the session): id, status, length, moves. */
    private List<String> solve(String master, String executorMemory, Path cube, Path csv, String name) {
        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        builder.master(master).appName("puzzle-atlas solve-plan-it");
        if (executorMemory != null) {
            builder.config("spark.executor.memory", executorMemory);
        }
        SparkSession spark = builder.getOrCreate();
        try {
            Path out = work.resolve(name);
            String[] args = {
                "solve",
                "--puzzle",
                cube.toString(),
                "--input",
                csv.toString(),
                "--engine",
                "spark",
                "--tables",
                tables.toUri().toString(),
                "--output",
                out.toString(),
                "--overwrite"
            };
            assertEquals(0, Main.run(args), () -> "exit status of solve on " + master);
            return spark
                    .read()
                    .parquet(out.resolve("results").toString())
                    .orderBy("instance_id")
                    .collectAsList()
                    .stream()
                    .map(SolvePlanClusterIT::row)
                    .toList();
        } finally {
            spark.stop();
        }
    }

    private static String row(Row r) {
        return r.getAs("instance_id") + " " + r.getAs("status") + " " + r.getAs("length") + " " + r.getAs("moves");
    }
}
