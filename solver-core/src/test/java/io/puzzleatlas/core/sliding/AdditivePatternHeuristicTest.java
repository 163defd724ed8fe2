package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.heuristic.PdbTestTables;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import java.util.Arrays;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The additive heuristic against exact distances of every board of the 3x3 and 2x4 goal classes (full breadth-first
 * tables): admissible everywhere, zero at the goal, and its one-move changes.
 */
class AdditivePatternHeuristicTest {

    @ParameterizedTest
    @CsvSource({
        "3, 3, 8, 4-4",
        "3, 3, 8, 3-3-2",
        "3, 3, 0, 4-4",
        "3, 3, 4, 2-3-3",
        "3, 3, 8, '1,4,7/2,5,8/3,6'",
        "2, 4, 7, 4-3",
        "2, 4, 0, 3-2-2",
        "2, 4, 5, 4-3"
    })
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
     * Each dual lookup alone (the board's and its reflection's) is admissible on every board of the goal class, with
     * the pseudo-blank's pattern read less that tile and the tables searched from the blank's region
     * ({@link DualLookup}); with them the heuristic is still admissible, never below the regular value, and above it on
     * some boards.
     */
    @ParameterizedTest
    @CsvSource({
        "3, 3, 8, 4-4",
        "3, 3, 8, 3-3-2",
        "3, 3, 0, 4-4",
        "3, 3, 4, 2-3-3",
        "3, 3, 8, '1,4,7/2,5,8/3,6'",
        "3, 3, 8, '1,2,3,4/5,6,7,8'",
        "2, 4, 7, 4-3",
        "2, 4, 0, 3-2-2",
        "2, 4, 5, 4-3",
        "2, 3, 5, 3-2"
    })
    void dualLookupsAreAdmissibleOnEveryBoard(int rows, int cols, int goalBlank, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        AdditivePatternHeuristic plain = PdbTestTables.heuristic(puzzle, goalBlank, partition);
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, goalBlank, partition, true);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        DistanceTable exact = BreadthFirstTableBuilder.build(space);
        long raised = 0;
        for (long r = 0; r < space.size(); r++) {
            byte[] board = SlidingTiles.of(space.unrank(r), puzzle.cellCount());
            int d = exact.get(r);
            int dual = h.dual(board, false);
            int reflected = h.reflects() ? h.dual(board, true) : 0;
            assertTrue(
                    dual <= d && reflected <= d,
                    () -> Arrays.toString(board) + ": dual " + dual + ", reflected dual " + reflected + " > distance "
                            + d);
            assertEquals(d & 1, dual & 1, "the dual value and the distance have the same parity");
            int with = h.estimate(board);
            int without = plain.estimate(board);
            assertTrue(with >= without && with <= d);
            raised += with > without ? 1 : 0;
        }
        assertTrue(raised > 0, "the duals raise no board's value");
    }

    /**
     * With the blank on its goal cell the pseudo-blank is the blank itself, so the dual lookup is the regular lookup of
     * the inverted board (tile t on cell c becomes the tile of goal cell c on tile t's goal cell).
     */
    @Test
    void dualWithTheBlankHomeIsTheRegularLookupOfTheInverse() {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        int goalBlank = 8;
        AdditivePatternHeuristic h = PdbTestTables.heuristic(puzzle, goalBlank, "4-4", true);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
        int checked = 0;
        for (long r = 0; r < space.size(); r++) {
            byte[] board = SlidingTiles.of(space.unrank(r), puzzle.cellCount());
            if (board[goalBlank] != 0) {
                continue;
            }
            byte[] inverse = new byte[board.length];
            for (int c = 0; c < board.length; c++) {
                inverse[SlidingPuzzle.goalCell(board[c], goalBlank)] = (byte) SlidingPuzzle.goalTile(c, goalBlank);
            }
            assertEquals(h.sum(inverse, false), h.dual(board, false));
            checked++;
        }
        assertEquals(20160, checked);
    }

    /**
     * Taking the minimum over the blank's cells (Korf &amp; Felner's storage) loses the blank's region, so the
     * heuristic is NOT consistent: this board's 4-4 value jumps by more than one in one move. The searches therefore
     * rely on admissibility only (plus pathmax).
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
        Assertions.assertThrows(IllegalArgumentException.class, () -> Partition.parse(spec, fifteen, 15));
    }
}
