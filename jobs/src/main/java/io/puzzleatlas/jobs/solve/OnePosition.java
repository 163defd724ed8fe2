package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.UsageException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * {@code solve --board}: one position given on the command line, solved in this JVM by the puzzle's solver (the same
 * one the local engine's tasks use), no Spark and no output directory. The board is read as a CSV's {@code start} field
 * is ({@link RecordParser}); a text that is no board of the puzzle but a sequence of its move names is read as a CSV's
 * {@code scramble} field (the moves played from the solved state).
 */
public final class OnePosition {
    private OnePosition() {}

    /** The answer: the board's canonical text, the goal's, and what the solver found. */
    public record Answer(String start, String goal, SolveResult result) {}

    /**
     * Solves {@code board} toward {@code goal} (null: the puzzle's), with {@code settings} (a plan made on this driver,
     * the tables built here when missing).
     *
     * @throws UsageException for a board that is neither a board nor a scramble of the puzzle (the board's reason)
     */
    public static Answer solve(
            PuzzleHandle puzzle, String board, String goal, SolverSettings settings, Long maxNodes, Long maxMillis) {
        RecordParser parser = new RecordParser(puzzle.puzzle(), goal);
        String reason = parser.check(record(board));
        if (reason != null) {
            String asBoard = reason;
            reason = parser.check(record(CsvRecords.SCRAMBLE_MARK + board.strip()));
            if (reason != null) {
                throw new UsageException("--board '" + board + "': " + asBoard);
            }
        }
        SolveResult result;
        if (parser.unsolvable != null) {
            result = SolveResult.unsolvable(parser.unsolvable, 0);
        } else {
            PuzzleSolver solver = puzzle.solver(settings);
            Budget budget = Budget.of(maxNodes, maxMillis);
            result = parser.wide()
                    ? solver.solveText(parser.startText, parser.goalText, budget)
                    : solver.solve(parser.start, parser.goal, budget);
        }
        return new Answer(parser.startText, parser.goalText, result);
    }

    private static Row record(String start) {
        return RowFactory.create(null, 1L, start, null, null, "--board", 1L, start, null);
    }
}
