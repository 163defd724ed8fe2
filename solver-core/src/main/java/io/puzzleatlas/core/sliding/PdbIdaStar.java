package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;

/**
 * IDA* (Korf 1985) with a disjoint additive pattern-database heuristic, for one goal class of a
 * sliding puzzle of any size up to the 5x5. The heuristic is the maximum of up to four lookups
 * ({@link AdditivePatternHeuristic}): the board, its reflection about the main diagonal (Korf
 * &amp; Felner 2002), and the duals of both (Felner, Korf &amp; Hanan 2004; Zahavi, Felner, Holte
 * &amp; Schaeffer 2008). Each lookup is {@code manhattan + 2 * (sum of pattern excesses)}, and all
 * four share the board's Manhattan distance, so {@code h = manhattan + 2 * max(four sums)}.
 *
 * <p>Per child the lookups run lazily, cheapest first, and stop as soon as the child is pruned:
 * first the Manhattan distance, the parent's value less one (pathmax, Mero 1984) and the
 * parent's regular and reflected sums less the excess of the pattern the move changes (an excess
 * is never negative), which cost no table access; then the regular sum (one pattern re-ranked), the reflected sum (one pattern),
 * the dual and the dual-reflected sums (the two patterns of the pieces whose dual cells the move
 * changes, and only the patterns a dual may count with the blank on its new cell). A child pruned
 * early gets a smaller f than the full heuristic would give; that only lowers the next bound,
 * never skips the optimal one, and the states expanded in an iteration are the same.
 * Bidirectional pathmax (BPMX, Felner et al. 2005; Zahavi et al. 2007) raises a state's value to
 * a child's value less one and cuts the state off once that passes the bound.
 *
 * <p>The board is a tile array ({@link SlidingTiles}) changed in place on descent. Each view keeps
 * every piece's cell in an array: the regular and reflected ones are moved for every child (one
 * tile each), the duals only on descent and, around their own lookup, the two pieces a move swaps
 * there. Per-pattern excesses and per-view sums are kept per depth, so nothing is allocated per
 * node. The goal is reached exactly when the Manhattan distance is zero.
 *
 * <p>Tie-break: children are tried in move-letter order, no move undoes the previous one, and
 * every lookup is admissible, so every optimal path survives pruning in the last iteration and
 * the first one found is the lexicographically smallest. {@code nodes} counts generated states.
 */
public final class PdbIdaStar {
    /** The views of the board, in the order they are looked up. */
    private static final int REGULAR = 0;
    private static final int REFLECTED = 1;
    private static final int DUAL = 2;
    private static final int DUAL_REFLECTED = 3;
    private static final int VIEWS = 4;
    private static final int UNKNOWN = -1;

    private final AdditivePatternHeuristic heuristic;
    private final int cells;
    private final int[] neighbour;
    private final int patterns;
    private final int[][] patternTiles;
    private final PatternDatabase[] databases;
    private final boolean reflects;
    private final boolean duals;
    private final boolean bpmx;
    /** manhattan[tile << SHIFT | cell]. */
    private final int[] manhattan;
    /** patternOf[piece]: the piece's pattern, -1 for the blank. */
    private final int[] patternOf;
    private final int[] reflectedCell;
    private final int[] reflectedTile;
    private final int[] goalCell;
    private final int[] goalTile;
    private final int[] dualPatterns;

    /**
     * The default: regular and reflected lookups with BPMX, no duals. The duals cut the generated
     * nodes of random 15-puzzle boards by about 12% but cost more CPU time per board than they
     * save (about 12% more through {@code solve}, measured side by side, and 1.4 times the CPU time
     * on the 24-puzzle for 8-18% fewer nodes; docs/benchmarks.md), so
     * they are asked for with {@link #PdbIdaStar(AdditivePatternHeuristic, boolean, boolean)}.
     */
    public PdbIdaStar(AdditivePatternHeuristic heuristic) {
        this(heuristic, false, true);
    }

    /**
     * @param duals whether to add the dual and dual-reflected lookups
     * @param bpmx  whether to propagate children's values to the parent (BPMX)
     */
    public PdbIdaStar(AdditivePatternHeuristic heuristic, boolean duals, boolean bpmx) {
        this.heuristic = heuristic;
        SlidingPuzzle puzzle = heuristic.puzzle();
        this.cells = puzzle.cellCount();
        this.neighbour = new int[cells * 4];
        for (int c = 0; c < cells; c++) {
            for (int m = 0; m < 4; m++) {
                neighbour[c * 4 + m] = puzzle.neighbour(c, m);
            }
        }
        this.patterns = heuristic.patternCount();
        this.patternTiles = new int[patterns][];
        this.databases = new PatternDatabase[patterns];
        for (int p = 0; p < patterns; p++) {
            patternTiles[p] = heuristic.partition().patterns()[p].clone();
            databases[p] = heuristic.database(p);
        }
        this.reflects = heuristic.reflects();
        this.duals = duals;
        this.bpmx = bpmx;
        int slots = 1 << AdditivePatternHeuristic.SHIFT;
        this.manhattan = new int[slots * slots];
        this.patternOf = new int[slots];
        this.reflectedCell = new int[slots];
        this.reflectedTile = new int[slots];
        this.goalCell = new int[slots];
        this.goalTile = new int[slots];
        this.dualPatterns = new int[slots];
        for (int c = 0; c < cells; c++) {
            patternOf[c] = c == 0 ? -1 : heuristic.patternOf(c);
            reflectedCell[c] = heuristic.reflectedCell(c);
            reflectedTile[c] = heuristic.reflectedTile(c);
            goalCell[c] = heuristic.goalCell(c);
            goalTile[c] = heuristic.goalTile(c);
            dualPatterns[c] = heuristic.dualPatterns(c);
            for (int t = 1; t < cells; t++) {
                manhattan[t << AdditivePatternHeuristic.SHIFT | c] = heuristic.manhattan(t, c);
            }
        }
    }

    public AdditivePatternHeuristic heuristic() {
        return heuristic;
    }

    /** Solves a packed {@code start} (reachable, in this goal class's labels) to the canonical goal. */
    public SolveResult solve(long start, Budget budget) {
        return solve(SlidingTiles.of(start, cells), budget);
    }

    /** Solves {@code tiles} (reachable, in this goal class's labels) to the canonical goal; the array is not kept. */
    public SolveResult solve(byte[] tiles, Budget budget) {
        return new Search(budget).run(tiles);
    }

    /**
     * {@link #solve(byte[], Budget)}, also writing into {@code expanded[0]} the number of states
     * expanded (whose children were generated), the count Korf &amp; Felner (2002) publish; the
     * result's {@code nodes} counts generated states.
     */
    public SolveResult solve(byte[] tiles, Budget budget, long[] expanded) {
        Search search = new Search(budget);
        SolveResult result = search.run(tiles);
        expanded[0] = search.expanded;
        return result;
    }

    /** Per-call scratch: each view's cells of pieces, the excesses per depth, the path and counters. */
    private final class Search extends IdaStarSearch {
        /** board[cell]: the tile on the cell, moved in place by the search. */
        private final byte[] board = new byte[cells];
        /** cellOf[view][piece]: the piece's cell in that view of the board. */
        private final int[][] cellOf = new int[VIEWS][1 << AdditivePatternHeuristic.SHIFT];
        private final int[] regularCellOf = cellOf[REGULAR];
        private final int[] reflectedCellOf = cellOf[REFLECTED];
        private final int[] dualCellOf = cellOf[DUAL];
        private final int[] dualReflectedCellOf = cellOf[DUAL_REFLECTED];
        /** excess[view][depth * patterns + p]: pattern p's excess at that depth, or UNKNOWN. */
        private final int[][] excess = new int[VIEWS][(MAX_DEPTH + 2) * patterns];
        private final int[] regularExcess = excess[REGULAR];
        private final int[] reflectedExcess = excess[REFLECTED];
        /** sum[view][depth]: the excess sum the view counts at that depth (0 where not looked up). */
        private final int[][] sum = new int[VIEWS][MAX_DEPTH + 2];
        private final int[] regularSum = sum[REGULAR];
        private final int[] reflectedSum = sum[REFLECTED];
        private final int views;
        private int startBlank;
        private int startMd;
        private int startH;
        /** The last child's regular and reflected excesses of the changed patterns and its sums. */
        private int childRegularExcess;
        private int childReflectedExcess;
        private int childRegularSum;
        private int childReflectedSum;

        Search(Budget budget) {
            super(budget);
            this.views = duals ? VIEWS : reflects ? 2 : 1;
        }

        SolveResult run(byte[] start) {
            System.arraycopy(start, 0, board, 0, cells);
            int md = 0;
            for (int c = 0; c < cells; c++) {
                int t = start[c];
                if (t == 0) {
                    startBlank = c;
                } else {
                    md += manhattan[t << AdditivePatternHeuristic.SHIFT | c];
                }
                regularCellOf[t] = c;
                reflectedCellOf[reflectedTile[t]] = reflectedCell[c];
                dualCellOf[goalTile[c]] = goalCell[t];
                dualReflectedCellOf[goalTile[reflectedCell[c]]] = reflectedCell[goalCell[t]];
            }
            int best = 0;
            for (int v = 0; v < VIEWS; v++) {
                boolean used = v < views && (reflects || v == REGULAR || v == DUAL);
                int allowed = allowedPatterns(v, startBlank);
                int total = 0;
                for (int p = 0; p < patterns; p++) {
                    excess[v][p] = used ? rankedExcess(p, cellOf[v]) : 0;
                    total += (allowed >>> p & 1) == 0 ? 0 : excess[v][p];
                }
                sum[v][0] = total;
                best = Math.max(best, total);
            }
            this.startMd = md;
            this.startH = md + 2 * best;
            return run(startH);
        }

        @Override
        int iterate(int bound) {
            return dfs(startBlank, 0, startMd, startH, bound, -1);
        }

        /** The patterns whose excess view {@code v} counts with the board's blank on {@code blank}. */
        private int allowedPatterns(int v, int blank) {
            if (v == DUAL) {
                return dualPatterns[blank];
            }
            if (v == DUAL_REFLECTED) {
                return dualPatterns[reflectedCell[blank]];
            }
            return -1;
        }

        private int rankedExcess(int p, int[] cellOfPiece) {
            int[] ts = patternTiles[p];
            int r = 0;
            int used = 0;
            for (int j = 0; j < ts.length; j++) {
                int c = cellOfPiece[ts[j]];
                r = r * (cells - j) + c - Integer.bitCount(used & ((1 << c) - 1));
                used |= 1 << c;
            }
            return databases[p].excess(r);
        }

        /** Returns FOUND, or the smallest f above the bound among pruned descendants. */
        private int dfs(int blank, int g, int md, int h, int bound, int previous) {
            if (md == 0) {
                return FOUND;
            }
            expanded++;
            int min = Integer.MAX_VALUE;
            int forbidden = previous < 0 ? -1 : 3 - previous;
            for (int m = 0; m < 4; m++) {
                int target = neighbour[blank * 4 + m];
                if (target < 0 || m == forbidden) {
                    continue;
                }
                if (!generated()) {
                    return Integer.MAX_VALUE;
                }
                int tile = board[target];
                int childMd = md - manhattan[tile << AdditivePatternHeuristic.SHIFT | target]
                        + manhattan[tile << AdditivePatternHeuristic.SHIFT | blank];
                int reflected = reflectedTile[tile];
                regularCellOf[tile] = blank;
                reflectedCellOf[reflected] = reflectedCell[blank];
                int childH = childEstimate(g, tile, reflected, blank, target, childMd, h - 1, bound - g - 1);
                int r;
                if (g + 1 + childH > bound) {
                    r = g + 1 + childH;
                } else {
                    r = descend(g, m, tile, reflected, blank, target, childMd, childH, bound);
                }
                regularCellOf[tile] = target;
                reflectedCellOf[reflected] = reflectedCell[target];
                if (r == FOUND) {
                    return FOUND;
                }
                if (exhausted()) {
                    return Integer.MAX_VALUE;
                }
                if (r < min) {
                    min = r;
                }
                if (bpmx && childH - 1 > h) {
                    h = childH - 1;
                    if (g + h > bound) {
                        return Math.min(min, g + h);
                    }
                }
            }
            return min;
        }

        /**
         * Searches below the child where {@code tile} moved from {@code target} to {@code blank}
         * (already moved in the regular and reflected cells): records the child's regular and
         * reflected excesses at depth g + 1 (the dual ones are there already), moves the tile on
         * the board and in the duals, and undoes both after.
         */
        private int descend(int g, int m, int tile, int reflected, int blank, int target, int childMd, int childH,
                int bound) {
            int parent = g * patterns;
            int child = parent + patterns;
            System.arraycopy(regularExcess, parent, regularExcess, child, patterns);
            regularExcess[child + patternOf[tile]] = childRegularExcess;
            regularSum[g + 1] = childRegularSum;
            if (reflects) {
                System.arraycopy(reflectedExcess, parent, reflectedExcess, child, patterns);
                reflectedExcess[child + patternOf[reflected]] = childReflectedExcess;
                reflectedSum[g + 1] = childReflectedSum;
            }
            path[g] = (byte) m;
            board[blank] = (byte) tile;
            board[target] = 0;
            swapDuals(blank, target);
            int r = dfs(target, g + 1, childMd, childH, bound, m);
            swapDuals(blank, target);
            board[target] = (byte) tile;
            board[blank] = 0;
            return r;
        }

        /**
         * A move between cells {@code a} and {@code b} in the duals: the pieces whose goal cells
         * are {@code a} and {@code b} swap cells, and the same on the reflection. Its own inverse.
         */
        private void swapDuals(int a, int b) {
            swap(dualCellOf, goalTile[a], goalTile[b]);
            swap(dualReflectedCellOf, goalTile[reflectedCell[a]], goalTile[reflectedCell[b]]);
        }

        private void swap(int[] a, int i, int j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }

        /**
         * The child's value after {@code tile} (reflected: {@code reflected}) moved from
         * {@code from} to {@code to}, computed lazily: stops, with a lower bound above
         * {@code limit}, as soon as the child is shown pruned; otherwise the full value. First a
         * bound with no table access (pathmax, and each view's parent sum less the excess of the
         * pattern the move changes: an excess is never negative); then the regular lookup, the
         * reflected one, the duals.
         */
        private int childEstimate(int g, int tile, int reflected, int to, int from, int childMd, int floor, int limit) {
            int parent = g * patterns;
            int regularPattern = patternOf[tile];
            int regularRest = regularSum[g] - regularExcess[parent + regularPattern];
            int reflectedPattern = patternOf[reflected];
            int reflectedRest = reflects ? reflectedSum[g] - reflectedExcess[parent + reflectedPattern] : 0;
            int h = Math.max(floor, childMd + 2 * Math.max(regularRest, reflectedRest));
            if (h > limit) {
                return h;
            }
            childRegularExcess = rankedExcess(regularPattern, regularCellOf);
            childRegularSum = regularRest + childRegularExcess;
            h = Math.max(h, childMd + 2 * childRegularSum);
            if (h > limit) {
                return h;
            }
            if (reflects) {
                childReflectedExcess = rankedExcess(reflectedPattern, reflectedCellOf);
                childReflectedSum = reflectedRest + childReflectedExcess;
                h = Math.max(h, childMd + 2 * childReflectedSum);
                if (h > limit) {
                    return h;
                }
            }
            return duals ? withDuals(g, to, from, childMd, h, limit) : h;
        }

        /** {@link #childEstimate} continued with the dual and dual-reflected lookups. */
        private int withDuals(int g, int to, int from, int childMd, int h, int limit) {
            int a = goalTile[to];
            int b = goalTile[from];
            h = Math.max(h, childMd + 2 * dualSum(dualCellOf, excess[DUAL], sum[DUAL], g, a, b, dualPatterns[from]));
            if (h > limit || !reflects) {
                return h;
            }
            int ra = goalTile[reflectedCell[to]];
            int rb = goalTile[reflectedCell[from]];
            return Math.max(h, childMd + 2 * dualSum(dualReflectedCellOf, excess[DUAL_REFLECTED], sum[DUAL_REFLECTED],
                    g, ra, rb, dualPatterns[reflectedCell[from]]));
        }

        /**
         * A dual view's excess sum at depth g + 1 after the move that swaps the cells of pieces
         * {@code a} and {@code b} (not yet swapped in {@code cellOfPiece}): their patterns'
         * excesses become unknown, the others' are carried over from depth g, and only the
         * patterns in {@code allowed} are looked up (where unknown, the pieces swapped for the
         * lookup and back) and summed. Records the excesses and the sum at depth g + 1.
         */
        private int dualSum(int[] cellOfPiece, int[] e, int[] sums, int g, int a, int b, int allowed) {
            int changed = patternOf[a];
            int alsoChanged = patternOf[b];
            int parent = g * patterns;
            int child = parent + patterns;
            int total = 0;
            boolean swapped = false;
            for (int p = 0; p < patterns; p++) {
                int value = p == changed || p == alsoChanged ? UNKNOWN : e[parent + p];
                if ((allowed >>> p & 1) != 0) {
                    if (value == UNKNOWN) {
                        if (!swapped) {
                            swap(cellOfPiece, a, b);
                            swapped = true;
                        }
                        value = rankedExcess(p, cellOfPiece);
                    }
                    total += value;
                }
                e[child + p] = value;
            }
            if (swapped) {
                swap(cellOfPiece, a, b);
            }
            sums[g + 1] = total;
            return total;
        }
    }
}
