package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.UnreachableBoardException;
import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.io.Schemas.Records;
import org.apache.spark.sql.Row;

/**
 * Validates one {@link Schemas#RECORDS} row at a time: either it is a legal instance, whose start, goal and step limit
 * are then in this object's fields (reused, no object per row), or the reason it is not. Both the solving pass and the
 * errors pass use it, so they agree on every record. A well-formed board that its puzzle refuses as unreachable (a
 * defined puzzle's state outside its group) is a legal instance whose answer is known: {@link #unsolvable} says why,
 * and the solving pass writes it as {@code UNSOLVABLE} without a search.
 */
final class RecordParser {
    private static final int MAX_STEP_LIMIT = 1_000_000;
    /** How an unreachable start or goal's reason begins (as a search that finds no link says it). */
    static final String UNREACHABLE = "goal is not reachable from this board: ";

    private final Puzzle puzzle;
    private final BoardParser boards;
    private final String defaultGoal;
    /** Text operations of a puzzle whose boards do not fit a long, else null. */
    private final WideBoards wide;

    private String lastGoalRaw;
    private String lastGoalCanonical;
    long start;
    long goal;
    Integer stepLimit;
    /** Canonical text forms of start and goal (goal null without a goal board). */
    String startText;

    String goalText;
    /** Why the instance just checked is unsolvable without a search (start or goal unreachable), or null. */
    String unsolvable;

    RecordParser(Puzzle puzzle, String defaultGoalText) {
        this.puzzle = puzzle;
        this.boards = new BoardParser(puzzle);
        this.wide = puzzle.wide();
        this.defaultGoal = !puzzle.hasGoalBoard()
                ? null
                : defaultGoalText != null
                        ? defaultGoalText
                        : wide != null ? wide.defaultGoal() : puzzle.format(puzzle.defaultGoal());
    }

    /** Null when {@code r} is a legal instance (fields set), else why it is not. */
    String check(Row r) {
        String reason = r.getString(Records.REASON);
        if (reason != null) {
            return reason;
        }
        unsolvable = null;
        try {
            String rowPuzzle = r.getString(Records.PUZZLE);
            if (rowPuzzle != null && !rowPuzzle.equals(puzzle.name())) {
                throw new InvalidBoardException("puzzle '" + rowPuzzle + "' is not " + puzzle.name());
            }
            String startRaw = r.getString(Records.START);
            if (wide != null) {
                checkWide(startRaw, r.getString(Records.GOAL));
                stepLimit = stepLimit(r.getString(Records.STEP_LIMIT));
                return null;
            }
            if (startRaw != null && startRaw.startsWith(CsvRecords.SCRAMBLE_MARK)) {
                start = puzzle.scrambled(startRaw.substring(CsvRecords.SCRAMBLE_MARK.length()));
                startText = puzzle.format(start);
            } else {
                try {
                    start = boards.parse(startRaw);
                    startText = boards.canonicalText(startRaw, start);
                } catch (UnreachableBoardException e) {
                    start = -1;
                    startText = boards.tokensText();
                    unsolvable = UNREACHABLE + e.getMessage();
                }
            }
            String goalRaw = r.getString(Records.GOAL);
            goal = -1;
            goalText = null;
            if (puzzle.hasGoalBoard()) {
                try {
                    goal = boards.goal(goalRaw != null ? goalRaw : defaultGoal);
                    goalText = boards.goalText();
                } catch (UnreachableBoardException e) {
                    goalText = boards.tokensText();
                    unsolvable = UNREACHABLE + "the goal: " + e.getMessage();
                }
            } else if (goalRaw != null) {
                throw new InvalidBoardException(
                        puzzle.name() + "'s goal is a condition, not a board: the goal must be empty");
            }
            stepLimit = stepLimit(r.getString(Records.STEP_LIMIT));
            return null;
        } catch (InvalidBoardException e) {
            return e.getMessage();
        }
    }

    /** Whether this parser's puzzle hands boards to the solver as text ({@link #startText}, {@link #goalText}). */
    boolean wide() {
        return wide != null;
    }

    /** Boards that do not fit a long: the canonical texts, the goal's kept while consecutive rows share it. */
    private void checkWide(String startRaw, String goalRaw) {
        if (startRaw == null || startRaw.isBlank()) {
            throw new InvalidBoardException("empty board");
        }
        start = -1;
        goal = -1;
        startText = startRaw.startsWith(CsvRecords.SCRAMBLE_MARK)
                ? wide.scrambled(startRaw.substring(CsvRecords.SCRAMBLE_MARK.length()))
                : wide.canonical(startRaw);
        String g = goalRaw != null ? goalRaw : defaultGoal;
        if (!g.equals(lastGoalRaw)) {
            if (g.isBlank()) {
                throw new InvalidBoardException("empty board");
            }
            lastGoalCanonical = wide.canonical(g);
            lastGoalRaw = g;
        }
        goalText = lastGoalCanonical;
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
