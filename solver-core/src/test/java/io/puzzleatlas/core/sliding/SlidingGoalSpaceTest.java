package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.encoding.Permutations;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one unranking of sliding boards ({@link SlidingPuzzle#board}, which the space uses) agrees with a plain reference
 * (the tile sequence of Lehmer rank 2h or 2h+1, whichever has the parity the goal demands, the blank put in at its
 * cell) and inverts the rank, for any goal.
 */
class SlidingGoalSpaceTest {

    @ParameterizedTest
    @ValueSource(strings = {"1 2 3 4 5 6 7 8 0", "1 2 3 0 4 6 7 5 8", "0 8 7 6 5 4 3 2 1", "2 1 3 4 5 6 7 8 0"})
    void everyEightPuzzleRankRoundTrips(String goalText) {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        long goal = puzzle.parse(goalText);
        SlidingGoalSpace space = new SlidingGoalSpace(puzzle, goal);
        for (long r = 0; r < space.size(); r++) {
            long board = space.unrank(r);
            assertEquals(reference(puzzle, r, goal), board);
            assertEquals(board, puzzle.board(r, goal));
            assertEquals(r, space.rank(board));
        }
    }

    @Test
    void randomRanksOfLargerPuzzlesRoundTrip() {
        SplittableRandom random = new SplittableRandom(7);
        for (int[] size : new int[][] {{3, 4}, {4, 3}, {2, 5}, {4, 4}, {2, 8}, {3, 5}, {5, 3}}) {
            SlidingPuzzle puzzle = new SlidingPuzzle(size[0], size[1]);
            long goal = puzzle.board(random.nextLong(puzzle.boardCount()), puzzle.defaultGoal());
            SlidingGoalSpace space = new SlidingGoalSpace(puzzle, goal);
            for (int i = 0; i < 20_000; i++) {
                long r = random.nextLong(space.size());
                assertEquals(reference(puzzle, r, goal), space.unrank(r));
                assertEquals(space.unrank(r), puzzle.board(r, goal));
                assertEquals(r, space.rank(space.unrank(r)));
            }
        }
    }

    /** Rank {@code r} unranked the plain way: two full unrankings and a parity test. */
    private static long reference(SlidingPuzzle puzzle, long r, long goal) {
        int cells = puzzle.cellCount();
        int cols = puzzle.cols();
        long halfTileOrders = Permutations.factorial(cells - 1) / 2;
        int blank = (int) (r / halfTileOrders);
        long half = r % halfTileOrders;
        long seq = Permutations.unrank(2 * half, cells - 1);
        int wanted = (puzzle.invariant(goal) + (cols - 1) * (blank / cols)) & 1;
        if (Permutations.parity(seq, cells - 1) != wanted) {
            seq = Permutations.unrank(2 * half + 1, cells - 1);
        }
        long board = 0;
        int k = 0;
        for (int i = 0; i < cells; i++) {
            if (i != blank) {
                board |= (((seq >>> (k << 2)) & 0xF) + 1) << (i << 2);
                k++;
            }
        }
        return board;
    }
}
