package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.SantaPuzzle;
import io.puzzleatlas.core.santa.SantaSolver;
import io.puzzleatlas.core.santa.SearchBudget;
import java.io.Serializable;

/**
 * What a task needs to answer one puzzle, shipped by the driver: the puzzle (its type with it), the incumbent row that
 * reaches its goal (or null) and the budget. The answer is the core's ({@link SantaSolver#answer}).
 */
record SantaTask(SantaPuzzle puzzle, int[] kept, SearchBudget budget) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The puzzle searched and answered, in whatever JVM runs it. */
    SantaAnswer answer() {
        return SantaAnswer.of(SantaSolver.answer(puzzle, kept, true, budget));
    }
}
