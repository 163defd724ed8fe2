package io.puzzleatlas.core.table;

/**
 * Distance to the goal of every rank of a {@link RankedSpace}, one byte per rank
 * ({@link #UNREACHED} for ranks the goal cannot reach), with the depth histogram of the search
 * that built it. Distances up to 254 fit.
 */
public final class DistanceTable {
    public static final int UNREACHED = -1;

    private final byte[] depth;
    private final long[] histogram;

    DistanceTable(byte[] depth, long[] histogram) {
        this.depth = depth;
        this.histogram = histogram;
    }

    /** Distance of rank {@code r} to the goal, or {@link #UNREACHED}. */
    public int get(long rank) {
        int d = depth[(int) rank];
        return d == -1 ? UNREACHED : d & 0xFF;
    }

    public long size() {
        return depth.length;
    }

    /** histogram()[d] = number of states at distance d; length = radius + 1. */
    public long[] histogram() {
        return histogram.clone();
    }

    /** Largest distance of a reached state. */
    public int radius() {
        return histogram.length - 1;
    }

    /** Number of reached states. */
    public long reached() {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }
}
