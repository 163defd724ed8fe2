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

    /**
     * A run whose engine comes out local (a small space, no checkpoint option) refuses an output holding the spark
     * engine's checkpoint in one line, as the spark engine does, and keeps it; --overwrite discards it.
     */
    @Test
    void aRunOnTheLocalEngineRefusesToDropACheckpoint() throws Exception {
        Path out = stopped("sliding-2x4");
        List<Path> kept = checkpointFiles(out);
        CliRun.of("explore", "--puzzle", "sliding-2x4", "--output", out)
                .expectOneLine(ExitCode.REFUSED.code(), "_explore-checkpoint", "--resume", "--overwrite");
        assertEquals(kept, checkpointFiles(out), "the checkpoint is kept");
        Assertions.assertFalse(Files.exists(out.resolve("distances")), "nothing is published");
        run("explore", "--puzzle", "sliding-2x4", "--engine", "local", "--overwrite", "--output", out);
        assertEquals(20_160, parquet(out, "distances").count());
        Assertions.assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "the discarded checkpoint is gone");
    }

    /**
     * The manifest, written from what the tasks reported, is the only truth of which distance files a checkpoint has: a
     * file copied into {@code _explore-checkpoint/distances/} is not recorded by the next checkpoint nor published by
     * the resume, which publishes each rank once; every file recorded has the rows its task reported.
     */
    @Test
    void aDistanceFileTheManifestDoesNotListIsNeitherRecordedNorPublished() throws Exception {
        Path out = stopped("sliding-2x4");
        Path streamed = out.resolve("_explore-checkpoint/distances");
        Path listed;
        try (Stream<Path> files = Files.list(streamed)) {
            listed = files.filter(f -> f.getFileName().toString().startsWith("part-"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Files.copy(listed, streamed.resolve("part-00077-depth-002.zstd.parquet"));
        runExpecting(
                ExitCode.STOPPED_EARLY.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--checkpoint-every",
                4,
                "--max-levels",
                12,
                "--resume",
                "--output",
                out);
        Path meta = out.resolve("_explore-checkpoint/level-012/_meta");
        List<String> recorded = Files.readAllLines(meta).stream()
                .filter(l -> l.startsWith("file-rows.distances/"))
                .toList();
        Assertions.assertFalse(recorded.isEmpty(), "rows of every distance file: " + recorded);
        for (String line : recorded) {
            String name = line.substring("file-rows.distances/".length(), line.indexOf('='));
            Assertions.assertNotEquals("part-00077-depth-002.zstd.parquet", name, "the copy is not recorded");
            long rows = Long.parseLong(line.substring(line.indexOf('=') + 1));
            assertEquals(
                    rows,
                    spark().read().parquet(streamed.resolve(name).toString()).count(),
                    name);
        }
        CliRun done = CliRun.of("explore", "--puzzle", "sliding-2x4", "--resume", "--output", out);
        assertEquals(0, done.status(), done.err());
        Assertions.assertTrue(done.out().contains("reconciles yes"), done.out());
        assertEquals(20_160, parquet(out, "distances").count());
        assertEquals(20_160, parquet(out, "distances").select("rank").distinct().count());
    }
}
