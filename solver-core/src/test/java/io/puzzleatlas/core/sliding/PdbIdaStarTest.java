package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.heuristic.PdbTestTables;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.Scrambles;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** PDB IDA* against independent methods: table descent on small boards, Manhattan IDA* on the 4x4. */
@Tag("slow")
class PdbIdaStarTest {

    /**
     * Same length and the same (lexicographically smallest) string as descending the full table, with and without
     * duals.
     */
    @ParameterizedTest
    @CsvSource({
        "3, 3, 8, 4-4, false",
        "3, 3, 0, 3-3-2, false",
        "3, 3, 4, 4-4, false",
        "2, 4, 7, 4-3, false",
        "2, 4, 0, 3-2-2, false",
        "2, 4, 2, 4-3, false",
        "3, 3, 8, 4-4, true",
        "3, 3, 0, 3-3-2, true",
        "2, 4, 2, 4-3, true"
    })
    void agreesWithTableDescent(int rows, int cols, int goalBlank, String partition, boolean duals) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        PdbIdaStar search = new PdbIdaStar(PdbTestTables.heuristic(puzzle, goalBlank, partition, duals));
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
        PdbIdaStar pdb = new PdbIdaStar(heuristic);
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
     * The kernel's incremental heuristic (ranks changed by the cells a tile passes, on the board and its reflection,
     * children pruned before all their lookups) against a search that scores every child from scratch
     * ({@link AdditivePatternHeuristic#estimate}, pathmax, the same child order): the same string and the same count of
     * generated states, on square boards with reflection and on one without, with the dual lookups and without.
     */
    @ParameterizedTest
    @CsvSource({
        "4, 4, 15, 5-5-5, false",
        "4, 4, 0, 6-6-3, false",
        "5, 5, 0, 3-3-3-3-3-3-3-3, false",
        "5, 5, 12, 4-4-4-4-4-4, false",
        "3, 4, 11, 4-4-3, false",
        "4, 4, 15, 5-5-5, true",
        "4, 4, 0, 6-6-3, true",
        "5, 5, 0, 3-3-3-3-3-3-3-3, true",
        "3, 4, 11, 4-4-3, true"
    })
    void incrementalRanksCountWhatScoringFromScratchCounts(
            int rows, int cols, int goalBlank, String partition, boolean duals) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        AdditivePatternHeuristic heuristic = PdbTestTables.heuristic(puzzle, goalBlank, partition, duals);
        PdbIdaStar kernel = new PdbIdaStar(heuristic);
        SplittableRandom random = new SplittableRandom(rows * 1000L + goalBlank);
        for (int i = 0; i < 10; i++) {
            // longer walks where the tables are strong
            byte[] board = walk(puzzle, goalBlank, puzzle.cellCount() <= 16 ? 20 + 5 * i : 26, random);
            FromScratchIda reference = new FromScratchIda(puzzle, heuristic::estimate);
            String expected = reference.solve(board.clone());
            SolveResult got = kernel.solve(board, Budget.UNLIMITED);
            assertEquals(expected, got.moves(), SlidingTiles.format(board));
            assertEquals(reference.nodes, got.nodes(), SlidingTiles.format(board));
        }
    }

    /**
     * The same on 2,000 random 8-puzzle boards (walks of 200 moves) with strong tables, among them iterations whose
     * next bound is 4 above theirs: the kernel's next bound is the smallest exact f of a pruned child, never the lower
     * bound that pruned a child before its lookups.
     */
    @ParameterizedTest
    @CsvSource({"false", "true"})
    void childrenPrunedBeforeTheirLookupsKeepTheNextBound(boolean duals) {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        AdditivePatternHeuristic heuristic = PdbTestTables.heuristic(puzzle, 8, "4-4", duals);
        PdbIdaStar kernel = new PdbIdaStar(heuristic);
        SplittableRandom random = new SplittableRandom(88);
        int widerSteps = 0;
        for (int i = 0; i < 2000; i++) {
            byte[] board = walk(puzzle, 8, 200, random);
            FromScratchIda reference = new FromScratchIda(puzzle, heuristic::estimate);
            String expected = reference.solve(board.clone());
            SolveResult got = kernel.solve(board, Budget.UNLIMITED);
            assertEquals(expected, got.moves(), SlidingTiles.format(board));
            assertEquals(reference.nodes, got.nodes(), SlidingTiles.format(board));
            widerSteps += reference.widerSteps;
        }
        assertTrue(widerSteps > 0, "some iterations' next bound is 4 above theirs");
    }

    /** A random walk of {@code steps} tries from the canonical goal with the blank on {@code goalBlank}. */
    private static byte[] walk(SlidingPuzzle puzzle, int goalBlank, int steps, SplittableRandom random) {
        byte[] board = SlidingTiles.canonicalGoal(puzzle.cellCount(), goalBlank);
        int blank = goalBlank;
        for (int step = 0; step < steps; step++) {
            int target = puzzle.neighbour(blank, random.nextInt(4));
            if (target >= 0) {
                board[blank] = board[target];
                board[target] = 0;
                blank = target;
            }
        }
        return board;
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
