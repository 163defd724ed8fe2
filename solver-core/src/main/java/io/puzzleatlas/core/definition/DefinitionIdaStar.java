package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

/**
 * IDA* (Korf 1985) over a defined puzzle's projections: a state is its rank in each {@link PatternSpaces} projection, a
 * move steps every projection (their move tables, or the tracked pieces' destinations), the heuristic is the largest of
 * the projections' pattern databases (Korf 1997), and the goal is every projection at its goal rank (together they
 * follow every piece).
 *
 * <p>Moves are tried in move order, so the first answer of the last iteration is the smallest optimal move string.
 * Canonical sequences: a move is never followed by one that, with it, makes the identity or a single move (U U2, U U'),
 * nor by a commuting move with a smaller index (twsearch and Korf 1997 prune the same products); the smallest optimal
 * string never has such a pair, as the shorter or the swapped string would beat it.
 */
final class DefinitionIdaStar {
    private static final int FOUND = -1;
    /** Deeper bounds than this mean no path is left. */
    private static final int MAX_DEPTH = 255;

    private final int moveCount;
    private final DefinitionSpace[] spaces;
    private final DistanceTable[] tables;
    private final long[] goal;
    /** {@code allowed[prev + 1][m]}: whether move m may follow move prev (-1: at the start). */
    private final boolean[][] allowed;

    /**
     * @param spaces the projections
     * @param tables each projection's distances to its goal rank, or null (followed for the goal test only)
     * @param goal each projection's goal rank
     */
    DefinitionIdaStar(MoveSet moves, DefinitionSpace[] spaces, DistanceTable[] tables, long[] goal) {
        this.moveCount = moves.count();
        this.spaces = spaces;
        this.tables = tables;
        this.goal = goal;
        this.allowed = canonical(moves);
    }

    /** The canonical-sequence table of {@code moves} (see the class comment). */
    static boolean[][] canonical(MoveSet moves) {
        int n = moves.count();
        int[][][] products = new int[n][n][];
        boolean[][] allowed = new boolean[n + 1][n];
        Arrays.fill(allowed[0], true);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                int[][] ab = moves.compose(moves.src[a], moves.add[a], moves.src[b], moves.add[b]);
                products[a][b] = concat(ab);
            }
        }
        int[][] single = new int[n][];
        for (int c = 0; c < n; c++) {
            single[c] = concat(new int[][] {moves.src[c], moves.add[c]});
        }
        int[] identity = new int[2 * moves.slotCount];
        for (int g = 0; g < moves.slotCount; g++) {
            identity[g] = g;
        }
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                int[] ab = products[a][b];
                boolean prune = Arrays.equals(ab, identity) || (b < a && Arrays.equals(ab, products[b][a]));
                for (int c = 0; c < n && !prune; c++) {
                    prune = Arrays.equals(ab, single[c]);
                }
                allowed[a + 1][b] = !prune;
            }
        }
        return allowed;
    }

    private static int[] concat(int[][] srcAdd) {
        int[] out = Arrays.copyOf(srcAdd[0], srcAdd[0].length * 2);
        System.arraycopy(srcAdd[1], 0, out, srcAdd[0].length, srcAdd[1].length);
        return out;
    }

    /** The heuristic of a state given by its projections' ranks; -1 when a projection cannot reach its goal. */
    int heuristic(long[] ranks) {
        int h = 0;
        for (int p = 0; p < tables.length; p++) {
            if (tables[p] != null) {
                int d = tables[p].get(ranks[p]);
                if (d < 0) {
                    return -1;
                }
                h = Math.max(h, d);
            }
        }
        return h;
    }

    /** The path found (move indices) and its length, or why there is none. */
    record Answer(int[] path, SolveResult failure, long nodes) {}

    /**
     * Searches from the state whose projections' ranks are {@code start}; from {@code from} (an earlier search's
     * budget-exceeded point of the same instance) when not null.
     */
    Answer solve(long[] start, Budget budget, SolveResult.ResumePoint from) {
        int h = heuristic(start);
        if (h < 0) {
            return new Answer(null, SolveResult.unsolvable("goal is not reachable from this board", 1), 1);
        }
        Search s = new Search(budget);
        if (Arrays.equals(start, goal)) {
            return new Answer(new int[0], null, 0);
        }
        // not at the goal: at least one move (a projection without a table says 0)
        int bound = Math.max(1, from == null ? h : Math.max(h, from.bound()));
        s.nodes = from == null ? 0 : from.nodesBefore();
        while (true) {
            long before = s.nodes;
            s.ensure(bound);
            System.arraycopy(start, 0, s.ranks[0], 0, start.length);
            int next = s.dfs(0, bound, -1);
            if (s.exhausted) {
                return new Answer(null, budget.exceeded(bound, s.nodes, before), s.nodes);
            }
            if (next == FOUND) {
                return new Answer(Arrays.copyOf(s.path, s.length), null, s.nodes);
            }
            if (next > MAX_DEPTH) {
                return new Answer(null, SolveResult.unsolvable("search exhausted", s.nodes), s.nodes);
            }
            bound = next;
        }
    }

    /**
     * The search from {@code start} cut into pieces ({@link SplitSearch}): prefixes are move names separated by spaces
     * ({@code names}); {@code answer} turns a found string and its node count into the result (replayed there).
     */
    SplitSearch split(long[] start, List<String> names, BiFunction<String, Long, SolveResult> answer) {
        int h = heuristic(start);
        Map<String, Integer> index = new HashMap<>();
        for (String n : names) {
            index.put(n, index.size());
        }
        return new SplitSearch() {
            @Override
            public SolveResult solved(String moves, long nodes) {
                return answer.apply(moves, nodes);
            }

            @Override
            public int firstBound() {
                return Math.max(1, h);
            }

            @Override
            public Frontier frontier(int bound, int depth, Budget budget) {
                Search s = new Search(budget);
                s.ensure(Math.max(bound, depth));
                System.arraycopy(start, 0, s.ranks[0], 0, start.length);
                List<String> prefixes = new ArrayList<>();
                List<Long> at = new ArrayList<>();
                int r = s.top(0, bound, depth, -1, prefixes, at, names);
                if (r == FOUND) {
                    return new Frontier(
                            s.text(s.length, names), List.of(), new long[0], Integer.MAX_VALUE, s.nodes, false);
                }
                long[] nodesAt = at.stream().mapToLong(Long::longValue).toArray();
                return new Frontier(null, prefixes, nodesAt, s.exhausted ? Integer.MAX_VALUE : r, s.nodes, s.exhausted);
            }

            @Override
            public Subtree subtree(String prefix, int bound, Budget budget, BooleanSupplier stop) {
                String[] tokens = prefix.isEmpty() ? new String[0] : prefix.split(" ");
                Search s = new Search(budget);
                s.stop = stop;
                s.ensure(Math.max(bound, tokens.length));
                System.arraycopy(start, 0, s.ranks[0], 0, start.length);
                int prev = -1;
                for (int g = 0; g < tokens.length; g++) {
                    Integer m = index.get(tokens[g]);
                    if (m == null || !allowed[prev + 1][m]) {
                        throw new IllegalArgumentException("not a prefix of this search: " + prefix);
                    }
                    for (int p = 0; p < spaces.length; p++) {
                        s.steppers[p].neighbours(s.ranks[g][p], s.children[g][p], 0);
                        s.ranks[g + 1][p] = s.children[g][p][m];
                    }
                    s.path[g] = m;
                    prev = m;
                }
                if (tokens.length >= bound) {
                    return new Subtree(null, bound + 1, 0, false);
                }
                int r = s.dfs(tokens.length, bound, prev);
                if (r == FOUND) {
                    return new Subtree(s.text(s.length, names), Integer.MAX_VALUE, s.nodes, false);
                }
                return new Subtree(null, r, s.nodes, s.exhausted);
            }
        };
    }

    /** One search's buffers (a search per call: the solver is shared between threads). */
    private final class Search {
        private final NeighbourRanker[] steppers = new NeighbourRanker[spaces.length];
        private final long maxNodes;
        private final long deadline;
        long[][] ranks = new long[0][];
        long[][][] children = new long[0][][];
        int[] path = new int[0];
        int length;
        long nodes;
        boolean exhausted;
        /** Asked with the clock: true ends the search as a spent budget does (a split subtree no longer needed). */
        BooleanSupplier stop;

        Search(Budget budget) {
            for (int p = 0; p < spaces.length; p++) {
                steppers[p] = spaces[p].successors();
            }
            maxNodes = budget.maxNodes();
            deadline = budget.deadlineNanos();
        }

        /** Buffers for paths of {@code bound} moves. */
        void ensure(int bound) {
            int old = ranks.length;
            if (old > bound) {
                return;
            }
            ranks = Arrays.copyOf(ranks, bound + 1);
            children = Arrays.copyOf(children, bound + 1);
            path = Arrays.copyOf(path, bound + 1);
            for (int g = old; g <= bound; g++) {
                ranks[g] = new long[spaces.length];
                children[g] = new long[spaces.length][moveCount];
            }
        }

        /** Counts one generated state; false once the budget is spent (or the split search says stop). */
        boolean generated() {
            if (++nodes > maxNodes
                    || ((nodes & Budget.CLOCK_CHECK_MASK) == 0
                            && (System.nanoTime() > deadline || (stop != null && stop.getAsBoolean())))) {
                exhausted = true;
                return false;
            }
            return true;
        }

        /** The first {@code length} moves of the path as names. */
        String text(int length, List<String> names) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < length; i++) {
                sb.append(i == 0 ? "" : " ").append(names.get(path[i]));
            }
            return sb.toString();
        }

        /**
         * The top {@code depth} levels of the iteration under {@code bound} below depth g, as {@link #dfs} walks them:
         * the nodes of depth {@code depth} within the bound become prefixes (with the nodes generated so far).
         */
        int top(int g, int bound, int depth, int prev, List<String> prefixes, List<Long> at, List<String> names) {
            long[] cur = ranks[g];
            long[][] kids = children[g];
            for (int p = 0; p < spaces.length; p++) {
                steppers[p].neighbours(cur[p], kids[p], 0);
            }
            long[] next = ranks[g + 1];
            boolean[] ok = allowed[prev + 1];
            int min = Integer.MAX_VALUE;
            for (int m = 0; m < moveCount; m++) {
                if (!ok[m]) {
                    continue;
                }
                if (!generated()) {
                    return min;
                }
                int f = g + 1 + step(kids, next, m);
                if (f > bound) {
                    min = Math.min(min, f);
                    continue;
                }
                path[g] = m;
                if (atGoal(next)) {
                    length = g + 1;
                    return FOUND;
                }
                if (g + 1 == bound) {
                    min = Math.min(min, bound + 1);
                    continue;
                }
                if (g + 1 == depth) {
                    prefixes.add(text(depth, names));
                    at.add(nodes);
                    continue;
                }
                int t = top(g + 1, bound, depth, m, prefixes, at, names);
                if (t == FOUND || exhausted) {
                    return t;
                }
                min = Math.min(min, t);
            }
            return min;
        }

        /** Writes the projections' ranks after move m into {@code next}; returns the heuristic there. */
        private int step(long[][] kids, long[] next, int m) {
            int h = 0;
            for (int p = 0; p < spaces.length; p++) {
                long r = kids[p][m];
                next[p] = r;
                DistanceTable t = tables[p];
                if (t != null) {
                    int d = t.get(r);
                    h = d > h ? d : d < 0 ? Integer.MAX_VALUE / 2 : h;
                }
            }
            return h;
        }

        private boolean atGoal(long[] ranks) {
            for (int p = 0; p < ranks.length; p++) {
                if (ranks[p] != goal[p]) {
                    return false;
                }
            }
            return true;
        }

        /** The iteration under {@code bound} below depth g: FOUND, or the smallest f above the bound. */
        int dfs(int g, int bound, int prev) {
            long[] cur = ranks[g];
            long[][] kids = children[g];
            for (int p = 0; p < spaces.length; p++) {
                steppers[p].neighbours(cur[p], kids[p], 0);
            }
            long[] next = ranks[g + 1];
            boolean[] ok = allowed[prev + 1];
            int min = Integer.MAX_VALUE;
            for (int m = 0; m < moveCount; m++) {
                if (!ok[m]) {
                    continue;
                }
                if (!generated()) {
                    return min;
                }
                int f = g + 1 + step(kids, next, m);
                if (f > bound) {
                    min = Math.min(min, f);
                    continue;
                }
                path[g] = m;
                if (atGoal(next)) {
                    length = g + 1;
                    return FOUND;
                }
                if (g + 1 == bound) {
                    min = Math.min(min, bound + 1);
                    continue;
                }
                int t = dfs(g + 1, bound, m);
                if (t == FOUND || exhausted) {
                    return t;
                }
                min = Math.min(min, t);
            }
            return min;
        }
    }
}
