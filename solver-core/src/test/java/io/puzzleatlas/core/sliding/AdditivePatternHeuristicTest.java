package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.heuristic.PdbTestTables;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The additive heuristic against exact distances of every board of the 3x3 and 2x4 goal classes
 * (full breadth-first tables): admissible everywhere, zero at the goal, and its one-move changes.
 */
class AdditivePatternHeuristicTest {

    @ParameterizedTest
    @CsvSource({"3, 3, 8, 4-4", "3, 3, 8, 3-3-2", "3, 3, 0, 4-4", "3, 3, 4, 2-3-3", "3, 3, 8, '1,4,7/2,5,8/3,6'",
        "2, 4, 7, 4-3", "2, 4, 0, 3-2-2", "2, 4, 5, 4-3"})
    void admissibleOnEveryBoard(int rows, int cols, int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        DistanceTable exact = BreadthFirstTableBuilder.build(space);
        long tight = 0;
        long dominatesManhattan = 0;
        for (long r = 0; r < space.size(); r++) {
            long board = space.unrank(r);
            int d = exact.get(r);
            int estimate = h.estimate(board);
            assertTrue(estimate <= d, () -> puzzle.format(board) + ": h " + estimate + " > distance " + d);
            assertEquals(d & 1, estimate & 1, "h and the distance have the same parity");
            tight += estimate == d ? 1 : 0;
            dominatesManhattan += estimate >= h.sum(board, false) ? 1 : 0;
        }
        assertEquals(0, h.estimate(space.goal()));
        assertEquals(space.size(), dominatesManhattan);
        assertTrue(tight > 0);
    }

    /**
     * Each of the four lookups on its own (regular, reflected, dual, dual-reflected) is at most
     * the exact distance of every board, including goals whose blank is walled in by a pattern
     * (the 3x3 with the blank last and 4-4) and boards that are not square (no reflection).
     */
    @ParameterizedTest
    @CsvSource({"3, 3, 8, 4-4", "3, 3, 8, 3-3-2", "3, 3, 0, 4-4", "3, 3, 4, 2-3-3", "3, 3, 8, '1,4,7/2,5,8/3,6'",
        "3, 3, 8, '1,2,4,5/3,6,7,8'", "2, 4, 7, 4-3", "2, 4, 0, 3-2-2", "2, 4, 5, 4-3", "2, 3, 5, 3-2"})
    void everyLookupIsAdmissible(int rows, int cols, int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        DistanceTable exact = BreadthFirstTableBuilder.build(space);
        long dualRaises = 0;
        for (long r = 0; r < space.size(); r++) {
            long packed = space.unrank(r);
            byte[] board = SlidingTiles.of(packed, puzzle.cellCount());
            int d = exact.get(r);
            int regular = h.sum(board, false);
            int reflected = h.reflects() ? h.sum(board, true) : 0;
            int dual = h.dualSum(board, false);
            int dualReflected = h.reflects() ? h.dualSum(board, true) : 0;
            String at = puzzle.format(packed);
            assertTrue(regular <= d, () -> at + ": regular " + regular + " > distance " + d);
            assertTrue(reflected <= d, () -> at + ": reflected " + reflected + " > distance " + d);
            assertTrue(dual <= d, () -> at + ": dual " + dual + " > distance " + d);
            assertTrue(dualReflected <= d, () -> at + ": dual-reflected " + dualReflected + " > distance " + d);
            assertEquals(d & 1, dual & 1, "the dual keeps the distance's parity");
            dualRaises += Math.max(dual, dualReflected) > Math.max(regular, reflected) ? 1 : 0;
        }
        assertTrue(dualRaises > 0, "the dual lookups raise some boards");
    }

    /**
     * With the blank home the dual is an ordinary board of the same goal class, and its lookup is
     * the regular lookup of the explicitly inverted board; inverting twice gives the board back;
     * and the dual of the reflection is the reflection of the dual.
     */
    @ParameterizedTest
    @CsvSource({"3, 3, 8, 4-4", "3, 3, 4, 2-3-3", "2, 4, 7, 4-3", "2, 4, 0, 3-2-2"})
    void dualIsTheRegularLookupOfTheInvertedBoard(int rows, int cols, int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        long home = 0;
        for (long r = 0; r < space.size(); r++) {
            byte[] board = SlidingTiles.of(space.unrank(r), puzzle.cellCount());
            byte[] inverted = invert(board, goalBlank);
            assertArrayEquals(inverted, h.dual(board));
            assertArrayEquals(board, h.dual(inverted));
            if (board[goalBlank] == 0) {
                home++;
                assertEquals(h.sum(inverted, false), h.dualSum(board, false));
                if (h.reflects()) {
                    assertEquals(h.sum(inverted, true), h.dualSum(board, true));
                }
            }
            if (h.reflects()) {
                assertEquals(h.dualSum(h.reflect(board), false), h.dualSum(board, true));
                assertArrayEquals(h.reflect(h.dual(board)), h.dual(h.reflect(board)));
            }
        }
        assertTrue(home > 0);
    }

    /**
     * Why the dual counts only some patterns: scoring the inverted board with every pattern, as
     * if it were a board of the same distance, overestimates boards whose blank is not home.
     */
    @Test
    void invertedBoardWithEveryPatternOverestimates() {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, 8, "4-4");
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, 8);
        DistanceTable exact = BreadthFirstTableBuilder.build(space);
        long over = 0;
        for (long r = 0; r < space.size(); r++) {
            byte[] board = SlidingTiles.of(space.unrank(r), puzzle.cellCount());
            over += h.sum(invert(board, 8), false) > exact.get(r) ? 1 : 0;
        }
        assertTrue(over > 0);
    }

    /** The inverse permutation written out from the definitions: tile and cell swap roles. */
    private static byte[] invert(byte[] board, int goalBlank) {
        byte[] out = new byte[board.length];
        for (int c = 0; c < board.length; c++) {
            out[SlidingPuzzle.goalCell(board[c], goalBlank)] = (byte) SlidingPuzzle.goalTile(c, goalBlank);
        }
        return out;
    }

    /**
     * Taking the minimum over the blank's cells (Korf &amp; Felner's storage) loses the blank's
     * region, so the heuristic is NOT consistent: this board's 4-4 value jumps by more than one
     * in one move. The searches therefore rely on admissibility only (plus pathmax).
     */
    @Test
    void minimumOverBlankIsNotConsistent() {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, 8, "1,2,3,4/5,6,7,8");
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, 8);
        int worst = 0;
        long edges = 0;
        long inconsistent = 0;
        for (long r = 0; r < space.size(); r++) {
            long board = space.unrank(r);
            int hb = h.estimate(board);
            for (int m = 0; m < 4; m++) {
                long next = space.move(board, m);
                if (next != -1) {
                    int jump = Math.abs(h.estimate(next) - hb);
                    edges++;
                    inconsistent += jump > 1 ? 1 : 0;
                    worst = Math.max(worst, jump);
                }
            }
        }
        assertTrue(inconsistent > 0 && worst > 1, "expected the known inconsistency");
        assertTrue(inconsistent < edges / 10, inconsistent + " of " + edges + " edges");
    }

    @Test
    void reflectionOnlyForDiagonalBlankOnSquareBoards() {
        assertTrue(AdditivePatternHeuristic.reflectable(new SlidingPuzzle(4, 4), 15));
        assertTrue(AdditivePatternHeuristic.reflectable(new SlidingPuzzle(4, 4), 0));
        assertTrue(AdditivePatternHeuristic.reflectable(new SlidingPuzzle(3, 3), 4));
        assertFalse(AdditivePatternHeuristic.reflectable(new SlidingPuzzle(4, 4), 3));
        assertFalse(AdditivePatternHeuristic.reflectable(new SlidingPuzzle(2, 4), 0));
    }

    @Test
    void partitionsBySizeTakeRowsAwayFromTheBlank() {
        SlidingPuzzle fifteen = new SlidingPuzzle(4, 4);
        Partition last = Partition.parse("7-8", fifteen, 15);
        assertArrayEquals(new int[] {9, 10, 11, 12, 13, 14, 15}, last.patterns()[0]);
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7, 8}, last.patterns()[1]);
        Partition first = Partition.parse("7-8", fifteen, 0);
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6, 7}, first.patterns()[0]);
        assertArrayEquals(new int[] {8, 9, 10, 11, 12, 13, 14, 15}, first.patterns()[1]);
        assertEquals("7-8", Partition.defaultSpec(fifteen, 8));
        assertEquals("5-6", Partition.defaultSpec(new SlidingPuzzle(3, 4), 8));
        assertEquals("5-5-5", Partition.defaultSpec(fifteen, 5));
        assertEquals("3-4-4", Partition.defaultSpec(new SlidingPuzzle(3, 4), 5));
    }

    @ParameterizedTest
    @CsvSource({"7-7", "1,2/2,3", "0,1/2", "1,2,3/4,5,6,7,8,9,10,11,12,13,14", "7-x"})
    void rejectsBadPartitions(String spec) {
        SlidingPuzzle fifteen = new SlidingPuzzle(4, 4);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Partition.parse(spec, fifteen, 15));
    }
}
