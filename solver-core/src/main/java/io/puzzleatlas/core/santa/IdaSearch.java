package io.puzzleatlas.core.santa;

import java.util.Arrays;

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
 * that iteration, which every earlier iteration proved (no solution is shorter). States live in one preallocated
 * {@code short[]} per depth; nothing is allocated per node.
 */
public final class IdaSearch {
    /** How many nodes between two looks at the clock. */
    private static final int CLOCK_EVERY = 4096;

    private static final int FOUND = -1;

    private final PuzzleType type;
    private final Goal goal;
    private final PatternHeuristic heuristic;
    private final int[][] work;
    private final int moves;
    private final boolean[] skip;
    private final boolean[] allowed;
    private final int[] maxRun;
    private final long maxNodes;
    private final long deadline;
    private short[][] states;
    private int[] path;
    private final short[] scratch;
    private long nodes;
    private int found;

    private IdaSearch(SantaPuzzle puzzle, SearchBudget budget, PatternHeuristic heuristic) {
        this.type = puzzle.type();
        this.goal = puzzle.goal();
        this.heuristic = heuristic;
        this.work = heuristic.work();
        this.moves = type.moveCount();
        this.maxNodes = budget.maxNodes();
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
        this.scratch = new short[type.width()];
        this.states = new short[32][type.width()];
        this.path = new int[32];
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
        for (int m = 0; m < moves; m++) {
            long order = order(perms[m]);
            int run = order > 64 ? Integer.MAX_VALUE : (int) (order / 2);
            int inv = type.inverse(m);
            if (order <= 64 && order % 2 == 0 && inv < m && !skip[inv]) {
                run = (int) (order / 2) - 1;
            }
            maxRun[m] = run;
        }
    }

    /**
     * Searches {@code puzzle} within {@code budget} with the tables of {@code heuristic} (which must be of the puzzle's
     * type and goal: {@link PatternHeuristic#of}).
     */
    public static SearchOutcome search(SantaPuzzle puzzle, SearchBudget budget, PatternHeuristic heuristic) {
        return new IdaSearch(puzzle, budget, heuristic).run(puzzle.initialState());
    }

    /** Thrown when the budget is spent; the iteration is left incomplete. */
    private static final class OutOfBudget extends Exception {
        private static final long serialVersionUID = 1L;

        OutOfBudget() {
            super(null, null, false, false);
        }
    }

    private SearchOutcome run(short[] start) {
        if (goal.reached(start)) {
            return new SearchOutcome(new int[0], 0, 0);
        }
        System.arraycopy(start, 0, states[0], 0, start.length);
        int threshold = Math.max(1, heuristic.estimate(start, work, Integer.MAX_VALUE));
        while (true) {
            int next;
            try {
                next = dfs(0, threshold, -1, 0);
            } catch (OutOfBudget e) {
                return new SearchOutcome(null, threshold, nodes);
            }
            if (next == FOUND) {
                return new SearchOutcome(Arrays.copyOf(path, found), found, nodes);
            }
            if (next == Integer.MAX_VALUE) { // nothing left to expand: no goal state is reachable
                return new SearchOutcome(null, threshold, nodes);
            }
            threshold = next;
        }
    }

    /**
     * Expands the state at depth {@code g} (reached by {@code prev}, the last {@code run} moves all {@code prev});
     * returns {@link #FOUND}, or the least {@code f} past the threshold below it.
     */
    private int dfs(int g, int threshold, int prev, int run) throws OutOfBudget {
        if (g + 1 >= states.length) {
            states = Arrays.copyOf(states, 2 * states.length);
            for (int i = 0; i < states.length; i++) {
                if (states[i] == null) {
                    states[i] = new short[type.width()];
                }
            }
            path = Arrays.copyOf(path, states.length);
        }
        short[] here = states[g];
        short[] child = states[g + 1];
        int next = Integer.MAX_VALUE;
        int row = prev * moves;
        for (int m = 0; m < moves; m++) {
            if (skip[m] || (prev >= 0 && (!allowed[row + m] || (m == prev && run >= maxRun[m])))) {
                continue;
            }
            if (nodes == maxNodes || (nodes % CLOCK_EVERY == 0 && System.nanoTime() > deadline)) {
                throw new OutOfBudget();
            }
            nodes++;
            System.arraycopy(here, 0, child, 0, here.length);
            type.apply(m, child, scratch);
            int h = heuristic.estimate(child, work, threshold - g - 1);
            int f = g + 1 + h;
            if (f > threshold) {
                next = Math.min(next, f);
                continue;
            }
            if (h == 0 && goal.reached(child)) {
                path[g] = m;
                found = g + 1;
                return FOUND;
            }
            if (g + 1 >= threshold) {
                next = Math.min(next, g + 2);
                continue;
            }
            int below = dfs(g + 1, threshold, m, m == prev ? run + 1 : 1);
            if (below == FOUND) {
                path[g] = m;
                return FOUND;
            }
            next = Math.min(next, below);
        }
        return next;
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
