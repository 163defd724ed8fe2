package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * The boards of a sliding puzzle that can reach an arbitrary goal board, ranked exactly as
 * {@link SlidingPuzzle#rank} and {@link SlidingPuzzle#board} rank them for that goal, so a rank in
 * an explored distance table is the instance id of {@code generate --all} for the same goal.
 *
 * <p>Unranking is the hot path of a level-by-level search (every frontier state is unranked
 * once), so it is done here with int arithmetic and the goal's parity computed once: the tile
 * sequence of rank {@code 2h} is unranked, and when its parity is the wrong one the last two
 * elements are swapped, which gives the permutation of rank {@code 2h + 1}.
 */
public final class SlidingGoalSpace implements RankedSpace {
    private final SlidingPuzzle puzzle;
    private final long goal;
    private final int cells;
    private final int cols;
    private final long halfTileOrders;
    /** Parity the tile sequence must have when the blank is in row 0. */
    private final int rowZeroParity;
    private final long[] factorial;

    public SlidingGoalSpace(SlidingPuzzle puzzle, long goal) {
        this.puzzle = puzzle;
        this.goal = goal;
        this.cells = puzzle.cellCount();
        this.cols = puzzle.cols();
        this.halfTileOrders = Permutations.factorial(cells - 1) / 2;
        int goalInvariant = (puzzle.tileParity(goal) + (cols - 1) * (SlidingPuzzle.blankCell(goal) / cols)) & 1;
        this.rowZeroParity = goalInvariant;
        this.factorial = new long[cells];
        for (int i = 0; i < cells; i++) {
            factorial[i] = Permutations.factorial(i);
        }
    }

    /** The goal class of a blank cell: tiles in order with the blank at {@code goalBlankCell}. */
    public static SlidingGoalSpace canonical(SlidingPuzzle puzzle, int goalBlankCell) {
        return new SlidingGoalSpace(puzzle, puzzle.canonicalGoal(goalBlankCell));
    }

    public SlidingPuzzle puzzle() {
        return puzzle;
    }

    @Override
    public long size() {
        return puzzle.boardCount();
    }

    @Override
    public long rank(long state) {
        return puzzle.rank(state, goal);
    }

    @Override
    public long unrank(long rank) {
        int blank = (int) (rank / halfTileOrders);
        long remainder = 2 * (rank % halfTileOrders);
        int n = cells - 1;
        int unused = (1 << n) - 1;
        int digitSum = 0;
        long board = 0;
        int cell = 0;
        long lastTwoCells = 0;
        // Up to 3x4 the Lehmer remainder fits an int, and int division is several times cheaper.
        boolean small = remainder < Integer.MAX_VALUE && factorial[n - 1] < Integer.MAX_VALUE;
        int smallRemainder = (int) remainder;
        for (int i = 0; i < n; i++) {
            int digit;
            if (small) {
                int f = (int) factorial[n - 1 - i];
                digit = smallRemainder / f;
                smallRemainder -= digit * f;
            } else {
                long f = factorial[n - 1 - i];
                digit = (int) (remainder / f);
                remainder -= digit * f;
            }
            digitSum += digit;
            int bits = unused;
            for (int k = 0; k < digit; k++) {
                bits &= bits - 1;
            }
            int v = Integer.numberOfTrailingZeros(bits);
            unused &= ~(1 << v);
            if (cell == blank) {
                cell++;
            }
            board |= (long) (v + 1) << (cell << 2);
            if (i >= n - 2) {
                lastTwoCells = (lastTwoCells << 8) | cell;
            }
            cell++;
        }
        int wanted = (rowZeroParity + (cols - 1) * (blank / cols)) & 1;
        if ((digitSum & 1) != wanted) {
            int a = (int) (lastTwoCells >>> 8) << 2;
            int b = (int) (lastTwoCells & 0xFF) << 2;
            long ta = (board >>> a) & 0xF;
            long tb = (board >>> b) & 0xF;
            board ^= ((ta ^ tb) << a) | ((ta ^ tb) << b);
        }
        return board;
    }

    /** Up to {@value SlidingNeighbourRanker#MAX_CELLS} cells the ranks are updated in place, without a board. */
    @Override
    public NeighbourRanker predecessors() {
        return cells <= SlidingNeighbourRanker.MAX_CELLS ? new SlidingNeighbourRanker(puzzle, goal) : RankedSpace.super.predecessors();
    }

    @Override
    public int moveCount() {
        return 4;
    }

    @Override
    public long move(long state, int m) {
        return puzzle.applyMove(state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return puzzle.applyMove(state, SlidingPuzzle.opposite(m));
    }

    /** Every move has its opposite among the moves. */
    @Override
    public boolean reversible() {
        return true;
    }

    @Override
    public long goal() {
        return goal;
    }
}
