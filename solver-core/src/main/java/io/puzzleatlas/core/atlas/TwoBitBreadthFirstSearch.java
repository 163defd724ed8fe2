package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.IntFunction;

/**
 * Breadth-first search of a whole ranked state space with two bits per state, after Korf,
 * "Linear-time disk-based implicit graph search" (JACM 55(6), 2008), here in memory.
 *
 * <p>Each rank holds 0 (unseen), 1 or 2 (frontier of an even or odd level; the other value marks
 * the next level) or 3 (expanded). A level is one sequential scan of the array: every frontier
 * entry is unranked and expanded, unseen neighbours are set to the next level's value by
 * compare-and-set (so each new state is counted exactly once), and the scanned word's frontier
 * entries become 3 by one atomic OR. Threads take 512K-rank chunks of the scan in turn; a 3x4
 * sliding puzzle (239,500,800 ranks) needs 60 MB. Depth per state is not kept: the histogram
 * comes from the counts, and the ranks of a level are recorded while it is small, so the last
 * level's ranks (the deepest states) are known when the search ends.
 *
 * <p>Spark seam: {@link #scan} is the per-level work of one rank range; a distributed version
 * owns a range per partition and ships the marked neighbour ranks to their owners.
 */
public final class TwoBitBreadthFirstSearch {
    /** Levels with at most this many states have their ranks recorded. */
    public static final int RECORD_CAP = 1 << 16;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final long LOW_BITS = 0x5555_5555_5555_5555L;
    private static final int CHUNK_WORDS = 1 << 14;

    /** The outcome: {@code histogram[d]} states at distance d, and the deepest ranks, ascending. */
    public record Result(long[] histogram, long[] deepestRanks) {
    }

    private TwoBitBreadthFirstSearch() {
    }

    /**
     * Searches the space of {@code size} ranks from {@code goalRank} on {@code threads} threads;
     * {@code rankers.apply(i)} makes thread i's neighbour ranker.
     */
    public static Result run(long size, long goalRank, IntFunction<NeighbourRanker> rankers, int threads) {
        long wordCount = (size + 31) >>> 5;
        if (wordCount > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space of " + size + " ranks is too large");
        }
        long[] words = new long[(int) wordCount];
        words[(int) (goalRank >>> 5)] = 1L << ((goalRank & 31) << 1);
        NeighbourRanker[] perThread = new NeighbourRanker[threads];
        for (int t = 0; t < threads; t++) {
            perThread[t] = rankers.apply(t);
        }
        ExecutorService pool = ChunkedWork.pool(threads, "two-bit-bfs");
        try {
            long[] histogram = new long[64];
            histogram[0] = 1;
            int level = 0;
            while (true) {
                boolean record = histogram[level] <= RECORD_CAP;
                LevelOutcome out = level(pool, perThread, words, size, level, record);
                if (out.added == 0) {
                    long[] deepest = record ? out.recorded : new long[0];
                    Arrays.sort(deepest);
                    return new Result(Arrays.copyOf(histogram, level + 1), deepest);
                }
                level++;
                if (level == histogram.length) {
                    histogram = Arrays.copyOf(histogram, level * 2);
                }
                histogram[level] = out.added;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private record LevelOutcome(long added, long[] recorded) {
    }

    private static LevelOutcome level(ExecutorService pool, NeighbourRanker[] rankers, long[] words, long size,
            int level, boolean record) {
        int chunks = (words.length + CHUNK_WORDS - 1) / CHUNK_WORDS;
        List<ScanResult> results = ChunkedWork.run(pool, rankers.length, chunks, w -> new ScanResult(record, rankers[w]),
                (total, c) -> {
                    int from = c * CHUNK_WORDS;
                    scan(words, from, Math.min(words.length, from + CHUNK_WORDS), level, total.ranker, total);
                }, "two-bit search");
        long added = 0;
        LongList recorded = new LongList();
        for (ScanResult r : results) {
            added += r.added;
            if (record) {
                recorded.addAll(r.recorded);
            }
        }
        return new LevelOutcome(added, recorded.toArray());
    }

    /** What one thread's scans of a level found: states added to the next level, ranks recorded. */
    public static final class ScanResult {
        long added;
        final LongList recorded;
        /** The scanning thread's ranker, when the search hands one to each worker. */
        final NeighbourRanker ranker;

        ScanResult(boolean record, NeighbourRanker ranker) {
            this.recorded = record ? new LongList() : null;
            this.ranker = ranker;
        }

        public long added() {
            return added;
        }
    }

    /**
     * Expands the frontier entries of level {@code level} held in {@code words[fromWord, toWord)}:
     * marks their unseen neighbours with the next level's value and the entries themselves as
     * expanded. Safe to run concurrently on disjoint word ranges of one array.
     */
    public static void scan(long[] words, int fromWord, int toWord, int level, NeighbourRanker ranker,
            ScanResult out) {
        long frontierPattern = (level & 1) == 0 ? LOW_BITS : LOW_BITS << 1;
        long next = (level & 1) == 0 ? 2 : 1;
        long[] buffer = new long[ranker.maxNeighbours()];
        long added = 0;
        for (int i = fromWord; i < toWord; i++) {
            long x = (long) WORDS.getOpaque(words, i) ^ frontierPattern;
            long hits = ~(x | (x >>> 1)) & LOW_BITS;
            if (hits == 0) {
                continue;
            }
            long base = (long) i << 5;
            for (long bits = hits; bits != 0; bits &= bits - 1) {
                long rank = base + (Long.numberOfTrailingZeros(bits) >>> 1);
                if (out.recorded != null) {
                    out.recorded.add(rank);
                }
                int n = ranker.neighbours(rank, buffer);
                for (int k = 0; k < n; k++) {
                    added += mark(words, buffer[k], next);
                }
            }
            // frontier value 1 (01) or 2 (10) becomes 3 (11): OR in the missing bit
            WORDS.getAndBitwiseOr(words, i, next == 2 ? hits << 1 : hits);
        }
        out.added += added;
    }

    private static int mark(long[] words, long rank, long value) {
        int wi = (int) (rank >>> 5);
        int shift = (int) (rank & 31) << 1;
        long w = (long) WORDS.getOpaque(words, wi);
        while (((w >>> shift) & 3) == 0) {
            long witness = (long) WORDS.compareAndExchange(words, wi, w, w | (value << shift));
            if (witness == w) {
                return 1;
            }
            w = witness;
        }
        return 0;
    }
}
