package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Cube 3 scrambles of eight moves, optimal lengths checked by the test cube's meet-in-the-middle search. */
@Tag("slow")
class IdaSearchSlowTest {
    @Test
    void eightMoveScramblesAreSolvedOptimallyAndReplay() {
        TestCube cube = new TestCube(3);
        PuzzleType type = cube.type("testcube3");
        Random random = new Random(8);
        for (int row = 0; row < 4; row++) {
            String[] goal = row == 3 ? cube.distinct() : cube.colours();
            String[] start = cube.scramble(goal, 8, random);
            SantaPuzzle puzzle = TestCube.puzzle(row, type, goal, start, 0);
            SearchOutcome found = IdaSearch.search(
                    puzzle, new SearchBudget(Long.MAX_VALUE, 0), PatternHeuristic.of(puzzle, 2_000_000));
            int optimal = cube.optimal(start, goal, 4);
            int r = row;
            assertTrue(optimal > 0 && found.solved(), () -> "row " + r);
            assertEquals(optimal, found.moves().length, () -> "row " + r);
            String text = new RowResult(puzzle, RowStatus.OPTIMAL, found.moves(), 0, 0, 0).movesText();
            assertArrayEquals(goal, cube.replay(start, text), () -> "row " + r);
        }
    }
}
