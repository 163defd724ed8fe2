package io.puzzleatlas.core.atlas;

/**
 * The two-bit search split into steps over one partition's slice of the state array, for a
 * distributed search (Spark) where each partition owns the ranks {@code [base, base + 32 *
 * words.length)} and keeps its slice in place (Korf 2008, with the rank space divided among
 * owners). A level is: every partition {@link #expand}s its frontier into neighbour ranks; the
 * ranks are grouped by owner (sorted, de-duplicated); every owner {@link #absorb}s its group,
 * and the sum of the absorbed counts is the next level's size. Encoding as in
 * {@link TwoBitBreadthFirstSearch}: 0 unseen, 1 or 2 the frontier of an even or odd level,
 * 3 expanded. {@code base} must be a multiple of 32.
 */
public final class TwoBitPartition {
    private static final long LOW_BITS = 0x5555_5555_5555_5555L;

    private TwoBitPartition() {
    }

    /** A slice with {@code goalRank} (when owned) as the level-0 frontier. */
    public static long[] start(long base, int words, long goalRank) {
        long[] slice = new long[words];
        long offset = goalRank - base;
        if (offset >= 0 && offset < 32L * words) {
            slice[(int) (offset >>> 5)] = 1L << ((offset & 31) << 1);
        }
        return slice;
    }

    /** The ranks of this slice's frontier at {@code level}, ascending. */
    public static long[] frontier(long[] words, long base, int level) {
        LongList out = new LongList();
        long pattern = (level & 1) == 0 ? LOW_BITS : LOW_BITS << 1;
        for (int i = 0; i < words.length; i++) {
            long x = words[i] ^ pattern;
            for (long bits = ~(x | (x >>> 1)) & LOW_BITS; bits != 0; bits &= bits - 1) {
                out.add(base + ((long) i << 5) + (Long.numberOfTrailingZeros(bits) >>> 1));
            }
        }
        return out.toArray();
    }

    /** Marks the frontier of {@code level} expanded and returns all their neighbours' ranks (with repeats). */
    public static long[] expand(long[] words, long base, int level, NeighbourRanker ranker) {
        long[] frontier = frontier(words, base, level);
        long[] buffer = new long[ranker.maxNeighbours()];
        LongList out = new LongList();
        for (long rank : frontier) {
            int n = ranker.neighbours(rank, buffer);
            for (int k = 0; k < n; k++) {
                out.add(buffer[k]);
            }
            long offset = rank - base;
            words[(int) (offset >>> 5)] |= 3L << ((offset & 31) << 1);
        }
        return out.toArray();
    }

    /** Gives the unseen ranks among {@code ranks} (all owned here) the next level's value; returns how many. */
    public static long absorb(long[] words, long base, int level, long[] ranks) {
        long next = (level & 1) == 0 ? 2 : 1;
        long added = 0;
        for (long rank : ranks) {
            long offset = rank - base;
            int wi = (int) (offset >>> 5);
            int shift = (int) (offset & 31) << 1;
            if (((words[wi] >>> shift) & 3) == 0) {
                words[wi] |= next << shift;
                added++;
            }
        }
        return added;
    }
}
