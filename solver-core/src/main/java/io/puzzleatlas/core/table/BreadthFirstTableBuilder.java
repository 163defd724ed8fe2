package io.puzzleatlas.core.table;

import io.puzzleatlas.core.concurrent.ProgressReporter;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Builds a {@link DistanceTable}: the one breadth-first engine ({@link TwoBitBreadthFirstSearch}) run over the space's
 * ranks, with each frontier rank written into the table as that level's distance while the level is expanded. So a
 * table and an atlas histogram come from the same level expansion; the table is only the record of when each rank was
 * found, taken from the scan the expansion makes anyway (no scan of the array of its own per level).
 */
public final class BreadthFirstTableBuilder {
    /** Largest distance a table holds (one byte per rank, 255 meaning unreached). */
    public static final int MAX_DEPTH = 254;

    private BreadthFirstTableBuilder() {}

    /** The distances TO the space's goal ({@link RankedSpace#predecessors}), on one thread. */
    public static DistanceTable build(RankedSpace space) {
        return build(space, 1);
    }

    /** The distances TO the space's goal on {@code threads} threads, each with its own predecessor ranker. */
    public static DistanceTable build(RankedSpace space, int threads) {
        return build(space.size(), space.rank(space.goal()), t -> space.predecessors(), threads);
    }

    /**
     * {@link #build(RankedSpace, int)} with a progress line every {@code progressSeconds} on stdout
     * ({@link ProgressReporter}): {@code building LABEL: ranks reached of all, time left}.
     */
    public static DistanceTable build(RankedSpace space, int threads, String label, double progressSeconds) {
        try (ProgressReporter progress =
                ProgressReporter.start("building " + label, "ranks", space.size(), System.out, progressSeconds)) {
            return build(space.size(), space.rank(space.goal()), t -> space.predecessors(), threads, progress);
        }
    }

    /**
     * The distances of the {@code size} ranks from {@code goalRank}, where {@code rankers.apply(i)} makes search thread
     * i's neighbour ranker (for a distance to the goal, its predecessors).
     */
    public static DistanceTable build(long size, long goalRank, IntFunction<NeighbourRanker> rankers, int threads) {
        return build(size, goalRank, rankers, threads, null);
    }

    /** {@link #build(long, long, IntFunction, int)}, each rank reached counted on {@code progress} (null: none). */
    public static DistanceTable build(
            long size, long goalRank, IntFunction<NeighbourRanker> rankers, int threads, ProgressReporter progress) {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space of " + size + " ranks does not fit one table");
        }
        byte[] depth = new byte[(int) size];
        Arrays.fill(depth, (byte) -1);
        TwoBitBreadthFirstSearch.Observer record = new TwoBitBreadthFirstSearch.Observer() {
            @Override
            public TwoBitLevel.RankSink frontier(int level) {
                byte d = (byte) level;
                if (progress == null) {
                    return r -> depth[(int) r] = d; // threads write distinct bytes
                }
                return r -> {
                    depth[(int) r] = d;
                    progress.add(1);
                };
            }

            @Override
            public void level(int level, long count, long reached) {
                if (progress != null) { // every rank is counted once, as its depth is written
                    progress.level(level);
                }
            }
        };
        TwoBitBreadthFirstSearch.Result result =
                TwoBitBreadthFirstSearch.run(size, goalRank, rankers, threads, null, MAX_DEPTH + 1, record);
        if (!result.complete()) {
            throw new IllegalStateException("distance above " + MAX_DEPTH + " does not fit a byte table");
        }
        return new DistanceTable(depth, result.histogram());
    }
}
