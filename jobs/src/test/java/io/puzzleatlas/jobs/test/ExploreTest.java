package io.puzzleatlas.jobs.test;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.sliding.SlidingNeighbourRanker;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code explore} on either engine equals the in-core BFS, state by state, and the published counts. */
@Tag("slow")
class ExploreTest extends SparkSuite {
    @TempDir
    Path tmp;

    /**
     * Distances equal the in-core table's, row for row: the Spark engine with its first levels in the driver (default:
     * a million states, so these small spaces are handed to the ranges near their end), with a few hundred in the
     * driver (the 2x4 also ends there, from its last two levels), and with every level on Spark; neighbours marked at
     * once in the ranges (all on this host) or, as between hosts, all sent through the shuffle to the merge.
     */
    @ParameterizedTest
    @CsvSource({
        "sliding-2x3, spark, 3, 1048576, true",
        "sliding-2x4, spark, 5, 1048576, true",
        "eight-puzzle, spark, 6, 1048576, true",
        "sliding-2x4, local, 1, 1048576, true",
        "magic-board, spark, 3, 1048576, true",
        "sliding-2x3, spark, 3, 0, true",
        "eight-puzzle, spark, 6, 300, true",
        "sliding-2x4, spark, 5, 300, true",
        "magic-board, spark, 3, 0, true",
        "eight-puzzle, spark, 6, 300, false",
        "magic-board, spark, 3, 0, false"
    })
    void distancesEqualTheInCoreBfs(
            String puzzleName, String engine, int partitions, long startInDriver, boolean sameHostMarks) {
        Path out = tmp.resolve("out");
        withSameHostMarks(
                sameHostMarks,
                () -> run(
                        "explore",
                        "--puzzle",
                        puzzleName,
                        "--engine",
                        engine,
                        "--partitions",
                        partitions,
                        "--checkpoint-every",
                        4,
                        "--start-in-driver",
                        startInDriver,
                        "--output",
                        out));
        assertEqualsInCoreBfs(puzzleName, null, out);
    }

    /** Runs {@code job} with neighbours marked at once on this host, or all sent through the shuffle. */
    private void withSameHostMarks(boolean on, Runnable job) {
        String property = "spark.puzzleatlas.explore.sameHostMarks";
        spark().sparkContext().setLocalProperty(property, String.valueOf(on));
        try {
            job.run();
        } finally {
            spark().sparkContext().setLocalProperty(property, null);
        }
    }

    @Test
    void eightPuzzleHistogramHasThePublishedCounts() {
        Path out = tmp.resolve("out");
        run("explore", "--puzzle", "eight-puzzle", "--engine", "spark", "--output", out);
        List<Row> histogram = parquet(out, "histogram").orderBy("depth").collectAsList();
        long total = histogram.stream()
                .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                .sum();
        assertEquals(181_440, total);
        assertEquals(32, histogram.size());
        Row deepest = histogram.get(31);
        assertEquals(31, deepest.getInt(deepest.fieldIndex("depth")));
        assertEquals(2, deepest.getLong(deepest.fieldIndex("count")));
        assertEquals("eight-puzzle", deepest.getString(deepest.fieldIndex("puzzle")));
        assertEquals("1 2 3 4 5 6 7 8 0", deepest.getString(deepest.fieldIndex("goal")));
        assertEquals(181_440, parquet(out, "distances").count());
    }

    @Test
    void anyGoalAndStatesColumn() {
        Path out = tmp.resolve("out");
        String goal = "0 1 2 3 4 5";
        run(
                "explore",
                "--puzzle",
                "sliding-2x3",
                "--goal",
                goal,
                "--engine",
                "spark",
                "--with-states",
                "--output",
                out);
        assertEqualsInCoreBfs("sliding-2x3", goal, out);
        Puzzle puzzle = PuzzleRegistry.puzzle("sliding-2x3");
        long goalBoard = puzzle.parse(goal);
        for (Row r : parquet(out, "distances").collectAsList()) {
            long rank = r.getLong(r.fieldIndex("rank"));
            assertEquals(puzzle.format(puzzle.board(rank, goalBoard)), r.getString(r.fieldIndex("state")));
        }
    }

    @Test
    void stoppedRunResumesFromItsCheckpoint() throws Exception {
        Path out = tmp.resolve("out");
        runExpecting(
                ExitCode.STOPPED_EARLY.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--checkpoint-every",
                4,
                "--max-levels",
                13,
                "--output",
                out);
        assertFalse(Files.exists(out.resolve("distances")), "a stopped run publishes nothing");
        run("explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--resume", "--output", out);
        assertEqualsInCoreBfs("sliding-2x4", null, out);
        try (var files = Files.list(out)) {
            assertEquals(
                    List.of("deepest", "distances", "histogram"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "checkpoints and staging are cleaned up");
        }
    }

    /**
     * The Spark engine's levels equal the in-core two-bit search's, level by level, with the deepest states, when only
     * the histogram is kept; a run stopped and resumed gives the same.
     */
    @ParameterizedTest
    @CsvSource({
        "eight-puzzle, 0, 1048576, true",
        "sliding-2x5, 0, 1048576, true",
        "sliding-2x5, 21, 1048576, true",
        "sliding-2x5, 21, 0, true",
        "sliding-2x5, 40, 1048576, true",
        "sliding-2x5, 0, 20000, true",
        "sliding-2x5, 21, 0, false"
    })
    void histogramOnlyEqualsTheInCoreTwoBitSearch(
            String puzzleName, int stopAfter, long startInDriver, boolean sameHostMarks) {
        Path out = tmp.resolve("out");
        withSameHostMarks(sameHostMarks, () -> {
            if (stopAfter > 0) {
                runExpecting(
                        ExitCode.STOPPED_EARLY.code(),
                        "explore",
                        "--puzzle",
                        puzzleName,
                        "--engine",
                        "spark",
                        "--histogram-only",
                        "--partitions",
                        5,
                        "--max-levels",
                        stopAfter,
                        "--start-in-driver",
                        startInDriver,
                        "--output",
                        out);
                run(
                        "explore",
                        "--puzzle",
                        puzzleName,
                        "--engine",
                        "spark",
                        "--histogram-only",
                        "--resume",
                        "--output",
                        out);
            } else {
                run(
                        "explore",
                        "--puzzle",
                        puzzleName,
                        "--engine",
                        "spark",
                        "--histogram-only",
                        "--partitions",
                        5,
                        "--start-in-driver",
                        startInDriver,
                        "--output",
                        out);
            }
        });
        SlidingPuzzle p = (SlidingPuzzle) PuzzleRegistry.puzzle(puzzleName);
        long goal = p.defaultGoal();
        TwoBitBreadthFirstSearch.Result inCore = TwoBitBreadthFirstSearch.run(
                p.boardCount(), p.rank(goal, goal), t -> new SlidingNeighbourRanker(p, goal), 2);
        long[] histogram = parquet(out, "histogram").orderBy(col("depth")).collectAsList().stream()
                .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                .toArray();
        assertArrayEquals(inCore.histogram(), histogram);
        List<Row> deepest = parquet(out, "deepest").orderBy("rank").collectAsList();
        assertArrayEquals(
                inCore.deepestRanks(),
                deepest.stream().mapToLong(r -> r.getLong(r.fieldIndex("rank"))).toArray());
        for (Row r : deepest) {
            assertEquals(histogram.length - 1, r.getInt(r.fieldIndex("depth")));
            assertEquals(p.format(p.board(r.getLong(r.fieldIndex("rank")), goal)), r.getString(r.fieldIndex("state")));
        }
        assertFalse(Files.exists(out.resolve("distances")), "--histogram-only writes no distances");
    }

    /**
     * Levels run several to a stage (local mode) give what one level per stage gives, row for row; a task that fails
     * inside a batch sends the search back to its last checkpoint, and the result is the same again. The stage metrics
     * show the batches and the failed one.
     */
    @Test
    void levelsInBatchesEqualOneLevelPerStageAndSurviveAFailedTask() throws Exception {
        Path single = tmp.resolve("single");
        withLocalProperty(
                "spark.puzzleatlas.explore.batchSeconds",
                "0",
                () -> run(
                        "explore",
                        "--puzzle",
                        "sliding-2x4",
                        "--engine",
                        "spark",
                        "--partitions",
                        5,
                        "--start-in-driver",
                        0,
                        "--output",
                        single));
        Path batched = tmp.resolve("batched");
        Path metrics = tmp.resolve("metrics.csv");
        System.setProperty(FaultSeam.STOP_PROPERTY, "explore-level-17:1");
        try {
            run(
                    "explore",
                    "--puzzle",
                    "sliding-2x4",
                    "--engine",
                    "spark",
                    "--partitions",
                    5,
                    "--start-in-driver",
                    0,
                    "--checkpoint-every",
                    6,
                    "--stage-metrics",
                    metrics,
                    "--output",
                    batched);
        } finally {
            System.clearProperty(FaultSeam.STOP_PROPERTY);
        }
        for (String dataset : List.of("distances", "histogram", "deepest")) {
            assertEquals(
                    parquet(single, dataset).sort("depth").collectAsList().toString(),
                    parquet(batched, dataset).sort("depth").collectAsList().toString(),
                    dataset);
        }
        assertEqualsInCoreBfs("sliding-2x4", null, batched);
        List<String> stages = Files.readAllLines(metrics);
        Assertions.assertTrue(
                stages.stream().anyMatch(l -> l.contains(",levels from ") && l.endsWith(",ok")),
                String.join("\n", stages));
        Assertions.assertTrue(
                stages.stream().anyMatch(l -> l.contains(",levels from ") && !l.endsWith(",ok")), "the failed batch");
        Assertions.assertTrue(stages.stream().noneMatch(l -> l.contains(",level ")), "every level in a batch");
    }

    private void withLocalProperty(String key, String value, Runnable job) {
        spark().sparkContext().setLocalProperty(key, value);
        try {
            job.run();
        } finally {
            spark().sparkContext().setLocalProperty(key, null);
        }
    }

    private void assertEqualsInCoreBfs(String puzzleName, String goal, Path out) {
        Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
        RankedSpace space =
                PuzzleRegistry.kind(puzzle).space(puzzle, goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
        DistanceTable table = BreadthFirstTableBuilder.build(space);
        List<Row> rows = parquet(out, "distances")
                .select("rank", "depth")
                .orderBy("rank")
                .collectAsList();
        assertEquals(table.reached(), rows.size());
        for (Row r : rows) {
            assertEquals(table.get(r.getLong(0)), r.getInt(1), "depth of rank " + r.getLong(0));
        }
        long[] histogram = parquet(out, "histogram").orderBy(col("depth")).collectAsList().stream()
                .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                .toArray();
        assertArrayEquals(table.histogram(), histogram);
    }

    /** A run the machine cannot hold is refused before it starts, with the estimate, and writes nothing. */
    @Test
    void aRunTooBigForThisHeapIsRefusedWithTheEstimate(@org.junit.jupiter.api.io.TempDir Path tmp) {
        CliRun.inJvm(
                        List.of("-Dpuzzleatlas.available-heap=" + (50L << 20)),
                        "explore",
                        "--puzzle",
                        "sliding-2x5",
                        "--engine",
                        "local",
                        "--output",
                        tmp.resolve("out"))
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "explore: sliding-2x5 (1,814,400 states, local engine) needs about 74 MiB of heap "
                                + "and 3 MiB of disk",
                        "this JVM has 50 MiB of heap");
        Assertions.assertFalse(Files.exists(tmp.resolve("out")), "nothing written");
    }
}
