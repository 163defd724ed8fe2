package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Admissibility of Manhattan + linear conflicts on whole spaces, against exact distances. */
class ManhattanLinearConflictTest {

    @ParameterizedTest
    @CsvSource({"3,3,8", "3,3,4", "3,3,0", "2,4,7", "4,2,0", "2,5,9"})
    void neverOverestimatesAndIsExactAtTheGoal(int rows, int cols, int goalBlank) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(p, goalBlank);
        DistanceTable table = BreadthFirstTableBuilder.build(space);
        ManhattanLinearConflict h = new ManhattanLinearConflict(p, goalBlank);
        assertEquals(0, h.estimate(space.goal()));
        long tighter = 0;
        for (long r = 0; r < space.size(); r++) {
            long board = space.unrank(r);
            int estimate = h.estimate(board);
            int manhattan = h.manhattan(board);
            assertTrue(estimate <= table.get(r), () -> p.format(board) + " estimate " + estimate);
            assertTrue(manhattan <= estimate);
            assertEquals(table.get(r) & 1, estimate & 1, "parity of the estimate equals parity of the distance");
            if (estimate > manhattan) {
                tighter++;
            }
        }
        assertTrue(tighter > 0, "linear conflicts add to Manhattan somewhere");
    }
}
