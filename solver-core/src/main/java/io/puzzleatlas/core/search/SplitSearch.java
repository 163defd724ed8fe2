package io.puzzleatlas.core.search;

import java.io.Serializable;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One IDA* solve cut into pieces that can run apart (other threads, other machines): an iteration under a bound is the
 * move prefixes of a fixed depth that survive the bound (found by {@link #frontier}), each searched depth-first to the
 * bound from its end ({@link #subtree}). {@link SplitIda} runs the iterations in lockstep over the prefixes and merges
 * them into the answer the unsplit search gives: the same length, string, status and node count.
 *
 * <p>An object holds one instance (its start relabelled to the goal class) and no search state; it is thread-safe.
 * Prefixes are move strings as the puzzle writes moves (letters d l r u for sliding puzzles, names separated by spaces
 * for defined puzzles), each a sequence the unsplit search would walk.
 */
public interface SplitSearch {

    /**
     * The result of a solution found ({@link Frontier#found} or {@link Subtree#moves}): by default a string of one
     * letter per move; a search whose moves are names separated by spaces counts them (and may replay them).
     */
    default SolveResult solved(String moves, long nodes) {
        return SolveResult.solved(moves, nodes);
    }

    /** The first bound: the heuristic value of the start. */
    int firstBound();

    /**
     * The top {@code depth} levels of the iteration under {@code bound}, searched in letter order as the unsplit search
     * does, with the goal test at every node above the prefixes.
     *
     * @param budget the nodes and time this enumeration may spend
     */
    Frontier frontier(int bound, int depth, Budget budget);

    /** The depth-first search under {@code bound} below {@code prefix} (one of a frontier's prefixes). */
    default Subtree subtree(String prefix, int bound, Budget budget) {
        return subtree(prefix, bound, budget, null);
    }

    /**
     * {@link #subtree(String, int, Budget)}, ending early (as exhausted) once {@code stop} says so, which the search
     * asks when it reads the clock (every 16,384 nodes): a subtree that is no longer needed, because one of an earlier
     * prefix reached the goal. Null: never.
     */
    Subtree subtree(String prefix, int bound, Budget budget, BooleanSupplier stop);

    /**
     * The top of an iteration.
     *
     * @param found the whole solution when the goal lies above the prefixes' depth (then the bound is below the depth
     *     and there are no prefixes), else null
     * @param prefixes the prefixes of the depth whose f is within the bound, in letter order
     * @param nodesAt per prefix, the states the unsplit iteration has generated up to and including that prefix's end,
     *     counting only the top levels
     * @param minPruned the smallest f above the bound among the states pruned in the top levels
     *     ({@link Integer#MAX_VALUE} when none)
     * @param nodes the states generated in the top levels (up to the goal, when found)
     * @param exhausted whether the budget ran out in the top levels
     */
    record Frontier(String found, List<String> prefixes, long[] nodesAt, int minPruned, long nodes, boolean exhausted)
            implements Serializable {}

    /**
     * One prefix's part of an iteration. (A class, not a record: Spark's Kryo serializer, which ships it back from the
     * tasks, cannot build records.)
     */
    final class Subtree implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String moves;
        private final int minPruned;
        private final long nodes;
        private final boolean exhausted;

        /**
         * @param moves the whole solution (prefix included) when the goal was reached, else null
         * @param minPruned the smallest f above the bound among the pruned states (any value once exhausted)
         * @param nodes the states generated below the prefix (up to the goal, when found)
         * @param exhausted whether the budget ran out
         */
        public Subtree(String moves, int minPruned, long nodes, boolean exhausted) {
            this.moves = moves;
            this.minPruned = minPruned;
            this.nodes = nodes;
            this.exhausted = exhausted;
        }

        public String moves() {
            return moves;
        }

        public int minPruned() {
            return minPruned;
        }

        public long nodes() {
            return nodes;
        }

        public boolean exhausted() {
            return exhausted;
        }

        public boolean found() {
            return moves != null;
        }
    }
}
