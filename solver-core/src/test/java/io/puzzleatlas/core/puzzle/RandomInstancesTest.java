package io.puzzleatlas.core.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import org.junit.jupiter.api.Test;

/** Random instances depend only on (seed, id), are legal, and scrambles stay within their length. */
class RandomInstancesTest {

    @Test
    void sameSeedAndIdGiveTheSameBoard() {
        Puzzle puzzle = PuzzleRegistry.puzzle("rotation-game");
        for (long id = 0; id < 100; id++) {
            assertEquals(RandomInstances.uniform(puzzle, -1, 42, id), RandomInstances.uniform(puzzle, -1, 42, id));
        }
        assertNotEquals(RandomInstances.uniform(puzzle, -1, 42, 1), RandomInstances.uniform(puzzle, -1, 43, 1));
    }

    @Test
    void uniformBoardsReachTheGoal() {
        Puzzle puzzle = PuzzleRegistry.puzzle("eight-puzzle");
        long goal = puzzle.defaultGoal();
        for (long id = 0; id < 1000; id++) {
            assertTrue(puzzle.reachable(RandomInstances.uniform(puzzle, goal, 5, id), goal));
        }
    }

    @Test
    void scrambleOfKMovesIsAtMostKFromTheGoal() {
        Puzzle puzzle = PuzzleRegistry.puzzle("eight-puzzle");
        long goal = puzzle.defaultGoal();
        for (long id = 0; id < 200; id++) {
            long board = RandomInstances.scramble(puzzle, goal, 12, 9, id);
            SolveResult r = Solvers.forName("eight-puzzle").solve(board, goal, Budget.UNLIMITED);
            assertTrue(r.length() <= 12 && r.length() % 2 == 0, "length " + r.length());
            assertEquals(goal, puzzle.replay(board, r.moves()));
        }
    }
}
