package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.search.ForwardBfs;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlidingPuzzleTest {
    private final SlidingPuzzle eight = new SlidingPuzzle(3, 3);

    @Test
    void textFormRoundTripsAndAcceptsXForTheBlank() {
        long board = eight.parse("1 2 3 x 4 6 7 5 8");
        assertEquals("1 2 3 0 4 6 7 5 8", eight.format(board));
        assertEquals(3, SlidingPuzzle.blankCell(board));
        assertEquals(board, eight.parse("  1 2 3\t0 4 6\n7 5 8 "));
        assertEquals("eight-puzzle", eight.name());
        assertEquals("fifteen-puzzle", new SlidingPuzzle(4, 4).name());
        assertEquals("sliding-2x5", PuzzleRegistry.puzzle("sliding-2x5").name());
        long fifteen = new SlidingPuzzle(4, 4).parse("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0");
        assertEquals("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0", new SlidingPuzzle(4, 4).format(fifteen));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1 2 3 4 5 6 7 8|expected 9 tokens for eight-puzzle, got 8",
                "1 2 3 4 5 6 7 8 0 1|expected 9 tokens for eight-puzzle, got 10",
                "1 2 3 4 5 6 7 7 0|tile 7 appears twice (token 8)",
                "1 2 3 4 5 6 7 8 9|token 9 '9' is out of range 0..8 (or x for the blank)",
                "1 2 3 4 5 6 7 8 a|token 9 'a' is not a number",
                "1 2 3 4 5 6 7 8 1|tile 1 appears twice (token 9)",
                "x 2 3 4 5 6 7 8 0|the blank appears twice (token 9)",
                "1 2 3 4 5 6 7 8 99999999999999999999|token 9 '99999999999999999999' is not a value in range",
                "1 2 3 4 5 6 7 8 -1|token 9 '-1' is out of range 0..8 (or x for the blank)",
            })
    void invalidBoardsSayWhatIsWrong(String text, String reason) {
        InvalidBoardException e = assertThrows(InvalidBoardException.class, () -> eight.parse(text));
        assertEquals(reason, e.getMessage());
    }

    @Test
    void emptyTextIsInvalid() {
        assertEquals(
                "empty board text",
                assertThrows(InvalidBoardException.class, () -> eight.parse("  "))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> PuzzleRegistry.puzzle("sliding-5x6"));
        assertThrows(IllegalArgumentException.class, () -> PuzzleRegistry.puzzle("sliding-1x4"));
        assertThrows(IllegalArgumentException.class, () -> PuzzleRegistry.puzzle("nine-puzzle"));
    }

    @Test
    void movesNameWhereTheBlankGoesAndUndoEachOther() {
        long board = eight.parse("1 2 3 4 0 5 6 7 8");
        assertEquals("1 2 3 4 7 5 6 0 8", eight.format(eight.applyMove(board, SlidingPuzzle.DOWN)));
        assertEquals("1 2 3 0 4 5 6 7 8", eight.format(eight.applyMove(board, SlidingPuzzle.LEFT)));
        assertEquals("1 2 3 4 5 0 6 7 8", eight.format(eight.applyMove(board, SlidingPuzzle.RIGHT)));
        assertEquals("1 0 3 4 2 5 6 7 8", eight.format(eight.applyMove(board, SlidingPuzzle.UP)));
        for (int m = 0; m < 4; m++) {
            assertEquals(board, eight.applyMove(eight.applyMove(board, m), SlidingPuzzle.opposite(m)));
        }
        long corner = eight.defaultGoal();
        assertEquals(-1, eight.applyMove(corner, SlidingPuzzle.DOWN));
        assertEquals(-1, eight.applyMove(corner, SlidingPuzzle.RIGHT));
        assertEquals(-1, eight.replay(corner, "dz"));
    }

    /** Parity decides reachability exactly: compared with an exhaustive search of each whole space. */
    @ParameterizedTest
    @CsvSource({"2,3", "3,2", "3,3", "2,4"})
    void parityAgreesWithExhaustiveSearch(int rows, int cols) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        int n = rows * cols;
        for (int goalBlank : new int[] {n - 1, 0, n / 2}) {
            long goal = p.canonicalGoal(goalBlank);
            Map<Long, Integer> reached = ForwardBfs.distances(p, goal);
            assertEquals(p.boardCount(), reached.size());
            long all = Permutations.factorial(n);
            for (long r = 0; r < all; r++) {
                long board = Permutations.unrank(r, n);
                assertEquals(reached.containsKey(board), p.reachable(board, goal), p.format(board));
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"2,2", "2,3", "3,3", "2,5"})
    void rankNumbersReachableBoardsDensely(int rows, int cols) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        long goal = p.defaultGoal();
        for (long i = 0; i < p.boardCount(); i += 1 + (p.boardCount() / 50_000)) {
            long board = p.board(i, goal);
            assertTrue(p.reachable(board, goal));
            assertEquals(i, p.rank(board, goal));
        }
    }

    @Test
    void fifteenPuzzleRanksRoundTripForAnyGoalClass() {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        SplittableRandom random = new SplittableRandom(3);
        for (int goalBlank : new int[] {0, 15}) {
            long goal = p.canonicalGoal(goalBlank);
            for (int k = 0; k < 2_000; k++) {
                long board = p.randomBoard(random, goal);
                assertTrue(p.reachable(board, goal));
                assertEquals(board, p.board(p.rank(board, goal), goal));
            }
        }
    }

    @Test
    void relabellingMapsAnyGoalToItsCanonicalGoal() {
        long goal = eight.parse("8 7 6 5 x 4 3 2 1");
        int[] map = eight.relabelling(goal);
        assertEquals(eight.canonicalGoal(4), eight.relabel(goal, map));
        assertEquals("1 2 3 4 0 5 6 7 8", eight.format(eight.canonicalGoal(4)));
    }
}
