package io.puzzleatlas.core.table;

import java.util.function.LongPredicate;

/**
 * The neighbours of a state, rank to ranks: the level-expansion contract of every breadth-first search (the in-JVM
 * two-bit search behind the atlas and every distance table, and the Spark explorer's rank ranges), with no state object
 * in between. A space gives its own by {@link RankedSpace#predecessors}: {@link SpaceNeighbourRanker} by default,
 * faster ones where its ranks can be stepped or updated in place. Implementations keep scratch arrays, so each search
 * thread (or Spark task) uses its own instance.
 *
 * <p>For a distance-TO-goal search the neighbours are the predecessors; for the undirected spaces here (sliding
 * puzzles) the two coincide.
 */
public interface NeighbourRanker {
    /** Upper bound on the neighbours of one state (the size {@code out} must have). */
    int maxNeighbours();

    /** Writes the ranks of the neighbours of {@code rank} into {@code out} from index {@code at}; returns how many. */
    int neighbours(long rank, long[] out, int at);

    /**
     * The moves of this space that shift whole blocks of ranks, with a ranker of the other moves (a search may mark the
     * first a word at a time); null when the space has none. Each call gives the caller's thread its own
     * {@link BlockMoves#others}.
     */
    default BlockMoves blockMoves() {
        return null;
    }

    /**
     * Whether a state's neighbours are exactly the states it is a neighbour of (every move's inverse is a move). A
     * breadth-first search may then find a level by checking each unseen state for a neighbour in the frontier instead
     * of expanding the frontier, where fewer states are unseen than are in the frontier.
     */
    default boolean symmetric() {
        return false;
    }

    /**
     * Whether some neighbour of {@code rank} passes {@code test} (a bottom-up level's question: is one in the
     * frontier?). By default all neighbours into {@code buffer} (of {@link #maxNeighbours} ranks), then tested; a
     * ranker that computes neighbours one by one overrides it to stop at the first that passes.
     */
    default boolean anyNeighbour(long rank, LongPredicate test, long[] buffer) {
        int count = neighbours(rank, buffer, 0);
        for (int k = 0; k < count; k++) {
            if (test.test(buffer[k])) {
                return true;
            }
        }
        return false;
    }

    /** {@link #neighbours(long, long[], int)} from index 0. */
    default int neighbours(long rank, long[] out) {
        return neighbours(rank, out, 0);
    }
}
