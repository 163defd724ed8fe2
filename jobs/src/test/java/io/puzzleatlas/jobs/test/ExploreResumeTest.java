package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.jobs.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explore --resume} continues only the run its checkpoint belongs to, and never mixes or loses what that run
 * wrote: another puzzle, goal or choice of rows is refused with the checkpoint kept; distance files a killed level left
 * behind are written again, whatever the resumed run's options; the local engine, which writes no checkpoints, takes
 * neither --resume nor --max-levels.
 */
@Tag("slow")
class ExploreResumeTest extends SparkSuite {
    @TempDir
    Path tmp;

    private Path stopped(String puzzle, String... options) {
        Path out = tmp.resolve("out");
        List<Object> args = new ArrayList<>(List.of(
                "explore",
                "--puzzle",
                puzzle,
                "--engine",
                "spark",
                "--partitions",
                3,
                "--checkpoint-every",
                4,
                "--max-levels",
                9,
                "--start-in-driver",
                0,
                "--output",
                out));
        args.addAll(List.of(options));
        runExpecting(ExitCode.STOPPED_EARLY.code(), args.toArray());
        return out;
    }

    private static List<Path> checkpointFiles(Path out) throws Exception {
        try (Stream<Path> files = Files.walk(out.resolve("_explore-checkpoint"))) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    void aResumeWithAnotherPuzzleOrGoalIsRefusedAndTheCheckpointKept() throws Exception {
        Path out = stopped("sliding-2x4");
        List<Path> before = checkpointFiles(out);
        runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "eight-puzzle",
                "--engine",
                "spark",
                "--resume",
                "--output",
                out);
        runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--goal",
                "0 1 2 3 4 5 6 7",
                "--engine",
                "spark",
                "--resume",
                "--output",
                out);
        assertEquals(before, checkpointFiles(out), "the checkpoint is kept");
        run("explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--resume", "--output", out);
        assertEquals(20160, parquet(out, "distances").count());
        assertEquals(20160, parquet(out, "distances").select("rank").distinct().count(), "each rank once");
    }

    @Test
    void aResumeAskingForOtherRowsIsRefused() throws Exception {
        Path out = stopped("sliding-2x4");
        List<Path> before = checkpointFiles(out);
        runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--resume",
                "--with-states",
                "--output",
                out);
        runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--resume",
                "--histogram-only",
                "--output",
                out);
        assertEquals(before, checkpointFiles(out), "the checkpoint is kept");
    }

    /**
     * A task killed while it wrote level 10's distance file leaves it empty; the run is then resumed with the last
     * levels in the driver, which writes those levels to another file: the empty one must go, and every rank must be
     * there once.
     */
    @Test
    void filesOfLevelsAfterTheCheckpointAreWrittenAgainWhateverTheOptions() throws Exception {
        Path out = stopped("sliding-2x4");
        Path streamed = out.resolve("_explore-checkpoint/distances");
        Files.createFile(streamed.resolve("part-00001-depth-010.zstd.parquet"));
        Files.createFile(streamed.resolve("part-00002-depth-009.zstd.parquet"));
        run(
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--resume",
                "--start-in-driver",
                5000,
                "--output",
                out);
        List<Row> ranks = parquet(out, "distances").select("rank").distinct().collectAsList();
        assertEquals(20160, ranks.size());
        assertEquals(20160, parquet(out, "distances").count(), "each rank once");
        long[] histogram = parquet(out, "histogram").orderBy("depth").collectAsList().stream()
                .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                .toArray();
        long[] byDepth = new long[histogram.length];
        for (Row r : parquet(out, "distances").collectAsList()) {
            byDepth[r.getInt(r.fieldIndex("depth"))]++;
        }
        assertArrayEquals(histogram, byDepth);
    }

    @Test
    void theLocalEngineTakesNoCheckpointOptionsAndAutoChoosesSparkForThem() throws Exception {
        Path out = tmp.resolve("local");
        runExpecting(
                ExitCode.USAGE.code(),
                "explore",
                "--puzzle",
                "sliding-2x3",
                "--engine",
                "local",
                "--max-levels",
                3,
                "--output",
                out);
        runExpecting(
                ExitCode.USAGE.code(),
                "explore",
                "--puzzle",
                "sliding-2x3",
                "--engine",
                "local",
                "--resume",
                "--output",
                out);
        runExpecting(
                ExitCode.STOPPED_EARLY.code(),
                "explore",
                "--puzzle",
                "sliding-2x3",
                "--max-levels",
                3,
                "--start-in-driver",
                0,
                "--output",
                out);
        Assertions.assertTrue(
                Files.isDirectory(out.resolve("_explore-checkpoint")),
                "auto ran the spark engine, which left a checkpoint");
        run("explore", "--puzzle", "sliding-2x3", "--resume", "--output", out);
        assertEquals(360, parquet(out, "distances").count());
    }
}
