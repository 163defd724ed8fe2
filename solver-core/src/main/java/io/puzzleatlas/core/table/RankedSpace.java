package io.puzzleatlas.core.table;

/**
 * A finite state space with a perfect ranking, as breadth-first search and table descent need it: states are packed
 * longs, ranks are dense in {@code [0, size())}, moves are numbered in tie-break order. Distances are measured TO
 * {@link #goal()}, so a builder expands backwards with {@link #unmove}.
 */
public interface RankedSpace {
    /** Number of ranks (every rank is a state of the space, reachable or not). */
    long size();

    long rank(long state);

    long unrank(long rank);

    int moveCount();

    /** The successor of {@code state} by move {@code m}, or -1 if the move does not apply. */
    long move(long state, int m);

    /** A state {@code p} with {@code move(p, m) == state}, or -1 if there is none. */
    long unmove(long state, int m);

    /** The state distances are measured to. */
    long goal();

    /**
     * A neighbour ranker giving each rank's predecessors (the ranks one move from it towards nothing: {@link #unmove}),
     * as the breadth-first engine expands a search TO the goal. By default unrank, unmove, rank; a space whose ranks
     * can be stepped or updated in place overrides it with a faster one giving the same ranks. A new one per call
     * (scratch arrays).
     */
    default NeighbourRanker predecessors() {
        return new SpaceNeighbourRanker(this, false);
    }

    /**
     * Whether every move can be undone by a move (then a state's predecessors are its successors, and a breadth-first
     * search may keep only its last two levels: {@link SmallLevels#last}).
     */
    default boolean reversible() {
        return false;
    }
}
