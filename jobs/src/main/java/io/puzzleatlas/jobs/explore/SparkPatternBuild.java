package io.puzzleatlas.jobs.explore;

import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.min;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.PatternRegionSpace;
import io.puzzleatlas.core.sliding.PatternSpace;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.spark.JobSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;

/**
 * A pattern database built as a Spark job on the {@code explore} engine: the abstract space (pattern placement, blank
 * region) is a unit-cost {@link PatternRegionSpace}, searched level by level by {@link SparkExplorer} with rank ranges
 * owned by partitions; each placement's value, the least level over its regions, is then taken on the executors and
 * encoded like an in-core build. The in-core builder is several times faster on one machine (it packs a placement's
 * regions into one slot); this path spreads the search over a cluster's memory and cores.
 */
public final class SparkPatternBuild {
    private SparkPatternBuild() {}

    /**
     * Refuses a pattern this build cannot take: the driver collects a byte per placement into one array, so patterns
     * above {@link PatternSpace#INT_SIZE} placements (7 tiles of the 5x5) are built in core only.
     */
    public static void requireFits(SlidingPuzzle puzzle, int[] tiles) {
        long placements = new PatternSpace(puzzle.cellCount(), tiles.length).size();
        if (placements > PatternSpace.INT_SIZE) {
            throw new IllegalArgumentException(String.format(
                    "--engine spark: pattern %s of %s has %,d placements, more "
                            + "than the Spark build collects on its driver (%,d): build it without --engine spark",
                    Arrays.toString(tiles), puzzle.name(), placements, PatternSpace.INT_SIZE));
        }
    }

    /**
     * Builds one pattern's database of the sliding puzzle {@code handle}; {@code work} is a scratch directory, removed
     * at the end.
     */
    public static PatternDatabase build(
            JobSession session, PuzzleHandle handle, int goalBlank, int[] tiles, Path work, int threads) {
        SlidingPuzzle puzzle = (SlidingPuzzle) handle.puzzle();
        ExploreSpec spec = ExploreSpec.ofPattern(handle, goalBlank, tiles);
        PatternRegionSpace space = (PatternRegionSpace) spec.space();
        int parts = RangeLayout.defaultPartitions(session, space.size());
        LevelLog log = new LevelLog(0); // most (placement, cell) ranks are no state: no estimate of the time left
        log.note(String.format(
                "pattern %s of %s: %,d placements x %d free cells (the blank region's lowest), "
                        + "%d partitions on Spark",
                Arrays.toString(tiles), puzzle.name(), space.placements(), space.slots(), parts));
        ExploreCheckpoints checkpoints = new ExploreCheckpoints(
                session.context(), new Path(work, "checkpoint"), ExploreCheckpoints.rows(false, false));
        new SparkExplorer(session.context(), spec, checkpoints, null, 10, log)
                .run(parts, false, Integer.MAX_VALUE, ExploreJob.START_IN_DRIVER, new Path(work, "distances"), false);
        // the distance files the tasks reported, read where they were written: the checkpoint's
        String[] files = checkpoints.commits().all().stream()
                .map(c -> new Path(checkpoints.distances(), c.name()).toString())
                .toArray(String[]::new);
        byte[] levels = new byte[Math.toIntExact(space.placements())];
        Iterator<Row> rows = session.spark()
                .read()
                .parquet(files)
                .groupBy(expr("cast(rank div " + space.slots() + " as int)").as("placement"))
                .agg(min("depth"))
                .toLocalIterator();
        while (rows.hasNext()) {
            Row r = rows.next();
            levels[r.getInt(0)] = (byte) (r.getInt(1) + 1);
        }
        try {
            FileSystem fs = NioLocalFileSystem.of(work, session.context().hadoopConfiguration());
            fs.delete(work, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PatternDatabaseBuilder(puzzle, goalBlank, tiles, threads).encodeLevels(levels);
    }
}
