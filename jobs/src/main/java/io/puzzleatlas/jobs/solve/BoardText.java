package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;

/**
 * Text to board for the solve loop: splits on whitespace by hand (no regex per row) and
 * remembers the last goal text, since a data set usually shares one goal across all rows.
 */
final class BoardText {
    private final Puzzle puzzle;
    private final String[] tokens;
    private String lastGoalText;
    private long lastGoal;

    BoardText(Puzzle puzzle) {
        this.puzzle = puzzle;
        this.tokens = new String[puzzle.cellCount()];
    }

    /** The board of a text; throws {@link InvalidBoardException} saying why not. */
    long parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidBoardException("empty board");
        }
        int count = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i == n) {
                break;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (count == tokens.length) {
                // Count the rest only to report it.
                int extra = 1;
                while (i < n) {
                    while (i < n && Character.isWhitespace(text.charAt(i))) {
                        i++;
                    }
                    if (i < n) {
                        extra++;
                    }
                    while (i < n && !Character.isWhitespace(text.charAt(i))) {
                        i++;
                    }
                }
                throw new InvalidBoardException("expected " + tokens.length + " tokens for " + puzzle.name() + ", got "
                        + (count + extra));
            }
            tokens[count++] = text.substring(start, i);
        }
        if (count < tokens.length) {
            throw new InvalidBoardException("expected " + tokens.length + " tokens for " + puzzle.name() + ", got " + count);
        }
        return puzzle.parse(tokens);
    }

    /** The goal of a text, parsed once per distinct consecutive text. */
    long goal(String text) {
        if (!text.equals(lastGoalText)) {
            lastGoal = parse(text);
            lastGoalText = text;
        }
        return lastGoal;
    }
}
