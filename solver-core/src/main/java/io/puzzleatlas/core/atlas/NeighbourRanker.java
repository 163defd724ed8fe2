package io.puzzleatlas.core.atlas;

/**
 * The neighbours of a state, rank to ranks: what one expansion of a breadth-first search over a
 * dense rank space needs, with no state object in between. Implementations keep scratch arrays,
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
