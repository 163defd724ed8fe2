package io.puzzleatlas.jobs.explore;

import java.io.Serializable;

/**
 * One partition of the search: the two-bit codes ({@code core.table.TwoBitLevel}) of every rank
 * of its range, and how many ranks the level that made it reached. Never mutated once built: the
 * next level copies the words (copy-on-write), so a recomputed task always starts from the same
 * state.
 */
final class RangeState implements Serializable {
    private static final long serialVersionUID = 2L;

    private final int part;
    private final long lo;
    private final long[] words;
    private final long fresh;
    /** Chunks of the words that may hold frontier states ({@code TwoBitLevel.CHUNK_WORDS} each); null: all may. */
    private final boolean[] frontierChunks;

    RangeState(int part, long lo, long[] words, long fresh, boolean[] frontierChunks) {
        this.part = part;
        this.lo = lo;
        this.words = words;
        this.fresh = fresh;
        this.frontierChunks = frontierChunks;
    }

    /** Whether chunk {@code c} may hold frontier states. */
    boolean mayHoldFrontier(int c) {
        return frontierChunks == null || frontierChunks[c];
    }

    int part() {
        return part;
    }

    long lo() {
        return lo;
    }

    long[] words() {
        return words;
    }

    /** Ranks of this range first reached by the level that made this state. */
    long fresh() {
        return fresh;
    }
}
