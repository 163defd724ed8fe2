package io.puzzleatlas.core.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.sliding.PatternDatabaseCache;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingSolver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The 4x4 solver with pattern databases from a cache directory, for any goal (relabelled). */
class SlidingSolverPdbTest {
    @TempDir
    static Path tables;

    @Test
    void anyGoalIncludingBlankFirst() {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        SlidingSolver pdb = new SlidingSolver(puzzle, new PatternDatabaseCache(tables, true, 2, System.err), "5-5-5");
        SlidingSolver manhattan = new SlidingSolver(puzzle, null, "5-5-5");
        SplittableRandom random = new SplittableRandom(15);
        long[] goals = {
            puzzle.parse("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"),
            puzzle.defaultGoal(),
            puzzle.parse("15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0"),
            puzzle.randomBoard(random, puzzle.defaultGoal()),
        };
        for (long goal : goals) {
            for (int i = 0; i < 4; i++) {
                long start = Scrambles.scramble(puzzle, goal, 22 + random.nextInt(14), random);
                SolveResult expected = manhattan.solve(start, goal, Budget.UNLIMITED);
                SolveResult got = pdb.solve(start, goal, Budget.UNLIMITED);
                assertEquals(expected.moves(), got.moves(), puzzle.format(start) + " -> " + puzzle.format(goal));
                assertEquals(goal, puzzle.replay(start, got.moves()));
            }
            assertEquals("", pdb.solve(goal, goal, Budget.UNLIMITED).moves());
        }
        assertTrue(Files.exists(tables.resolve("fifteen-puzzle-b0-t1.2.3.4.5.pdb")));
        long odd = puzzle.parse("2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0");
        assertEquals(
                Status.UNSOLVABLE,
                pdb.solve(odd, puzzle.defaultGoal(), Budget.UNLIMITED).status());
    }
}
