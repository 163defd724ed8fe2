package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.heuristic.PdbTestTables;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.Scrambles;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PDB IDA* against independent methods: table descent on small boards, Manhattan IDA* on the 4x4. */
class PdbIdaStarTest {

    /** Same length and the same (lexicographically smallest) string as descending the full table (all four lookups, BPMX). */
    @ParameterizedTest
    @CsvSource({"3, 3, 8, 4-4", "3, 3, 0, 3-3-2", "3, 3, 4, 4-4", "2, 4, 7, 4-3", "2, 4, 0, 3-2-2", "2, 4, 2, 4-3"})
    void agreesWithTableDescent(int rows, int cols, int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        PdbIdaStar search = new PdbIdaStar(PdbTestTables.heuristic(puzzle, goalBlank, partition), true, true);
        SlidingSolver tables = new SlidingSolver(puzzle, null, partition);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        long goal = space.goal();
        SplittableRandom random = new SplittableRandom(rows * 100L + cols * 10L + goalBlank);
        for (int i = 0; i < 1500; i++) {
            long board = space.unrank(random.nextLong(space.size()));
            SolveResult expected = tables.table(goalBlank).solve(board);
            SolveResult got = search.solve(board, Budget.UNLIMITED);
            assertEquals(expected.moves(), got.moves(), puzzle.format(board));
            assertEquals(goal, puzzle.replay(board, got.moves()));
        }
        assertEquals("", search.solve(goal, Budget.UNLIMITED).moves());
    }

    /** 4x4 scrambles of 20-40 moves: the 5-5-5 PDB solver and Manhattan + linear-conflict IDA* agree. */
    @ParameterizedTest
    @CsvSource({"15, 5-5-5", "0, 5-5-5", "15, '1,2,5,6,9/3,4,7,8,11/10,12,13,14,15'"})
    void agreesWithManhattanIdaStarOnScrambles(int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        AdditivePatternHeuristic heuristic = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        PdbIdaStar pdb = new PdbIdaStar(heuristic, true, true);
        SlidingIdaStar manhattan = new SlidingIdaStar(puzzle, goalBlank, true);
        long goal = puzzle.canonicalGoal(goalBlank);
        SplittableRandom random = new SplittableRandom(goalBlank + 4242);
        for (int i = 0; i < 12; i++) {
            long board = Scrambles.scramble(puzzle, goal, 20 + random.nextInt(21), random);
            SolveResult expected = manhattan.solve(board, Budget.UNLIMITED);
            SolveResult got = pdb.solve(board, Budget.UNLIMITED);
            assertEquals(Status.SOLVED, got.status());
            assertEquals(expected.moves(), got.moves(), puzzle.format(board));
            assertEquals(goal, puzzle.replay(board, got.moves()));
            assertEquals(got.length(), got.moves().length());
        }
    }

    /**
     * Random 4x4 boards and long scrambles: the four lookups with BPMX give exactly the strings of
     * the regular and reflected lookups alone, with no more nodes in total; each switch alone too.
     */
    @ParameterizedTest
    @CsvSource({"15, 5-5-5", "0, 5-5-5"})
    void dualLookupsKeepTheAnswers(int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        AdditivePatternHeuristic heuristic = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        PdbIdaStar before = new PdbIdaStar(heuristic, false, false);
        PdbIdaStar[] variants = {new PdbIdaStar(heuristic, true, true), new PdbIdaStar(heuristic, true, false),
            new PdbIdaStar(heuristic, false, true)};
        long goal = puzzle.canonicalGoal(goalBlank);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        SplittableRandom random = new SplittableRandom(goalBlank + 77);
        long[] nodes = new long[variants.length + 1];
        for (int i = 0; i < 16; i++) {
            long board = i < 4 ? shortRandomBoard(space, heuristic, random)
                    : Scrambles.scramble(puzzle, goal, 30 + random.nextInt(40), random);
            SolveResult expected = before.solve(board, Budget.UNLIMITED);
            nodes[0] += expected.nodes();
            for (int v = 0; v < variants.length; v++) {
                SolveResult got = variants[v].solve(board, Budget.UNLIMITED);
                assertEquals(expected.moves(), got.moves(), "variant " + v + " on " + puzzle.format(board));
                nodes[v + 1] += got.nodes();
            }
        }
        assertTrue(nodes[1] <= nodes[0], nodes[1] + " nodes with duals and BPMX, " + nodes[0] + " without");
        assertTrue(nodes[2] <= nodes[0], nodes[2] + " nodes with duals, " + nodes[0] + " without");
    }

    /** A uniformly random board of the goal class whose heuristic value is at most 36 (short-ish). */
    private static long shortRandomBoard(SlidingGoalSpace space, AdditivePatternHeuristic heuristic,
            SplittableRandom random) {
        while (true) {
            long board = space.unrank(random.nextLong(space.size()));
            if (heuristic.estimate(board) <= 36) {
                return board;
            }
        }
    }

    @Test
    void nodeBudgetEndsTheSearch() {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        PdbIdaStar pdb = new PdbIdaStar(PdbTestTables.heuristic(puzzle, 15, "5-5-5"));
        long board = puzzle.parse("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1");
        SolveResult r = pdb.solve(board, new Budget(1000, Long.MAX_VALUE));
        assertEquals(Status.BUDGET_EXCEEDED, r.status());
        assertEquals(-1, r.length());
        assertEquals(1001, r.nodes());
    }
}
