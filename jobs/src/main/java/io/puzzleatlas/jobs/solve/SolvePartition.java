package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Solvers;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.jobs.io.Schemas;
import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Validates and solves each record of a partition: {@link Schemas#RECORDS} in,
 * {@link Schemas#SOLVED} out, one row per record whatever happens to it. The solver is the
 * JVM's shared one ({@link Solvers#forName}), so its tables are built once per executor JVM
 * and reused by every task; this function captures only names and numbers.
 */
final class SolvePartition implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;
    private static final int MAX_STEP_LIMIT = 1_000_000;

    private final String puzzleName;
    private final String defaultGoalText;
    private final Long maxNodes;
    private final Long maxMillis;

    SolvePartition(String puzzleName, String defaultGoalText, Long maxNodes, Long maxMillis) {
        this.puzzleName = puzzleName;
        this.defaultGoalText = defaultGoalText;
        this.maxNodes = maxNodes;
        this.maxMillis = maxMillis;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> records) {
        PuzzleSolver solver = Solvers.forName(puzzleName);
        Puzzle puzzle = solver.puzzle();
        Budget budget = Budget.of(maxNodes, maxMillis);
        BoardText text = new BoardText(puzzle);
        String defaultGoal = !puzzle.hasGoalBoard() ? null
                : defaultGoalText != null ? defaultGoalText : puzzle.format(puzzle.defaultGoal());
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return records.hasNext();
            }

            @Override
            public Row next() {
                return solve(records.next(), solver, puzzle, budget, text, defaultGoal);
            }
        };
    }

    private static Row solve(Row r, PuzzleSolver solver, Puzzle puzzle, Budget budget, BoardText text, String defaultGoal) {
        String source = r.getString(5);
        long line = r.getLong(6);
        String raw = r.getString(7);
        long id = r.getLong(1);
        String reason = r.getString(8);
        if (reason != null) {
            return invalid(puzzle, id, source, line, raw, reason);
        }
        try {
            String rowPuzzle = r.getString(0);
            if (rowPuzzle != null && !rowPuzzle.equals(puzzle.name())) {
                throw new InvalidBoardException("puzzle '" + rowPuzzle + "' is not " + puzzle.name());
            }
            long start = text.parse(r.getString(2));
            String goalText = r.getString(3);
            long goal = -1;
            if (puzzle.hasGoalBoard()) {
                goal = text.goal(goalText != null ? goalText : defaultGoal);
            } else if (goalText != null) {
                throw new InvalidBoardException(puzzle.name() + "'s goal is a condition, not a board: the goal must be empty");
            }
            Integer limit = stepLimit(r.getString(4));
            long t0 = System.nanoTime();
            SolveResult result = solver.solve(start, goal, budget).withStepLimit(limit);
            long micros = (System.nanoTime() - t0) / 1000;
            return RowFactory.create(puzzle.name(), id, puzzle.format(start),
                    puzzle.hasGoalBoard() ? puzzle.format(goal) : null, limit, result.status().name(),
                    result.length() < 0 ? null : result.length(), result.moves(), result.nodes(), micros,
                    result.reason(), source, line, raw);
        } catch (InvalidBoardException e) {
            return invalid(puzzle, id, source, line, raw, e.getMessage());
        }
    }

    private static Integer stepLimit(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        boolean digits = !t.isEmpty() && t.length() <= 7 && t.chars().allMatch(c -> c >= '0' && c <= '9');
        if (!digits || Integer.parseInt(t) > MAX_STEP_LIMIT) {
            throw new InvalidBoardException("step limit '" + abbreviate(t) + "' is not an integer in 0.." + MAX_STEP_LIMIT);
        }
        return Integer.parseInt(t);
    }

    private static String abbreviate(String t) {
        return t.length() <= 20 ? t : t.substring(0, 20) + "...";
    }

    private static Row invalid(Puzzle puzzle, long id, String source, long line, String raw, String reason) {
        return RowFactory.create(puzzle.name(), id, "", null, null, Status.INVALID.name(), null, null, 0L, 0L, reason,
                source, line, raw);
    }
}
