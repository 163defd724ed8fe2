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
 * first the Manhattan distance and the parent's value less one (pathmax, Mero 1984), which cost
 * no table access; then the regular sum (one pattern re-ranked), the reflected sum (one pattern),
 * the dual and the dual-reflected sums (the two patterns of the pieces whose dual cells the move
 * changes, and only the patterns a dual may count with the blank on its new cell). A child pruned
 * early gets a smaller f than the full heuristic would give; that only lowers the next bound,
 * never skips the optimal one, and the states expanded in an iteration are the same.
 * Bidirectional pathmax (BPMX, Felner et al. 2005; Zahavi et al. 2007) raises a state's value to
 * a child's value less one and cuts the state off once that passes the bound.
 *
 * <p>The board is a tile array ({@link SlidingTiles}) changed in place; every view keeps each
 * tile's cell in an array changed and restored around a move, and the per-pattern excesses per
 * depth, so nothing is allocated per node. The goal is reached exactly when the Manhattan
 * distance is zero.
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
    private final int goalBlank;
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

    /** Regular, reflected, dual and dual-reflected lookups, with BPMX. */
    public PdbIdaStar(AdditivePatternHeuristic heuristic) {
        this(heuristic, true, true);
    }

    /**
     * @param duals whether to add the dual and dual-reflected lookups
     * @param bpmx  whether to propagate children's values to the parent (BPMX)
     */
    public PdbIdaStar(AdditivePatternHeuristic heuristic, boolean duals, boolean bpmx) {
        this.heuristic = heuristic;
        SlidingPuzzle puzzle = heuristic.puzzle();
        this.cells = puzzle.cellCount();
        this.goalBlank = heuristic.goalBlank();
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
        /** excess[view][depth * patterns + p]: pattern p's excess at that depth, or UNKNOWN. */
        private final int[][] excess = new int[VIEWS][(MAX_DEPTH + 2) * patterns];
        /** sum[view][depth]: the excess sum the view counts at that depth (0 where not looked up). */
        private final int[][] sum = new int[VIEWS][MAX_DEPTH + 2];
        private final int views;
        private int startBlank;
        private int startMd;
        private int startH;

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
                cellOf[REGULAR][t] = c;
                cellOf[REFLECTED][reflectedTile[t]] = reflectedCell[c];
                cellOf[DUAL][goalTile[c]] = goalCell[t];
                cellOf[DUAL_REFLECTED][goalTile[reflectedCell[c]]] = reflectedCell[goalCell[t]];
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
                move(tile, blank, target);
                int childH = childEstimate(g, tile, blank, target, childMd, h - 1, bound - g - 1);
                int r;
                if (g + 1 + childH > bound) {
                    r = g + 1 + childH;
                } else {
                    path[g] = (byte) m;
                    board[blank] = (byte) tile;
                    board[target] = 0;
                    r = dfs(target, g + 1, childMd, childH, bound, m);
                    board[target] = (byte) tile;
                    board[blank] = 0;
                }
                move(tile, target, blank);
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
         * Moves {@code tile} from {@code from} onto the blank's cell {@code to} in every view's
         * cells (the board array itself is changed only on descent). In the dual the pieces whose
         * goal cells are {@code from} and {@code to} swap cells, and the same in the reflection.
         */
        private void move(int tile, int to, int from) {
            cellOf[REGULAR][tile] = to;
            cellOf[REFLECTED][reflectedTile[tile]] = reflectedCell[to];
            swap(cellOf[DUAL], goalTile[to], goalTile[from]);
            swap(cellOf[DUAL_REFLECTED], goalTile[reflectedCell[to]], goalTile[reflectedCell[from]]);
        }

        private void swap(int[] a, int i, int j) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }

        /**
         * The child's value after {@code tile} moved from {@code from} to {@code to}, computed
         * lazily: stops, with a lower bound above {@code limit}, as soon as the child is shown
         * pruned; otherwise the full value, with every view's excesses at depth g + 1. First a
         * bound with no table access: each view's parent sum less the excesses of the patterns
         * the move changes (an excess is never negative); then the lookups one view at a time.
         */
        private int childEstimate(int g, int tile, int to, int from, int childMd, int floor, int limit) {
            int regularPattern = patternOf[tile];
            int reflectedPattern = patternOf[reflectedTile[tile]];
            int dualA = patternOf[goalTile[to]];
            int dualB = patternOf[goalTile[from]];
            int reflectedDualA = patternOf[goalTile[reflectedCell[to]]];
            int reflectedDualB = patternOf[goalTile[reflectedCell[from]]];
            int dualAllowed = dualPatterns[from];
            int reflectedDualAllowed = dualPatterns[reflectedCell[from]];
            int known = sum[REGULAR][g] - excess[REGULAR][g * patterns + regularPattern];
            if (reflects) {
                known = Math.max(known, sum[REFLECTED][g] - excess[REFLECTED][g * patterns + reflectedPattern]);
            }
            if (duals) {
                known = Math.max(known, carried(DUAL, g, dualA, dualB, dualAllowed));
                if (reflects) {
                    known = Math.max(known, carried(DUAL_REFLECTED, g, reflectedDualA, reflectedDualB, reflectedDualAllowed));
                }
            }
            int h = Math.max(floor, childMd + 2 * known);
            if (h > limit) {
                return h;
            }
            h = Math.max(h, childMd + 2 * lookUp(REGULAR, g, regularPattern, -1, -1));
            if (h > limit) {
                return h;
            }
            if (reflects) {
                h = Math.max(h, childMd + 2 * lookUp(REFLECTED, g, reflectedPattern, -1, -1));
                if (h > limit) {
                    return h;
                }
            }
            if (!duals) {
                return h;
            }
            h = Math.max(h, childMd + 2 * lookUp(DUAL, g, dualA, dualB, dualAllowed));
            if (h > limit || !reflects) {
                return h;
            }
            return Math.max(h, childMd + 2 * lookUp(DUAL_REFLECTED, g, reflectedDualA, reflectedDualB, reflectedDualAllowed));
        }

        /**
         * The part of view {@code v}'s sum at depth g + 1 known without a lookup: the parent's
         * excesses of the {@code allowed} patterns other than {@code changed} and
         * {@code alsoChanged} (-1: none), where known.
         */
        private int carried(int v, int g, int changed, int alsoChanged, int allowed) {
            int[] e = excess[v];
            int parent = g * patterns;
            int total = 0;
            for (int p = 0; p < patterns; p++) {
                if ((allowed >>> p & 1) != 0 && p != changed && p != alsoChanged && e[parent + p] != UNKNOWN) {
                    total += e[parent + p];
                }
            }
            return total;
        }

        /**
         * View {@code v}'s excess sum at depth g + 1, where patterns {@code changed} and
         * {@code alsoChanged} (-1: none) moved since depth g: the others' excesses are carried
         * over, and only the patterns in {@code allowed} are looked up (where not yet known) and
         * summed. Records the excesses and the sum at depth g + 1.
         */
        private int lookUp(int v, int g, int changed, int alsoChanged, int allowed) {
            int[] e = excess[v];
            int parent = g * patterns;
            int child = parent + patterns;
            int total = 0;
            for (int p = 0; p < patterns; p++) {
                int value = p == changed || p == alsoChanged ? UNKNOWN : e[parent + p];
                if ((allowed >>> p & 1) != 0) {
                    if (value == UNKNOWN) {
                        value = rankedExcess(p, cellOf[v]);
                    }
                    total += value;
                }
                e[child + p] = value;
            }
            sum[v][g + 1] = total;
            return total;
        }
    }
}
