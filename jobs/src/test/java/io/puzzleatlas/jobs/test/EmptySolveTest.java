package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code solve} in which no record gets an optimal length still succeeds: every dataset is written (empty where
 * empty, {@code chart/} an empty directory), the reconciliation is printed, and the chart of an earlier run is
 * replaced, not lost half-way.
 */
@Tag("slow")
class EmptySolveTest extends SparkSuite {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(
            strings = {"empty-file", "header-only", "all-invalid", "random-0", "empty-directory", "zero-row-parquet"})
    void aSolveWithoutAnyLengthPublishesEveryDatasetAndReconciles(String kind) throws IOException {
        Path dir = tmp.resolve("out");
        run("solve", "--puzzle", "magic-board", "--random", 3, "--seed", 1, "--output", dir);
        Assertions.assertTrue(Files.exists(dir.resolve("chart/histogram.png")), "the earlier run's chart");

        List<Object> args =
                new ArrayList<>(List.of("solve", "--puzzle", "magic-board", "--output", dir, "--overwrite"));
        long invalid = 0;
        switch (kind) {
            case "empty-file" -> args.addAll(List.of("--input", Files.writeString(tmp.resolve("in.csv"), "")));
            case "header-only" ->
                args.addAll(List.of("--input", Files.writeString(tmp.resolve("in.csv"), "start,goal\n")));
            case "all-invalid" -> {
                args.addAll(List.of("--input", Files.writeString(tmp.resolve("in.csv"), "1 2 3\n9 9 9 9 9 9 9 9\n")));
                invalid = 2;
            }
            case "random-0" -> args.addAll(List.of("--random", 0));
            case "empty-directory" -> args.addAll(List.of("--input", Files.createDirectories(tmp.resolve("in"))));
            case "zero-row-parquet" -> {
                Path in = tmp.resolve("in");
                spark().createDataFrame(List.of(), Schemas.INSTANCES)
                        .coalesce(1)
                        .write()
                        .parquet(in.toString());
                args.addAll(List.of("--input", in));
            }
            default -> throw new IllegalArgumentException(kind);
        }
        String out = stdout(() -> run(args.toArray()));
        Assertions.assertTrue(
                out.contains(
                        String.format("solve: read %d | results 0 | errors %d | reconciles yes", invalid, invalid)),
                out);
        assertEquals(0, parquet(dir, "results").count());
        assertEquals(0, parquet(dir, "histogram").count());
        assertEquals(invalid, parquet(dir, "errors").count());
        Assertions.assertTrue(Files.isDirectory(dir.resolve("chart")), "chart/ is there");
        try (var charts = Files.list(dir.resolve("chart"))) {
            assertEquals(0, charts.count(), "no lengths, no chart: the old one is gone with its run");
        }
        runExpecting(ExitCode.REFUSED.code(), "solve", "--puzzle", "magic-board", "--random", 0, "--output", dir);
    }
}
