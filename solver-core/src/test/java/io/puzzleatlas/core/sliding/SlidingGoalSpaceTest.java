package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fast unrank agrees with {@link SlidingPuzzle#board} and inverts its rank, for any goal. */
class SlidingGoalSpaceTest {

    @ParameterizedTest
    @ValueSource(strings = {"1 2 3 4 5 6 7 8 0", "1 2 3 0 4 6 7 5 8", "0 8 7 6 5 4 3 2 1", "2 1 3 4 5 6 7 8 0"})
    void everyEightPuzzleRankRoundTrips(String goalText) {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        long goal = puzzle.parse(goalText);
        SlidingGoalSpace space = new SlidingGoalSpace(puzzle, goal);
        for (long r = 0; r < space.size(); r++) {
            long board = space.unrank(r);
            assertEquals(puzzle.board(r, goal), board);
            assertEquals(r, space.rank(board));
        }
    }

    @Test
    void randomRanksOfLargerPuzzlesRoundTrip() {
        SplittableRandom random = new SplittableRandom(7);
        for (int[] size : new int[][] {{3, 4}, {4, 3}, {2, 5}, {4, 4}}) {
            SlidingPuzzle puzzle = new SlidingPuzzle(size[0], size[1]);
            long goal = puzzle.board(random.nextLong(puzzle.boardCount()), puzzle.defaultGoal());
            SlidingGoalSpace space = new SlidingGoalSpace(puzzle, goal);
            for (int i = 0; i < 20_000; i++) {
                long r = random.nextLong(space.size());
                assertEquals(puzzle.board(r, goal), space.unrank(r));
                assertEquals(r, space.rank(space.unrank(r)));
            }
        }
    }
}
