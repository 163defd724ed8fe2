package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.jobs.io.Schemas.Records;
import io.puzzleatlas.jobs.io.Schemas;
import org.apache.spark.sql.Row;

/**
 * Validates one {@link Schemas#RECORDS} row at a time: either it is a legal instance, whose
 * start, goal and step limit are then in this object's fields (reused, no object per row), or
 * the reason it is not. Both the solving pass and the errors pass use it, so they agree on
 * every record.
 */
final class RecordParser {
    private static final int MAX_STEP_LIMIT = 1_000_000;

    private final Puzzle puzzle;
    private final BoardText text;
    private final String defaultGoal;
    long start;
    long goal;
    Integer stepLimit;
    /** Canonical text forms of start and goal (goal null without a goal board). */
    String startText;
    String goalText;

    RecordParser(Puzzle puzzle, String defaultGoalText) {
        this.puzzle = puzzle;
        this.text = new BoardText(puzzle);
        this.defaultGoal = !puzzle.hasGoalBoard() ? null
                : defaultGoalText != null ? defaultGoalText : puzzle.format(puzzle.defaultGoal());
    }

    /** Null when {@code r} is a legal instance (fields set), else why it is not. */
    String check(Row r) {
        String reason = r.getString(Records.REASON);
        if (reason != null) {
            return reason;
        }
        try {
            String rowPuzzle = r.getString(Records.PUZZLE);
            if (rowPuzzle != null && !rowPuzzle.equals(puzzle.name())) {
                throw new InvalidBoardException("puzzle '" + rowPuzzle + "' is not " + puzzle.name());
            }
            String startRaw = r.getString(Records.START);
            start = text.parse(startRaw);
            startText = text.canonicalText(startRaw, start);
            String goalRaw = r.getString(Records.GOAL);
            goal = -1;
            goalText = null;
            if (puzzle.hasGoalBoard()) {
                goal = text.goal(goalRaw != null ? goalRaw : defaultGoal);
                goalText = text.goalText();
            } else if (goalRaw != null) {
                throw new InvalidBoardException(puzzle.name() + "'s goal is a condition, not a board: the goal must be empty");
            }
            stepLimit = stepLimit(r.getString(Records.STEP_LIMIT));
            return null;
        } catch (InvalidBoardException e) {
            return e.getMessage();
        }
    }

    private static Integer stepLimit(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        boolean digits = !t.isEmpty() && t.length() <= 7;
        for (int i = 0; digits && i < t.length(); i++) {
            digits = t.charAt(i) >= '0' && t.charAt(i) <= '9';
        }
        if (!digits || Integer.parseInt(t) > MAX_STEP_LIMIT) {
            throw new InvalidBoardException("step limit '" + (t.length() <= 20 ? t : t.substring(0, 20) + "...")
                    + "' is not an integer in 0.." + MAX_STEP_LIMIT);
        }
        return Integer.parseInt(t);
    }
}
