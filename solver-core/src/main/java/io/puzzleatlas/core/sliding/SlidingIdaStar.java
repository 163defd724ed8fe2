package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.IdaStar;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitSearch;

/**
 * Iterative-deepening A* (Korf 1985) for a sliding puzzle goal class, with the Manhattan distance, optionally plus
 * linear conflicts, updated incrementally per move. The board is a packed long (and its transpose, for column
 * conflicts); nothing is allocated per node.
 *
 * <p>Tie-break: children are tried in move-letter order, paths with a duplicate that is shorter or earlier in letter
 * order are left out ({@link DuplicatePaths}), and the heuristic is admissible, so the lexicographically smallest
 * optimal path survives pruning in the last iteration and is the first one found. {@code nodes} counts generated
 * states.
 */
public final class SlidingIdaStar {

    private final SlidingPuzzle puzzle;
    private final ManhattanLinearConflict heuristic;
    private final boolean linearConflict;
    private final long goal;
    private final int cols;
    private final int[] neighbour;
    private final DuplicatePaths duplicates;

    public SlidingIdaStar(SlidingPuzzle puzzle, int goalBlankCell, boolean linearConflict) {
        this(puzzle, goalBlankCell, linearConflict, DuplicatePaths.standard());
    }

    /**
     * A search that leaves out the duplicate paths {@code duplicates} refuses ({@code DuplicatePaths.upTo(2)}: the
     * reversals alone).
     */
    public SlidingIdaStar(SlidingPuzzle puzzle, int goalBlankCell, boolean linearConflict, DuplicatePaths duplicates) {
        this.duplicates = duplicates;
        this.puzzle = puzzle;
        this.heuristic = new ManhattanLinearConflict(puzzle, goalBlankCell);
        this.linearConflict = linearConflict;
        this.goal = puzzle.canonicalGoal(goalBlankCell);
        this.cols = puzzle.cols();
        this.neighbour = new int[puzzle.cellCount() * 4];
        for (int c = 0; c < puzzle.cellCount(); c++) {
            for (int m = 0; m < 4; m++) {
                neighbour[c * 4 + m] = puzzle.neighbour(c, m);
            }
        }
    }

    /** Solves {@code start} (reachable, in this goal class's labels) to the canonical goal. */
    public SolveResult solve(long start, Budget budget) {
        return new Search(budget).run(start);
    }

    /**
     * {@code start} (reachable, in this goal class's labels) as a search to split
     * ({@link io.puzzleatlas.core.search.SplitIda}).
     */
    public SplitSearch split(long start) {
        return IdaStar.splitting(
                new Search(Budget.UNLIMITED).init(start).startH, b -> new Search(b).init(start), SolveResult::solved);
    }

    /** Per-call scratch: the path and counters; the solver itself stays shared and immutable. */
    private final class Search extends IdaStar {
        Search(Budget budget) {
            super(budget, SlidingIdaStar.this.duplicates, SlidingPuzzle.LETTER_NAMES, "");
        }

        private long start;
        private long startTransposed;
        private int startBlank;
        private int startH;

        SolveResult run(long start) {
            init(start);
            return run(startH, null);
        }

        Search init(long start) {
            this.start = start;
            this.startBlank = SlidingPuzzle.blankCell(start);
            this.startTransposed = heuristic.transpose(start);
            this.startH = linearConflict ? heuristic.estimate(start) : heuristic.manhattan(start);
            boards[0] = start;
            transposeds[0] = startTransposed;
            blanks[0] = startBlank;
            hs[0] = startH;
            return this;
        }

        /** The states of the path walked by the split search's steps, by depth. */
        private final long[] boards = new long[MAX_DEPTH + 1];

        private final long[] transposeds = new long[MAX_DEPTH + 1];
        private final int[] blanks = new int[MAX_DEPTH + 1];
        private final int[] hs = new int[MAX_DEPTH + 1];
        private int depth;

        @Override
        protected boolean atGoal() {
            return boards[depth] == goal;
        }

        @Override
        protected boolean canMove(int g, int m) {
            return neighbour[blanks[g] * 4 + m] >= 0;
        }

        /** {@code transposed} after {@code tile} moved from cell {@code target} to cell {@code blank}. */
        private long moved(long transposed, long tile, int target, int blank) {
            int tt = heuristic.transposedCell(target);
            int tb = heuristic.transposedCell(blank);
            return transposed ^ (tile << (tt << 2)) ^ (tile << (tb << 2));
        }

        /**
         * The change of the linear conflicts by move {@code m} (the tile from {@code target} to {@code blank}): a
         * vertical move changes the two rows' conflicts, a horizontal one the two columns'.
         */
        private int conflictChange(int m, long board, long child, long transposed, long childT, int target, int blank) {
            if (m == SlidingPuzzle.DOWN || m == SlidingPuzzle.UP) {
                int rt = target / cols;
                int rb = blank / cols;
                return heuristic.rowConflict(child, rt)
                        + heuristic.rowConflict(child, rb)
                        - heuristic.rowConflict(board, rt)
                        - heuristic.rowConflict(board, rb);
            }
            int ct = target % cols;
            int cb = blank % cols;
            return heuristic.colConflict(childT, ct)
                    + heuristic.colConflict(childT, cb)
                    - heuristic.colConflict(transposed, ct)
                    - heuristic.colConflict(transposed, cb);
        }

        @Override
        protected int push(int g, int m) {
            long board = boards[g];
            long transposed = transposeds[g];
            int blank = blanks[g];
            int target = neighbour[blank * 4 + m];
            long tile = (board >>> (target << 2)) & 0xF;
            long child = board ^ (tile << (target << 2)) ^ (tile << (blank << 2));
            int nh = hs[g] - heuristic.manhattan((int) tile, target) + heuristic.manhattan((int) tile, blank);
            long childT = transposed;
            if (linearConflict) {
                childT = moved(transposed, tile, target, blank);
                nh += conflictChange(m, board, child, transposed, childT, target, blank);
            }
            boards[g + 1] = child;
            transposeds[g + 1] = childT;
            blanks[g + 1] = target;
            hs[g + 1] = nh;
            depth = g + 1;
            return g + 1 + nh;
        }

        @Override
        protected void pop(int g) {
            depth = g;
        }

        @Override
        protected int descend(int g, int bound, int state) {
            return dfs(boards[g], transposeds[g], blanks[g], g, hs[g], bound, state);
        }

        @Override
        protected int iterate(int bound) {
            return dfs(start, startTransposed, startBlank, 0, startH, bound, DuplicatePaths.START);
        }

        /** Returns FOUND, or the smallest f above the bound among pruned children. */
        private int dfs(long board, long transposed, int blank, int g, int h, int bound, int state) {
            if (board == goal) {
                return found(g);
            }
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
                long tile = (board >>> (target << 2)) & 0xF;
                long child = board ^ (tile << (target << 2)) ^ (tile << (blank << 2));
                int nh = h - heuristic.manhattan((int) tile, target) + heuristic.manhattan((int) tile, blank);
                long childT = transposed;
                if (linearConflict) {
                    childT = moved(transposed, tile, target, blank);
                    nh += conflictChange(m, board, child, transposed, childT, target, blank);
                }
                int f = g + 1 + nh;
                if (f > bound) {
                    if (f < min) {
                        min = f;
                    }
                    continue;
                }
                path[g] = m;
                int r = dfs(child, childT, target, g + 1, nh, bound, next);
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

    public SlidingPuzzle puzzle() {
        return puzzle;
    }
}
