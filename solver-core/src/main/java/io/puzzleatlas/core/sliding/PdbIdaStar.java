package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.IdaStar;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;

/**
 * IDA* (Korf 1985) with a disjoint additive pattern-database heuristic and its reflection about the main diagonal (Korf
 * &amp; Felner 2002), for one goal class of a sliding puzzle of any size up to the 5x5. The board is a tile array
 * ({@link SlidingTiles}) changed in place and restored on backtracking, beside its reflection; a move changes one
 * tile's cell, so only that tile's pattern changes its rank, on the board and on the reflected board, and by an amount
 * read from the few cells the tile passes ({@link #rankDelta}); per-pattern ranks and excesses are kept in arrays and
 * restored on backtracking, so nothing is allocated per node. The goal is reached exactly when the Manhattan distance
 * is zero. Pathmax ({@code h(child) >= h(parent) - 1}, Mero 1984) makes up for the heuristic's inconsistency and keeps
 * it admissible. With the heuristic's dual lookups on ({@link DualLookup}), a child not pruned by its regular and
 * reflected lookups is scored by them too; per depth each pattern's dual rank is kept, and a move re-ranks only the
 * patterns of the two pieces whose dual cells it changes.
 *
 * <p>Tie-break: children are tried in move-letter order, paths with a duplicate that is shorter or earlier in letter
 * order are left out ({@link DuplicatePaths}: no move undoes the previous one, no half of a turn round a 2x2 block is
 * taken the later way, ...), and the heuristic is admissible, so the lexicographically smallest optimal path survives
 * pruning in the last iteration and is the first one found. {@code nodes} counts generated states.
 */
public final class PdbIdaStar {

    private final AdditivePatternHeuristic heuristic;
    private final SlidingPuzzle puzzle;
    private final int cells;
    private final int[] neighbour;
    private final int patterns;
    private final PatternDatabase[] databases;
    private final boolean reflects;
    private final boolean duals;
    private final DuplicatePaths duplicates;
    /** By tile: its digit in its pattern's rank, and that digit's place value. */
    private final int[] indexOf = new int[1 << AdditivePatternHeuristic.SHIFT];

    private final int[] weightOf = new int[1 << AdditivePatternHeuristic.SHIFT];

    public PdbIdaStar(AdditivePatternHeuristic heuristic) {
        this(heuristic, DuplicatePaths.standard());
    }

    /**
     * A kernel that leaves out the duplicate paths {@code duplicates} refuses ({@code DuplicatePaths.upTo(2)}: the
     * reversals alone).
     */
    public PdbIdaStar(AdditivePatternHeuristic heuristic, DuplicatePaths duplicates) {
        this.heuristic = heuristic;
        this.duplicates = duplicates;
        this.puzzle = heuristic.puzzle();
        this.cells = puzzle.cellCount();
        this.neighbour = new int[cells * 4];
        for (int c = 0; c < cells; c++) {
            for (int m = 0; m < 4; m++) {
                neighbour[c * 4 + m] = puzzle.neighbour(c, m);
            }
        }
        this.patterns = heuristic.patternCount();
        this.databases = new PatternDatabase[patterns];
        this.reflects = heuristic.reflects();
        this.duals = heuristic.duals();
        for (int p = 0; p < patterns; p++) {
            databases[p] = heuristic.database(p);
            int[] ts = heuristic.partition().patterns()[p];
            int w = 1;
            for (int j = ts.length - 1; j >= 0; j--) {
                indexOf[ts[j]] = j;
                weightOf[ts[j]] = w;
                w *= cells - j;
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

    /** A packed {@code start} (reachable, in this goal class's labels) as a search to split. */
    public SplitSearch splitPacked(long start) {
        return split(SlidingTiles.of(start, cells));
    }

    /**
     * {@code tiles} (reachable, in this goal class's labels) as a search to split
     * ({@link io.puzzleatlas.core.search.SplitIda}).
     */
    public SplitSearch split(byte[] tiles) {
        byte[] start = tiles.clone();
        return IdaStar.splitting(
                new Search(Budget.UNLIMITED).init(start).startH, b -> new Search(b).init(start), SolveResult::solved);
    }

    /**
     * {@link #solve(byte[], Budget)}, also writing into {@code expanded[0]} the number of states expanded (whose
     * children were generated), the count Korf &amp; Felner (2002) publish; the result's {@code nodes} counts generated
     * states.
     */
    public SolveResult solve(byte[] tiles, Budget budget, long[] expanded) {
        Search search = new Search(budget);
        SolveResult result = search.run(tiles);
        expanded[0] = search.expanded;
        return result;
    }

    /**
     * The change of pattern {@code p}'s placement rank when its {@code tile}, the rank's digit {@code indexOf[tile]},
     * moves from cell {@code a} to the blank's cell {@code b} on {@code board}. A digit is its tile's cell less the
     * cells of earlier tiles below it, so only the cells strictly between {@code a} and {@code b} matter (none for a
     * move along a row, {@code cols - 1} for one along a column): an earlier tile there takes one from the moving
     * tile's digit, a later tile there gains one on its own. No pass over the pattern's tiles.
     */
    private int rankDelta(byte[] board, int p, int tile, int a, int b) {
        int j = indexOf[tile];
        int w = weightOf[tile];
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        int delta = w * (hi - lo);
        for (int c = lo + 1; c < hi; c++) {
            int u = board[c];
            if (u != 0 && heuristic.patternOf(u) == p) {
                delta += indexOf[u] < j ? -w : weightOf[u];
            }
        }
        return b > a ? delta : -delta;
    }

    /**
     * A child's h: Manhattan distance plus twice the larger of its pattern sums (regular, reflected), and at least its
     * parent's h less one (pathmax).
     */
    private static int childH(int childMd, int sum, int mirrorSum, int parentH) {
        return Math.max(childMd + 2 * Math.max(sum, mirrorSum), parentH - 1);
    }

    /**
     * Per-call scratch: the board and its reflection, changed in place; per-pattern ranks and excesses, the path and
     * counters.
     */
    private final class Search extends IdaStar {
        /** board[cell]: the tile on the cell. */
        private final byte[] board = new byte[cells];
        /** mirror[cell]: the tile on the cell of the board reflected about the main diagonal. */
        private final byte[] mirror = new byte[cells];

        private final int[] rank = new int[patterns];
        private final int[] mirrorRank = new int[patterns];
        private final int[] excess = new int[patterns];
        private final int[] mirrorExcess = new int[patterns];
        /** States whose children were generated (Korf &amp; Felner's "nodes expanded"). */
        private long expanded;

        Search(Budget budget) {
            super(budget, PdbIdaStar.this.duplicates, SlidingPuzzle.LETTER_NAMES, "");
        }

        private int startBlank;
        private int startMd;
        private int startSum;
        private int startMirrorSum;
        private int startH;

        SolveResult run(byte[] start) {
            init(start);
            return run(startH, null);
        }

        Search init(byte[] start) {
            int[] cellOf = new int[1 << AdditivePatternHeuristic.SHIFT];
            int[] mirrorCellOf = new int[1 << AdditivePatternHeuristic.SHIFT];
            int md = 0;
            System.arraycopy(start, 0, board, 0, cells);
            for (int c = 0; c < cells; c++) {
                int t = start[c];
                int rt = heuristic.reflectedTile(t);
                mirror[heuristic.reflectedCell(c)] = (byte) rt;
                if (t == 0) {
                    startBlank = c;
                } else {
                    md += heuristic.manhattan(t, c);
                    cellOf[t] = c;
                    mirrorCellOf[rt] = heuristic.reflectedCell(c);
                }
            }
            int sum = 0;
            int mirrorSum = 0;
            for (int p = 0; p < patterns; p++) {
                rank[p] = heuristic.rank(p, cellOf);
                excess[p] = databases[p].excess(rank[p]);
                sum += excess[p];
                if (reflects) {
                    mirrorRank[p] = heuristic.rank(p, mirrorCellOf);
                    mirrorExcess[p] = databases[p].excess(mirrorRank[p]);
                    mirrorSum += mirrorExcess[p];
                }
            }
            this.startMd = md;
            this.startSum = sum;
            this.startMirrorSum = mirrorSum;
            this.startH = md + 2 * Math.max(sum, mirrorSum);
            if (duals) {
                startH = Math.max(startH, md + 2 * dualMax(-1, -1, startBlank));
            }
            blanks[0] = startBlank;
            mds[0] = md;
            sums[0] = sum;
            mirrorSums[0] = mirrorSum;
            hs[0] = startH;
            return this;
        }

        // The split search's steps: the state of each depth of the path walked, and what each
        // move changed in the shared arrays, to undo it.
        private final int[] blanks = new int[MAX_DEPTH + 1];
        private final int[] mds = new int[MAX_DEPTH + 1];
        private final int[] sums = new int[MAX_DEPTH + 1];
        private final int[] mirrorSums = new int[MAX_DEPTH + 1];
        private final int[] hs = new int[MAX_DEPTH + 1];
        /** undo[g]: tile, its pattern, old rank and excess; mirror tile, its pattern, old rank and excess. */
        private final int[][] undo = new int[MAX_DEPTH + 1][8];

        private int depth;

        @Override
        protected boolean atGoal() {
            return mds[depth] == 0;
        }

        @Override
        protected boolean canMove(int g, int m) {
            return neighbour[blanks[g] * 4 + m] >= 0;
        }

        @Override
        protected int push(int g, int m) {
            int blank = blanks[g];
            int target = neighbour[blank * 4 + m];
            int tile = board[target];
            int childMd = mds[g] - heuristic.manhattan(tile, target) + heuristic.manhattan(tile, blank);
            int p = heuristic.patternOf(tile);
            int[] u = undo[g];
            u[0] = tile;
            u[1] = p;
            u[2] = rank[p];
            u[3] = excess[p];
            rank[p] += rankDelta(board, p, tile, target, blank);
            excess[p] = databases[p].excess(rank[p]);
            int childSum = sums[g] - u[3] + excess[p];
            int childMirrorSum = 0;
            if (reflects) {
                int rt = heuristic.reflectedTile(tile);
                int rp = heuristic.patternOf(rt);
                u[4] = rt;
                u[5] = rp;
                u[6] = mirrorRank[rp];
                u[7] = mirrorExcess[rp];
                mirrorRank[rp] +=
                        rankDelta(mirror, rp, rt, heuristic.reflectedCell(target), heuristic.reflectedCell(blank));
                mirrorExcess[rp] = databases[rp].excess(mirrorRank[rp]);
                childMirrorSum = mirrorSums[g] - u[7] + mirrorExcess[rp];
                mirror[heuristic.reflectedCell(blank)] = (byte) rt;
                mirror[heuristic.reflectedCell(target)] = 0;
            }
            int childH = childH(childMd, childSum, childMirrorSum, hs[g]);
            board[blank] = (byte) tile;
            board[target] = 0;
            if (duals) {
                childH = Math.max(childH, childMd + 2 * dualMax(g, blank, target));
            }
            blanks[g + 1] = target;
            mds[g + 1] = childMd;
            sums[g + 1] = childSum;
            mirrorSums[g + 1] = childMirrorSum;
            hs[g + 1] = childH;
            depth = g + 1;
            return g + 1 + childH;
        }

        @Override
        protected void pop(int g) {
            int[] u = undo[g];
            int blank = blanks[g];
            int target = blanks[g + 1];
            board[target] = (byte) u[0];
            board[blank] = 0;
            rank[u[1]] = u[2];
            excess[u[1]] = u[3];
            if (reflects) {
                mirror[heuristic.reflectedCell(target)] = (byte) u[4];
                mirror[heuristic.reflectedCell(blank)] = 0;
                mirrorRank[u[5]] = u[6];
                mirrorExcess[u[5]] = u[7];
            }
            depth = g;
        }

        /** The dual terms' per-depth state; null without duals. */
        private final DualScores dualScores = duals ? new DualScores(heuristic, MAX_DEPTH) : null;

        /**
         * The larger dual sum of the board and of its reflection at depth {@code g + 1}, both already moved, the blank
         * from {@code oldBlank} to {@code newBlank} ({@code g = -1}: the start, with no old blank); what the search's
         * scoring gives when nothing prunes early.
         */
        private int dualMax(int g, int oldBlank, int newBlank) {
            int d = dualScores.score(g, 0, board, oldBlank, newBlank);
            if (reflects) {
                d = Math.max(
                        d,
                        dualScores.score(
                                g,
                                1,
                                mirror,
                                oldBlank < 0 ? -1 : heuristic.reflectedCell(oldBlank),
                                heuristic.reflectedCell(newBlank)));
            }
            return d;
        }

        @Override
        protected int descend(int g, int bound, int state) {
            prunedMin = Integer.MAX_VALUE;
            return dfs(blanks[g], g, mds[g], sums[g], mirrorSums[g], hs[g], bound, state);
        }

        @Override
        protected int iterate(int bound) {
            prunedMin = Integer.MAX_VALUE;
            return dfs(startBlank, 0, startMd, startSum, startMirrorSum, startH, bound, DuplicatePaths.START);
        }

        /**
         * The smallest exact f above the bound among the children pruned so far in this depth-first search (one
         * iteration, or one subtree of a split one). A child is scored in up to three steps, each a lower bound on its
         * f: without table lookups (the entries it changes taken as 0), with its regular lookup, with both. Once one
         * exceeds the bound and is at least this minimum, the child is pruned there: its exact f is no smaller, so
         * neither the pruning nor the next bound (the smallest exact f above the bound, already seen by this search)
         * changes, and the nodes and answers are those of the full scoring.
         */
        private int prunedMin;

        /**
         * Whether a child whose f is at least {@code f} is pruned before the rest of its scoring (see
         * {@link #prunedMin}).
         */
        private boolean prunedEarly(int f, int bound) {
            return f > bound && f >= prunedMin;
        }

        /**
         * Moves {@code tile} from {@code from} to the blank's cell {@code to}, on the board and its reflection
         * ({@code rt}).
         */
        private void move(int to, int from, int tile, int rt) {
            board[to] = (byte) tile;
            board[from] = 0;
            if (reflects) {
                mirror[heuristic.reflectedCell(to)] = (byte) rt;
                mirror[heuristic.reflectedCell(from)] = 0;
            }
        }

        /** Returns FOUND, or the smallest f above the bound among pruned descendants. */
        private int dfs(int blank, int g, int md, int sum, int mirrorSum, int h, int bound, int state) {
            if (md == 0) {
                return found(g);
            }
            expanded++;
            int min = Integer.MAX_VALUE;
            for (int m = 0; m < 4; m++) {
                int target = neighbour[blank * 4 + m];
                int next = duplicates.next(state, m);
                if (target < 0 || next == DuplicatePaths.REFUSED) {
                    continue;
                }
                if (!generated()) {
                    return Integer.MAX_VALUE;
                }
                int tile = board[target];
                int childMd = md - heuristic.manhattan(tile, target) + heuristic.manhattan(tile, blank);
                int p = heuristic.patternOf(tile);
                int oldExcess = excess[p];
                int rt = 0;
                int rp = 0;
                int oldMirror = 0;
                // A cheap bound before the lookups: every entry is at least 0, so the child's sums
                // are at least the parent's without the moved tile's pattern.
                int otherMirrorSum = 0;
                if (reflects) {
                    rt = heuristic.reflectedTile(tile);
                    rp = heuristic.patternOf(rt);
                    oldMirror = mirrorExcess[rp];
                    otherMirrorSum = mirrorSum - oldMirror;
                }
                int floorF = g + 1 + childH(childMd, sum - oldExcess, otherMirrorSum, h);
                if (prunedEarly(floorF, bound)) {
                    continue;
                }
                int oldRank = rank[p];
                int newRank = oldRank + rankDelta(board, p, tile, target, blank);
                int newExcess = databases[p].excess(newRank);
                int childSum = sum - oldExcess + newExcess;
                int regularF = g + 1 + childH(childMd, childSum, otherMirrorSum, h);
                if (prunedEarly(regularF, bound)) {
                    continue;
                }
                int childMirrorSum = 0;
                int oldMirrorRank = 0;
                int newMirrorRank = 0;
                int newMirror = 0;
                if (reflects) {
                    oldMirrorRank = mirrorRank[rp];
                    newMirrorRank = oldMirrorRank
                            + rankDelta(
                                    mirror, rp, rt, heuristic.reflectedCell(target), heuristic.reflectedCell(blank));
                    newMirror = databases[rp].excess(newMirrorRank);
                    childMirrorSum = otherMirrorSum + newMirror;
                }
                int childH = childH(childMd, childSum, childMirrorSum, h);
                int f = g + 1 + childH;
                boolean moved = false;
                if (duals && !prunedEarly(f, bound)) {
                    // the dual lookups last, on the moved board: its own, then its reflection's,
                    // each stopping early
                    move(blank, target, tile, rt);
                    moved = true;
                    int d = childMd + 2 * dualScores.score(g, 0, board, blank, target);
                    if (d > childH) {
                        childH = d;
                        f = g + 1 + childH;
                    }
                    if (reflects && !prunedEarly(f, bound)) {
                        d = childMd
                                + 2
                                        * dualScores.score(
                                                g,
                                                1,
                                                mirror,
                                                heuristic.reflectedCell(blank),
                                                heuristic.reflectedCell(target));
                        if (d > childH) {
                            childH = d;
                            f = g + 1 + childH;
                        }
                    }
                }
                int r;
                if (f > bound) {
                    r = f;
                    if (f < prunedMin) {
                        prunedMin = f;
                    }
                } else {
                    path[g] = m;
                    rank[p] = newRank;
                    excess[p] = newExcess;
                    if (reflects) {
                        mirrorRank[rp] = newMirrorRank;
                        mirrorExcess[rp] = newMirror;
                    }
                    if (!moved) {
                        move(blank, target, tile, rt);
                        moved = true;
                    }
                    r = dfs(target, g + 1, childMd, childSum, childMirrorSum, childH, bound, next);
                    rank[p] = oldRank;
                    excess[p] = oldExcess;
                    if (reflects) {
                        mirrorRank[rp] = oldMirrorRank;
                        mirrorExcess[rp] = oldMirror;
                    }
                }
                if (moved) {
                    move(target, blank, tile, rt);
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
