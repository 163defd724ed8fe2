package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.search.PuzzleSolver;
import java.util.Objects;

/**
 * A task's solver with the tables of the goal in hand loaded before an instance is timed
 * ({@link PuzzleSolver#prepare}): loading is not an instance's time. Consecutive instances usually share their goal, so
 * the solver is asked again only when the goal changes.
 */
final class PreparedGoal {
    private final PuzzleSolver solver;
    private boolean any;
    private String goal;

    PreparedGoal(PuzzleSolver solver) {
        this.solver = solver;
    }

    /** Loads what solving toward {@code goal} (null: the puzzle's own) needs, unless the last call did. */
    void prepare(String goal) {
        if (!any || !Objects.equals(this.goal, goal)) {
            solver.prepare(goal);
            this.goal = goal;
            any = true;
        }
    }
}
