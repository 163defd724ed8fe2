package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.CanonicalMoves;
import io.puzzleatlas.core.search.IdaStar;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/**
 * IDA* (Korf 1985) over a defined puzzle's projections, a kernel of the project's {@link IdaStar} driver: a state is
 * its rank in each {@link PatternSpaces} projection, a move steps every projection (their move tables, or the tracked
 * pieces' destinations), the heuristic is the largest of the projections' pattern databases (Korf 1997), and the goal
 * is every projection at its goal rank (together they follow every piece). Sequences are canonical
 * ({@link CanonicalMoves}); moves are tried in move order, so the first answer of the last iteration is the smallest
 * optimal move string.
 */
final class DefinitionIdaStar {
    private final int moveCount;
    private final DefinitionSpace[] spaces;
    private final DistanceTable[] tables;
    private final long[] goal;
    private final CanonicalMoves canonical;

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
        this.canonical = canonical(moves);
    }

    /** The canonical sequences of {@code moves}, from the products of their permutations. */
    static CanonicalMoves canonical(MoveSet moves) {
        int n = moves.count();
        int[][][] products = new int[n][n][];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                products[a][b] = concat(moves.compose(moves.src[a], moves.add[a], moves.src[b], moves.add[b]));
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
        return CanonicalMoves.of(products, single, identity);
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
    Answer solve(long[] start, List<String> names, Budget budget, SolveResult.ResumePoint from) {
        int h = heuristic(start);
        if (h < 0) {
            return new Answer(null, SolveResult.unsolvable("goal is not reachable from this board", 1), 1);
        }
        if (Arrays.equals(start, goal)) {
            return new Answer(new int[0], null, 0);
        }
        Search s = new Search(start, names, budget);
        // not at the goal: at least one move (a projection without a table says 0)
        SolveResult r = s.run(Math.max(1, h), from);
        if (r.status() != Status.SOLVED) {
            return new Answer(null, r, r.nodes());
        }
        return new Answer(s.path(r.length()), null, r.nodes());
    }

    /**
     * The search from {@code start} cut into pieces ({@link SplitSearch}): prefixes are move names separated by spaces
     * ({@code names}); {@code answer} turns a found string and its node count into the result (replayed there).
     */
    SplitSearch split(long[] start, List<String> names, BiFunction<String, Long, SolveResult> answer) {
        return IdaStar.splitting(Math.max(1, heuristic(start)), b -> new Search(start, names, b), answer);
    }

    /** One search's buffers (a search per call: the solver is shared between threads). */
    private final class Search extends IdaStar {
        private final NeighbourRanker[] steppers = new NeighbourRanker[spaces.length];
        private final long[] start;
        long[][] ranks = new long[0][];
        long[][][] children = new long[0][][];
        /** The depth the steps reached. */
        private int depth;

        Search(long[] start, List<String> names, Budget budget) {
            super(budget, canonical, names, " ");
            this.start = start;
            for (int p = 0; p < spaces.length; p++) {
                steppers[p] = spaces[p].successors();
            }
        }

        /** Buffers for paths of {@code bound} moves, the start at depth 0. */
        @Override
        protected void reach(int bound) {
            int old = ranks.length;
            if (old <= bound) {
                ranks = Arrays.copyOf(ranks, bound + 1);
                children = Arrays.copyOf(children, bound + 1);
                for (int g = old; g <= bound; g++) {
                    ranks[g] = new long[spaces.length];
                    children[g] = new long[spaces.length][moveCount];
                }
            }
            System.arraycopy(start, 0, ranks[0], 0, start.length);
            depth = 0;
        }

        @Override
        protected int iterate(int bound) {
            return dfs(0, bound, CanonicalMoves.START);
        }

        @Override
        protected int descend(int g, int bound, int state) {
            return dfs(g, bound, state);
        }

        @Override
        protected boolean atGoal() {
            return Arrays.equals(ranks[depth], goal);
        }

        @Override
        protected void expand(int g) {
            for (int p = 0; p < spaces.length; p++) {
                steppers[p].neighbours(ranks[g][p], children[g][p], 0);
            }
        }

        @Override
        protected int push(int g, int m) {
            depth = g + 1;
            return g + 1 + step(children[g], ranks[g + 1], m);
        }

        @Override
        protected void pop(int g) {
            depth = g;
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

        private boolean isGoal(long[] ranks) {
            for (int p = 0; p < ranks.length; p++) {
                if (ranks[p] != goal[p]) {
                    return false;
                }
            }
            return true;
        }

        /** The iteration under {@code bound} below depth g, after the canonical {@code state}: FOUND, or the min f. */
        private int dfs(int g, int bound, int state) {
            long[] cur = ranks[g];
            long[][] kids = children[g];
            for (int p = 0; p < spaces.length; p++) {
                steppers[p].neighbours(cur[p], kids[p], 0);
            }
            long[] next = ranks[g + 1];
            boolean[] ok = canonical.after(state);
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
                if (isGoal(next)) {
                    return found(g + 1);
                }
                if (g + 1 == bound) {
                    min = Math.min(min, bound + 1);
                    continue;
                }
                int t = dfs(g + 1, bound, m + 1);
                if (t == FOUND || exhausted()) {
                    return t;
                }
                min = Math.min(min, t);
            }
            return min;
        }
    }
}
