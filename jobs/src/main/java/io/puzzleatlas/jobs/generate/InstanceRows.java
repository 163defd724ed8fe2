package io.puzzleatlas.jobs.generate;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.core.puzzle.RandomInstances;
import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Makes the {@code instances/} row of each instance id on the executors: the id-th board of the
 * instance space ({@code --all}), or a board drawn from a generator seeded by (seed, id)
 * ({@code --random}, {@code --scramble}), so the rows do not depend on the partitioning.
 * Captures only the puzzle's name and the options; the puzzle is rebuilt once per partition.
 */
final class InstanceRows implements MapPartitionsFunction<Long, Row> {
    private static final long serialVersionUID = 1L;

    /** How boards are drawn. */
    enum Mode { ALL, RANDOM, SCRAMBLE }

    private final String puzzleName;
    private final String goalText;
    private final Mode mode;
    private final long seed;
    private final int steps;

    InstanceRows(String puzzleName, String goalText, Mode mode, long seed, int steps) {
        this.puzzleName = puzzleName;
        this.goalText = goalText;
        this.mode = mode;
        this.seed = seed;
        this.steps = steps;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> ids) {
        Puzzle puzzle = Puzzles.byName(puzzleName);
        String name = puzzle.name();
        boolean goals = puzzle.enumeratesGoals();
        // The fixed end of every instance: the goal, or for the magic board the start.
        long fixed = goals ? puzzle.defaultStart() : goalText == null ? puzzle.defaultGoal() : puzzle.parse(goalText);
        String fixedText = puzzle.hasGoalBoard() ? puzzle.format(fixed) : null;
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return ids.hasNext();
            }

            @Override
            public Row next() {
                long id = ids.next();
                long board = switch (mode) {
                    case ALL -> puzzle.board(id, fixed);
                    case RANDOM -> RandomInstances.uniform(puzzle, fixed, seed, id);
                    case SCRAMBLE -> RandomInstances.scramble(puzzle, fixed, steps, seed, id);
                };
                String text = puzzle.format(board);
                return goals ? RowFactory.create(name, id, fixedText, text, null)
                        : RowFactory.create(name, id, text, fixedText, null);
            }
        };
    }
}
