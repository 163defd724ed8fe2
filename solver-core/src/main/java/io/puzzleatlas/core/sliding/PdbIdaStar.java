package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;

/**
 * IDA* (Korf 1985) with a disjoint additive pattern-database heuristic and its reflection about
 * the main diagonal (Korf &amp; Felner 2002), for one goal class of a sliding puzzle of any size
 * up to the 5x5. The board is a tile array ({@link SlidingTiles}) changed in place and restored
 * on backtracking; a move changes one tile's cell, so only that tile's pattern is re-ranked, on
 * the board and on the reflected board; per-pattern excesses are kept in arrays and restored on
 * backtracking, so nothing is allocated per node. The goal is reached exactly when the Manhattan
 * distance is zero. Pathmax ({@code h(child) >= h(parent) - 1}, Mero 1984) makes up
 * for the heuristic's inconsistency and keeps it admissible.
 *
 * <p>Tie-break: children are tried in move-letter order, no move undoes the previous one, and the
 * heuristic is admissible, so every optimal path survives pruning in the last iteration and the
 * first one found is the lexicographically smallest. {@code nodes} counts generated states.
 */
public final class PdbIdaStar {

    private final AdditivePatternHeuristic heuristic;
    private final SlidingPuzzle puzzle;
    private final int cells;
    private final int[] neighbour;
    private final int patterns;
    private final int[][] patternTiles;
    private final PatternDatabase[] databases;
    private final boolean reflects;

    public PdbIdaStar(AdditivePatternHeuristic heuristic) {
        this.heuristic = heuristic;
        this.puzzle = heuristic.puzzle();
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

    /** A packed {@code start} (reachable, in this goal class's labels) as a search to split. */
    public SplitSearch splitPacked(long start) {
        return split(SlidingTiles.of(start, cells));
    }

    /** {@code tiles} (reachable, in this goal class's labels) as a search to split ({@link io.puzzleatlas.core.search.SplitIda}). */
    public SplitSearch split(byte[] tiles) {
        byte[] start = tiles.clone();
        return IdaStarSearch.splitting(new Search(Budget.UNLIMITED).init(start).startH, b -> new Search(b).init(start));
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

    /** Per-call scratch: cells of tiles, per-pattern excesses, the path and counters. */
    private final class Search extends IdaStarSearch {
        private final int[] cellOf = new int[1 << AdditivePatternHeuristic.SHIFT];
        private final int[] reflectedCellOf = new int[1 << AdditivePatternHeuristic.SHIFT];
        /** board[cell]: the tile on the cell, moved in place by the search. */
        private final byte[] board = new byte[cells];
        private final int[] excess = new int[patterns];
        private final int[] reflectedExcess = new int[patterns];
        Search(Budget budget) {
            super(budget);
        }

        private int startBlank;
        private int startMd;
        private int startSum;
        private int startReflectedSum;
        private int startH;

        SolveResult run(byte[] start) {
            init(start);
            return run(startH);
        }

        Search init(byte[] start) {
            int md = 0;
            System.arraycopy(start, 0, board, 0, cells);
            for (int c = 0; c < cells; c++) {
                int t = start[c];
                if (t == 0) {
                    startBlank = c;
                } else {
                    md += heuristic.manhattan(t, c);
                    cellOf[t] = c;
                    reflectedCellOf[heuristic.reflectedTile(t)] = heuristic.reflectedCell(c);
                }
            }
            int sum = 0;
            int reflectedSum = 0;
            for (int p = 0; p < patterns; p++) {
                excess[p] = rankedExcess(p, cellOf);
                sum += excess[p];
                reflectedExcess[p] = reflects ? rankedExcess(p, reflectedCellOf) : 0;
                reflectedSum += reflectedExcess[p];
            }
            this.startMd = md;
            this.startSum = sum;
            this.startReflectedSum = reflectedSum;
            this.startH = md + 2 * Math.max(sum, reflectedSum);
            blanks[0] = startBlank;
            mds[0] = md;
            sums[0] = sum;
            reflectedSums[0] = reflectedSum;
            hs[0] = startH;
            return this;
        }

        // The split search's steps: the state of each depth of the path walked, and what each
        // move changed in the shared arrays, to undo it.
        private final int[] blanks = new int[MAX_DEPTH + 1];
        private final int[] mds = new int[MAX_DEPTH + 1];
        private final int[] sums = new int[MAX_DEPTH + 1];
        private final int[] reflectedSums = new int[MAX_DEPTH + 1];
        private final int[] hs = new int[MAX_DEPTH + 1];
        private final int[][] undo = new int[MAX_DEPTH + 1][7];
        private int depth;

        @Override
        boolean atGoal() {
            return mds[depth] == 0;
        }

        @Override
        boolean canMove(int m) {
            return neighbour[blanks[depth] * 4 + m] >= 0;
        }

        @Override
        int push(int g, int m) {
            int blank = blanks[g];
            int target = neighbour[blank * 4 + m];
            int tile = board[target];
            int childMd = mds[g] - heuristic.manhattan(tile, target) + heuristic.manhattan(tile, blank);
            int p = heuristic.patternOf(tile);
            cellOf[tile] = blank;
            int oldExcess = excess[p];
            int newExcess = rankedExcess(p, cellOf);
            int childSum = sums[g] - oldExcess + newExcess;
            int childReflectedSum = 0;
            int rt = 0;
            int rp = 0;
            int oldReflected = 0;
            int newReflected = 0;
            if (reflects) {
                rt = heuristic.reflectedTile(tile);
                rp = heuristic.patternOf(rt);
                reflectedCellOf[rt] = heuristic.reflectedCell(blank);
                oldReflected = reflectedExcess[rp];
                newReflected = rankedExcess(rp, reflectedCellOf);
                childReflectedSum = reflectedSums[g] - oldReflected + newReflected;
            }
            int childH = Math.max(childMd + 2 * Math.max(childSum, childReflectedSum), hs[g] - 1);
            excess[p] = newExcess;
            reflectedExcess[rp] = newReflected;
            board[blank] = (byte) tile;
            board[target] = 0;
            int[] u = undo[g];
            u[0] = tile;
            u[1] = target;
            u[2] = p;
            u[3] = oldExcess;
            u[4] = rt;
            u[5] = rp;
            u[6] = oldReflected;
            blanks[g + 1] = target;
            mds[g + 1] = childMd;
            sums[g + 1] = childSum;
            reflectedSums[g + 1] = childReflectedSum;
            hs[g + 1] = childH;
            depth = g + 1;
            return g + 1 + childH;
        }

        @Override
        void pop(int g) {
            int[] u = undo[g];
            int tile = u[0];
            int target = u[1];
            board[target] = (byte) tile;
            board[blanks[g]] = 0;
            excess[u[2]] = u[3];
            reflectedExcess[u[5]] = u[6];
            cellOf[tile] = target;
            if (reflects) {
                reflectedCellOf[u[4]] = heuristic.reflectedCell(target);
            }
            depth = g;
        }

        @Override
        int descend(int g, int bound, int previous) {
            return dfs(blanks[g], g, mds[g], sums[g], reflectedSums[g], hs[g], bound, previous);
        }

        @Override
        int iterate(int bound) {
            return dfs(startBlank, 0, startMd, startSum, startReflectedSum, startH, bound, -1);
        }

        private int rankedExcess(int p, int[] cells) {
            int[] ts = patternTiles[p];
            int r = 0;
            int used = 0;
            for (int j = 0; j < ts.length; j++) {
                int c = cells[ts[j]];
                r = r * (PdbIdaStar.this.cells - j) + c - Integer.bitCount(used & ((1 << c) - 1));
                used |= 1 << c;
            }
            return databases[p].excess(r);
        }

        /** Returns FOUND, or the smallest f above the bound among pruned descendants. */
        private int dfs(int blank, int g, int md, int sum, int reflectedSum, int h, int bound, int previous) {
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
                int childMd = md - heuristic.manhattan(tile, target) + heuristic.manhattan(tile, blank);
                int p = heuristic.patternOf(tile);
                cellOf[tile] = blank;
                int oldExcess = excess[p];
                int newExcess = rankedExcess(p, cellOf);
                int childSum = sum - oldExcess + newExcess;
                int childReflectedSum = 0;
                int rt = 0;
                int rp = 0;
                int oldReflected = 0;
                int newReflected = 0;
                if (reflects) {
                    rt = heuristic.reflectedTile(tile);
                    rp = heuristic.patternOf(rt);
                    reflectedCellOf[rt] = heuristic.reflectedCell(blank);
                    oldReflected = reflectedExcess[rp];
                    newReflected = rankedExcess(rp, reflectedCellOf);
                    childReflectedSum = reflectedSum - oldReflected + newReflected;
                }
                int childH = Math.max(childMd + 2 * Math.max(childSum, childReflectedSum), h - 1);
                int f = g + 1 + childH;
                int r;
                if (f > bound) {
                    r = f;
                } else {
                    path[g] = (byte) m;
                    excess[p] = newExcess;
                    reflectedExcess[rp] = newReflected;
                    board[blank] = (byte) tile;
                    board[target] = 0;
                    r = dfs(target, g + 1, childMd, childSum, childReflectedSum, childH, bound, m);
                    board[target] = (byte) tile;
                    board[blank] = 0;
                    excess[p] = oldExcess;
                    reflectedExcess[rp] = oldReflected;
                }
                cellOf[tile] = target;
                if (reflects) {
                    reflectedCellOf[rt] = heuristic.reflectedCell(target);
                }
                if (r == FOUND) {
                    return FOUND;
                }
                if (exhausted()) {
                    return Integer.MAX_VALUE;
                }
                if (r < min) {
                    min = r;
                }
            }
            return min;
        }
    }
}
