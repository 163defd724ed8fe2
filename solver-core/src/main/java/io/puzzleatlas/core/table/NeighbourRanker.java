package io.puzzleatlas.core.table;

/**
 * The neighbours of a state, rank to ranks: the level-expansion contract of the breadth-first
 * searches over rank spaces (the two-bit search of the atlas and the rank-range search of the
 * Spark explorer), with no state object in between: {@link SpaceNeighbourRanker} for any
 * {@link RankedSpace}, faster ones where a space's ranks can be updated in place. Implementations keep scratch arrays,
 * so each search thread (or Spark task) uses its own instance.
 *
 * <p>For a distance-TO-goal search the neighbours are the predecessors; for the undirected spaces
 * here (sliding puzzles) the two coincide.
 */
public interface NeighbourRanker {
    /** Upper bound on the neighbours of one state (the size {@code out} must have). */
    int maxNeighbours();

    /** Writes the ranks of the neighbours of {@code rank} into {@code out}; returns how many. */
    int neighbours(long rank, long[] out);
}
