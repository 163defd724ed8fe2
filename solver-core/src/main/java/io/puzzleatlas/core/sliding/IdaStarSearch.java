package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The iterations of IDA* (Korf 1985) on a sliding puzzle, shared by its two searches ({@link SlidingIdaStar}: Manhattan
 * distance and linear conflicts; {@link PdbIdaStar}: additive pattern databases): raise the cost bound to the smallest
 * f that exceeded it until a depth-first iteration reaches the goal, the budget runs out or no bound is left. One
 * object per solve holds the path and the counters; each search supplies the depth-first kernel, with its own
 * incremental heuristic state, and counts every generated state with {@link #generated()}.
 */
abstract class IdaStarSearch {
    static final int FOUND = -1;
    static final int MAX_DEPTH = 255;

    /** Move numbers (0..3 = d l r u) of the path being searched, by depth. */
    final byte[] path = new byte[MAX_DEPTH];

    private final Budget budget;
    private final long maxNodes;
    private final long deadline;
    private long nodes;
    /**
     * States whose children were generated (Korf &amp; Felner's "nodes expanded"), counted by the kernels that report
     * it.
     */
    long expanded;

    private boolean exhausted;
    /**
     * The search from one start as a {@link SplitSearch}: {@code fresh} makes a search set at that start for a budget,
     * one for each piece (the frontier, each subtree).
     */
    static SplitSearch splitting(int firstBound, Function<Budget, ? extends IdaStarSearch> fresh) {
        return new SplitSearch() {
            @Override
            public int firstBound() {
                return firstBound;
            }

            @Override
            public Frontier frontier(int bound, int depth, Budget budget) {
                return fresh.apply(budget).frontier(bound, depth);
            }

            @Override
            public Subtree subtree(String prefix, int bound, Budget budget, BooleanSupplier stop) {
                IdaStarSearch search = fresh.apply(budget);
                search.stopWhen(stop);
                return search.subtree(prefix, bound);
            }
        };
    }

    /** Asked with the clock: true ends the search as an exhausted budget does (a split subtree no longer needed). */
    private BooleanSupplier stop;

    final void stopWhen(BooleanSupplier stop) {
        this.stop = stop;
    }

    /** The duplicate-path automaton every kernel and the split search's steps follow. */
    final DuplicatePaths duplicates;

    IdaStarSearch(Budget budget, DuplicatePaths duplicates) {
        this.duplicates = duplicates;
        this.budget = budget;
        this.maxNodes = budget.maxNodes();
        this.deadline = budget.deadlineNanos();
    }

    /** Runs the iterations from a start whose heuristic value is {@code h}. */
    final SolveResult run(int h) {
        int bound = h;
        while (true) {
            long before = nodes;
            int result = iterate(bound);
            if (result == FOUND) {
                return SolveResult.solved(moves(bound), nodes);
            }
            if (exhausted) {
                return budget.exceeded(bound, nodes, before);
            }
            if (result > MAX_DEPTH) {
                return SolveResult.unsolvable("search exhausted", nodes);
            }
            bound = result;
        }
    }

    /**
     * One depth-first iteration from the start under {@code bound}: {@link #FOUND} with the path in {@link #path}, or
     * the smallest f above the bound among pruned states (any value once the budget is spent).
     */
    abstract int iterate(int bound);

    /** Counts one generated state; false, and the search winds up, once the budget is spent. */
    final boolean generated() {
        if (++nodes > maxNodes
                || ((nodes & Budget.CLOCK_CHECK_MASK) == 0
                        && (System.nanoTime() > deadline || (stop != null && stop.getAsBoolean())))) {
            exhausted = true;
            return false;
        }
        return true;
    }

    /** Whether the budget ran out (the kernels stop descending). */
    final boolean exhausted() {
        return exhausted;
    }

    // The split search (SplitSearch): the top levels of an iteration walked here with the
    // kernel's single steps, in the order and with the counts of the kernel's own recursion.

    /** Whether the current state is the goal (the test the kernel makes on entering a state). */
    abstract boolean atGoal();

    /** Whether move {@code m} stays on the board from the current state. */
    abstract boolean canMove(int m);

    /**
     * Makes move {@code m} from the current state, {@code g} moves from the start, with the kernel's incremental
     * heuristic (pathmax included); returns the child's f.
     */
    abstract int push(int g, int m);

    /** Undoes the move {@link #push} made at depth {@code g}. */
    abstract void pop(int g);

    /**
     * The kernel's depth-first search under {@code bound} from the current state, {@code g} moves in, in
     * {@link #duplicates}' {@code state}.
     */
    abstract int descend(int g, int bound, int state);

    private int foundDepth;

    /** The top {@code depth} levels of the iteration under {@code bound}, from the start. */
    final SplitSearch.Frontier frontier(int bound, int depth) {
        List<String> prefixes = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        int r = top(0, bound, depth, DuplicatePaths.START, prefixes, at);
        long[] nodesAt = at.stream().mapToLong(Long::longValue).toArray();
        if (r == FOUND) {
            return new SplitSearch.Frontier(moves(foundDepth), List.of(), new long[0], Integer.MAX_VALUE, nodes, false);
        }
        return new SplitSearch.Frontier(null, prefixes, nodesAt, exhausted ? Integer.MAX_VALUE : r, nodes, exhausted);
    }

    private int top(int g, int bound, int depth, int state, List<String> prefixes, List<Long> at) {
        if (atGoal()) {
            foundDepth = g;
            return FOUND;
        }
        int min = Integer.MAX_VALUE;
        for (int m = 0; m < 4; m++) {
            int next = duplicates.next(state, m);
            if (next == DuplicatePaths.REFUSED || !canMove(m)) {
                continue;
            }
            if (!generated()) {
                return Integer.MAX_VALUE;
            }
            int f = push(g, m);
            int r;
            if (f > bound) {
                r = f;
            } else {
                path[g] = (byte) m;
                if (g + 1 == depth) {
                    prefixes.add(moves(depth));
                    at.add(nodes);
                    r = Integer.MAX_VALUE;
                } else {
                    r = top(g + 1, bound, depth, next, prefixes, at);
                }
            }
            pop(g);
            if (r == FOUND) {
                return FOUND;
            }
            if (exhausted) {
                return Integer.MAX_VALUE;
            }
            min = Math.min(min, r);
        }
        return min;
    }

    /** The subtree of the iteration under {@code bound} below {@code prefix}, from the start. */
    final SplitSearch.Subtree subtree(String prefix, int bound) {
        int state = DuplicatePaths.START;
        for (int g = 0; g < prefix.length(); g++) {
            int m = SlidingPuzzle.LETTERS.indexOf(prefix.charAt(g));
            int next = m < 0 ? DuplicatePaths.REFUSED : duplicates.next(state, m);
            if (next == DuplicatePaths.REFUSED || !canMove(m)) {
                throw new IllegalArgumentException("not a prefix of this start: " + prefix);
            }
            push(g, m);
            path[g] = (byte) m;
            state = next;
        }
        int r = descend(prefix.length(), bound, state);
        if (r == FOUND) {
            return new SplitSearch.Subtree(moves(bound), Integer.MAX_VALUE, nodes, false);
        }
        return new SplitSearch.Subtree(null, r, nodes, exhausted);
    }

    private String moves(int length) {
        char[] moves = new char[length];
        for (int i = 0; i < length; i++) {
            moves[i] = SlidingPuzzle.LETTERS.charAt(path[i]);
        }
        return new String(moves);
    }
}
