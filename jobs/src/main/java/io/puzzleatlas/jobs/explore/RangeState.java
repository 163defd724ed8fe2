package io.puzzleatlas.jobs.explore;

import java.io.Serializable;

/**
 * One partition of the search: the depth of every rank of its range (-1 unseen), and how many
 * ranks the level that made it reached. Never mutated once built: the next level copies the
 * array (copy-on-write), so a recomputed task always starts from the same state.
 */
final class RangeState implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int part;
    private final long lo;
    private final byte[] depth;
    private final long fresh;

    RangeState(int part, long lo, byte[] depth, long fresh) {
        this.part = part;
        this.lo = lo;
        this.depth = depth;
        this.fresh = fresh;
    }

    int part() {
        return part;
    }

    long lo() {
        return lo;
    }

    byte[] depth() {
        return depth;
    }

    /** Ranks of this range first reached by the level that made this state. */
    long fresh() {
        return fresh;
    }
}
