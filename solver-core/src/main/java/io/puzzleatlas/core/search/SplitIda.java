package io.puzzleatlas.core.search;

import java.util.List;

/**
 * Runs a {@link SplitSearch} iteration by iteration: the top levels of each iteration here, the prefixes' subtrees
 * through a {@link Runner} (one thread here, or a Spark job over the prefixes), all of an iteration's subtrees before
 * the next bound (lockstep). The merge reproduces the unsplit search exactly: the subtrees are read in letter order of
 * their prefixes, as the depth-first search visits them, so the first one that reached the goal holds the smallest
 * optimal string (every prefix has the same length), the node count is what the unsplit search counted up to that
 * point, and a node budget runs out where it would have (the states of later prefixes, searched in parallel but not
 * needed, are counted in {@link Listener#iteration}'s work only). The next bound is the smallest f that exceeded this
 * one, over the top levels and every subtree.
 */
public final class SplitIda {
    /** Deeper bounds than this mean no path is left (as {@link IdaStar#MAX_DEPTH}). */
    static final int MAX_DEPTH = IdaStar.MAX_DEPTH;

    private SplitIda() {}

    /**
     * Searches the subtrees of one iteration; results in the order of the prefixes. Once the subtree of prefix i has
     * reached the goal, those of later prefixes are not read: a runner may skip them (any result in their place).
     */
    @FunctionalInterface
    public interface Runner {
        List<SplitSearch.Subtree> run(List<String> prefixes, int bound, Budget budget);
    }

    /** Hears of each finished iteration, the one that found the goal in its subtrees included. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param bound the iteration's bound
         * @param prefixes the subtrees it ran (0 when it ran whole in the top levels)
         * @param nodes the states the unsplit search would have counted so far
         * @param work the states generated so far, every subtree counted as far as it ran (the subtrees after the one
         *     that found the goal, which the unsplit search never reaches, may have been skipped or cut short)
         * @param found whether this iteration reached the goal (the last one)
         */
        void iteration(int bound, int prefixes, long nodes, long work, boolean found);
    }

    /** Solves with subtrees of prefixes {@code depth} moves long, within {@code budget} for the whole instance. */
    public static SolveResult solve(SplitSearch search, int depth, Budget budget, Runner runner, Listener listener) {
        return solve(search, depth, budget, runner, listener, null);
    }

    /**
     * {@link #solve(SplitSearch, int, Budget, Runner, Listener)} from where an earlier search of the same instance ran
     * out of budget ({@code from}; null: from the first bound): its iterations before {@code from.bound()} are not
     * searched again, their states are counted in the result's nodes (and in {@code budget}) as the uninterrupted
     * search counts them.
     */
    public static SolveResult solve(
            SplitSearch search,
            int depth,
            Budget budget,
            Runner runner,
            Listener listener,
            SolveResult.ResumePoint from) {
        long deadline = budget.deadlineNanos();
        long nodes = from == null ? 0 : from.nodesBefore();
        long work = 0;
        int bound = from == null ? search.firstBound() : Math.max(from.bound(), search.firstBound());
        while (true) {
            Budget left = remaining(budget, nodes, deadline);
            if (left == null) {
                return budget.exceeded(bound, nodes, nodes);
            }
            SplitSearch.Frontier top = search.frontier(bound, depth, left);
            if (top.found() != null) {
                return search.solved(top.found(), nodes + top.nodes());
            }
            if (top.exhausted()) {
                return budget.exceeded(bound, nodes + top.nodes(), nodes);
            }
            int next = top.minPruned();
            List<String> prefixes = top.prefixes();
            long before = 0;
            if (!prefixes.isEmpty()) {
                List<SplitSearch.Subtree> subtrees = runner.run(prefixes, bound, left);
                for (SplitSearch.Subtree s : subtrees) {
                    work += s.nodes();
                }
                for (int i = 0; i < prefixes.size(); i++) {
                    SplitSearch.Subtree s = subtrees.get(i);
                    long counted = nodes + top.nodesAt()[i] + before + s.nodes();
                    if (s.exhausted() || counted > budget.maxNodes()) {
                        return budget.exceeded(
                                bound,
                                Math.min(
                                        counted, budget.maxNodes() == Long.MAX_VALUE ? counted : budget.maxNodes() + 1),
                                nodes);
                    }
                    if (s.found()) {
                        if (listener != null) {
                            listener.iteration(bound, prefixes.size(), counted, work + top.nodes(), true);
                        }
                        return search.solved(s.moves(), counted);
                    }
                    before += s.nodes();
                    next = Math.min(next, s.minPruned());
                }
            }
            long atStart = nodes;
            nodes += top.nodes() + before;
            work += top.nodes();
            if (nodes > budget.maxNodes()) {
                return budget.exceeded(bound, budget.maxNodes() + 1, atStart);
            }
            if (listener != null) {
                listener.iteration(bound, prefixes.size(), nodes, work, false);
            }
            if (next > MAX_DEPTH) {
                return SolveResult.unsolvable("search exhausted", nodes);
            }
            bound = next;
        }
    }

    /** What is left of the instance's budget, or null when nothing is. */
    private static Budget remaining(Budget budget, long nodes, long deadline) {
        long millis = budget.maxMillis();
        if (deadline != Long.MAX_VALUE) {
            millis = (deadline - System.nanoTime()) / 1_000_000;
        }
        long n = budget.maxNodes() == Long.MAX_VALUE ? Long.MAX_VALUE : budget.maxNodes() - nodes;
        if (n <= 0 || millis <= 0) {
            return null;
        }
        return new Budget(n, millis);
    }
}
