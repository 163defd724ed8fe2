package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;

/**
 * The iterations of IDA* (Korf 1985) on a sliding puzzle, shared by its two searches
 * ({@link SlidingIdaStar}: Manhattan distance and linear conflicts; {@link PdbIdaStar}: additive
 * pattern databases): raise the cost bound to the smallest f that exceeded it until a depth-first
 * iteration reaches the goal, the budget runs out or no bound is left. One object per solve holds
 * the path and the counters; each search supplies the depth-first kernel, with its own
 * incremental heuristic state, and counts every generated state with {@link #generated()}.
 */
abstract class IdaStarSearch {
    static final int FOUND = -1;
    static final int MAX_DEPTH = 255;
    private static final String LETTERS = "dlru";

    /** Move numbers (0..3 = d l r u) of the path being searched, by depth. */
    final byte[] path = new byte[MAX_DEPTH];
    private final Budget budget;
    private final long maxNodes;
    private final long deadline;
    private long nodes;
    /** States whose children were generated (Korf &amp; Felner's "nodes expanded"), counted by the kernels that report it. */
    long expanded;
    private boolean exhausted;

    IdaStarSearch(Budget budget) {
        this.budget = budget;
        this.maxNodes = budget.maxNodes();
        this.deadline = budget.deadlineNanos();
    }

    /** Runs the iterations from a start whose heuristic value is {@code h}. */
    final SolveResult run(int h) {
        int bound = h;
        while (true) {
            int result = iterate(bound);
            if (result == FOUND) {
                char[] moves = new char[bound];
                for (int i = 0; i < bound; i++) {
                    moves[i] = LETTERS.charAt(path[i]);
                }
                return SolveResult.solved(new String(moves), nodes);
            }
            if (exhausted) {
                return budget.exceeded(bound, nodes);
            }
            if (result > MAX_DEPTH) {
                return SolveResult.unsolvable("search exhausted", nodes);
            }
            bound = result;
        }
    }

    /**
     * One depth-first iteration from the start under {@code bound}: {@link #FOUND} with the path
     * in {@link #path}, or the smallest f above the bound among pruned states (any value once the
     * budget is spent).
     */
    abstract int iterate(int bound);

    /** Counts one generated state; false, and the search winds up, once the budget is spent. */
    final boolean generated() {
        if (++nodes > maxNodes || ((nodes & Budget.CLOCK_CHECK_MASK) == 0 && System.nanoTime() > deadline)) {
            exhausted = true;
            return false;
        }
        return true;
    }

    /** Whether the budget ran out (the kernels stop descending). */
    final boolean exhausted() {
        return exhausted;
    }
}
