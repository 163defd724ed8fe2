package io.puzzleatlas.core.santa;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.IdaStar;
import io.puzzleatlas.core.search.MoveAutomaton;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Optimal solutions by iterative-deepening A* (Korf 1985, "Depth-first iterative-deepening: an optimal admissible tree
 * search"): depth-first searches bounded by {@code g + h <= threshold}, the threshold raised each time to the least
 * {@code g + h} that exceeded it, with {@code h} the maximum of pattern databases ({@link PatternHeuristic}), which is
 * admissible for the goal set (colourings and wildcards included). A state is tested against the goal
 * ({@link Goal#reached}) only where every table says 0, which holds at every goal state.
 *
 * <p>Move pruning, found from the permutations alone (no move names): a move equal to an earlier one or to the identity
 * is never tried; a move is never followed by its inverse; two commuting moves (their permutations compose equally both
 * ways: a cube's parallel layers) follow each other only in increasing index order; a move of order {@code o} runs at
 * most {@code o/2} times in a row, and when {@code o} is even its inverse of a larger index at most {@code o/2 - 1}
 * times. Each rule only drops sequences that an equivalent sequence of equal length and smaller in move order, or a
 * shorter one, replaces.
 *
 * <p>Tie-break: moves are tried in the type's move index order, so the solution returned is, among the optimal ones,
 * the first in lexicographic move order; deterministic. The budget ({@link SearchBudget}: nodes are moves applied)
 * stops the search in the middle of an iteration; the outcome then has no moves and the lower bound the threshold of
 * that iteration, which every earlier iteration proved (no solution is shorter). The iterations, the budget and the
 * answer are the project's IDA* driver's ({@link IdaStar}); the pruning rules are its move automaton. States live in
 * one preallocated {@code short[]} per depth; nothing is allocated per node.
 */
public final class IdaSearch {
    private final PuzzleType type;
    private final Goal goal;
    private final PatternHeuristic heuristic;
    private final int moves;
    private final boolean[] skip;
    private final boolean[] allowed;
    private final int[] maxRun;
    /** Runs longer than this are not told apart (a move of a larger order is never cut by its run). */
    private final int runCap;

    private IdaSearch(SantaPuzzle puzzle, PatternHeuristic heuristic) {
        this.type = puzzle.type();
        this.goal = puzzle.goal();
        this.heuristic = heuristic;
        this.moves = type.moveCount();
        int width = type.width();
        int[][] perms = new int[moves][width];
        for (int m = 0; m < moves; m++) {
            for (int i = 0; i < width; i++) {
                perms[m][i] = type.source(m, i);
            }
        }
        this.skip = new boolean[moves];
        for (int m = 0; m < moves; m++) {
            skip[m] = isIdentity(perms[m]);
            for (int e = 0; e < m && !skip[m]; e++) {
                skip[m] = Arrays.equals(perms[e], perms[m]);
            }
        }
        this.allowed = new boolean[moves * moves];
        int[] xy = new int[width];
        int[] yx = new int[width];
        for (int x = 0; x < moves; x++) {
            for (int y = 0; y < moves; y++) {
                then(perms[x], perms[y], xy);
                then(perms[y], perms[x], yx);
                boolean inverse = isIdentity(xy);
                boolean commuteDown = x > y && Arrays.equals(xy, yx);
                allowed[x * moves + y] = !inverse && !commuteDown;
            }
        }
        this.maxRun = new int[moves];
        int cap = 1;
        for (int m = 0; m < moves; m++) {
            long order = order(perms[m]);
            int run = order > 64 ? Integer.MAX_VALUE : (int) (order / 2);
            int inv = type.inverse(m);
            if (order <= 64 && order % 2 == 0 && inv < m && !skip[inv]) {
                run = (int) (order / 2) - 1;
            }
            maxRun[m] = run;
            if (run != Integer.MAX_VALUE) {
                cap = Math.max(cap, run);
            }
        }
        this.runCap = cap;
    }

    /**
     * Searches {@code puzzle} within {@code budget} with the tables of {@code heuristic} (which must be of the puzzle's
     * type and goal: {@link PatternHeuristic#of}).
     */
    public static SearchOutcome search(SantaPuzzle puzzle, SearchBudget budget, PatternHeuristic heuristic) {
        short[] start = puzzle.initialState();
        if (puzzle.goal().reached(start)) {
            return new SearchOutcome(new int[0], 0, 0);
        }
        IdaSearch search = new IdaSearch(puzzle, heuristic);
        Kernel kernel = search.new Kernel(start, budget);
        int first = Math.max(1, heuristic.estimate(start, heuristic.work(), Integer.MAX_VALUE));
        SolveResult r = kernel.run(first, null);
        if (r.status() == Status.SOLVED) {
            return new SearchOutcome(kernel.path(r.length()), r.length(), r.nodes());
        }
        // out of budget in the iteration under the last bound, or nothing left to expand: no goal is reachable
        // (the driver counts the state that went past the node limit; it was never searched)
        return new SearchOutcome(null, kernel.lastBound, Math.min(r.nodes(), budget.maxNodes()));
    }

    /**
     * The automaton of the pruning rules: a state is the last move and how many times in a row it was made ({@code 1 +
     * (run - 1) * moves + prev}; {@link MoveAutomaton#START} before any move).
     */
    private int next(int state, int m) {
        if (skip[m]) {
            return MoveAutomaton.REFUSED;
        }
        if (state == MoveAutomaton.START) {
            return 1 + m;
        }
        return next((state - 1) % moves, (state - 1) / moves + 1, m);
    }

    /** {@link #next(int, int)} from the state of {@code run} moves {@code prev} in a row. */
    private int next(int prev, int run, int m) {
        if (skip[m] || !allowed[prev * moves + m] || (m == prev && run >= maxRun[m])) {
            return MoveAutomaton.REFUSED;
        }
        int nextRun = m == prev ? Math.min(run + 1, runCap) : 1;
        return 1 + (nextRun - 1) * moves + m;
    }

    /** The kernel of the project's IDA* driver: one preallocated {@code short[]} per depth. */
    private final class Kernel extends IdaStar {
        private final int[][] work = heuristic.work();
        private final short[] scratch = new short[type.width()];
        private final short[] start;
        private short[][] states = new short[0][];
        int lastBound;

        Kernel(short[] start, SearchBudget budget) {
            super(
                    new Budget(budget.maxNodes(), budget.maxMillis() == 0 ? Long.MAX_VALUE : budget.maxMillis()),
                    IdaSearch.this::next,
                    moveNames(type),
                    ".");
            this.start = start;
        }

        @Override
        protected void reach(int bound) {
            int old = states.length;
            if (old <= bound + 1) {
                states = Arrays.copyOf(states, bound + 2);
                for (int g = old; g < states.length; g++) {
                    states[g] = new short[type.width()];
                }
            }
            System.arraycopy(start, 0, states[0], 0, start.length);
        }

        @Override
        protected int iterate(int bound) {
            lastBound = bound;
            return dfs(0, bound, MoveAutomaton.START);
        }

        /** The iteration under {@code bound} below depth {@code g}: FOUND, or the least f past the bound below it. */
        private int dfs(int g, int bound, int state) {
            short[] here = states[g];
            short[] child = states[g + 1];
            int prev = (state - 1) % moves;
            int run = (state - 1) / moves + 1;
            int min = Integer.MAX_VALUE;
            for (int m = 0; m < moves; m++) {
                int after =
                        state == MoveAutomaton.START ? (skip[m] ? MoveAutomaton.REFUSED : 1 + m) : next(prev, run, m);
                if (after == MoveAutomaton.REFUSED) {
                    continue;
                }
                if (!generated()) {
                    return Integer.MAX_VALUE;
                }
                System.arraycopy(here, 0, child, 0, here.length);
                type.apply(m, child, scratch);
                int h = heuristic.estimate(child, work, bound - g - 1);
                int f = g + 1 + h;
                if (f > bound) {
                    min = Math.min(min, f);
                    continue;
                }
                path[g] = m;
                if (h == 0 && goal.reached(child)) {
                    return found(g + 1);
                }
                if (g + 1 >= bound) {
                    min = Math.min(min, g + 2);
                    continue;
                }
                int below = dfs(g + 1, bound, after);
                if (below == FOUND || exhausted()) {
                    return below;
                }
                min = Math.min(min, below);
            }
            return min;
        }
    }

    private static List<String> moveNames(PuzzleType type) {
        List<String> names = new ArrayList<>();
        for (int m = 0; m < type.moveCount(); m++) {
            names.add(type.moveName(m));
        }
        return names;
    }

    /** {@code out[i] = a[b[i]]}: the permutation of move {@code a} then move {@code b} (both passive). */
    private static void then(int[] a, int[] b, int[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = a[b[i]];
        }
    }

    private static boolean isIdentity(int[] p) {
        for (int i = 0; i < p.length; i++) {
            if (p[i] != i) {
                return false;
            }
        }
        return true;
    }

    /** The order of {@code p}: the lcm of its cycle lengths. */
    private static long order(int[] p) {
        boolean[] seen = new boolean[p.length];
        long order = 1;
        for (int i = 0; i < p.length; i++) {
            int len = 0;
            for (int j = i; !seen[j]; j = p[j]) {
                seen[j] = true;
                len++;
            }
            if (len > 0) {
                order = order / gcd(order, len) * len;
                if (order > 1 << 20) {
                    return order;
                }
            }
        }
        return order;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
