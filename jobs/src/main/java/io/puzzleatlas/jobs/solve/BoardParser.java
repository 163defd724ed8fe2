package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;

/**
 * Parses boards' text for the solve loop: splits on whitespace by hand (no regex per row), tells whether the text was
 * already canonical, and remembers the last goal text, since a data set usually shares one goal across all rows.
 */
final class BoardParser {
    private final Puzzle puzzle;
    private final String[] tokens;
    private String lastGoalText;
    private long lastGoal;
    private String lastGoalCanonical;
    /** The text last given to {@link #parse}. */
    private String lastText;
    /** Whether the last parsed text was already in the canonical text form. */
    private boolean canonical;

    BoardParser(Puzzle puzzle) {
        this.puzzle = puzzle;
        this.tokens = new String[puzzle.cellCount()];
    }

    /** The board of a text; throws {@link InvalidBoardException} saying why not. */
    long parse(String text) {
        lastText = text;
        if (text == null || text.isBlank()) {
            throw new InvalidBoardException("empty board");
        }
        if (!puzzle.tokenPerCell()) {
            long board = puzzle.parse(text);
            canonical = text.equals(puzzle.format(board));
            return board;
        }
        int count = 0;
        int n = text.length();
        int i = 0;
        canonical = true;
        while (i < n) {
            boolean separatorOk = i == 0
                    ? !Character.isWhitespace(text.charAt(0))
                    : text.charAt(i) == ' ' && i + 1 < n && !Character.isWhitespace(text.charAt(i + 1));
            if (!separatorOk) {
                canonical = false;
            }
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
                throw new InvalidBoardException(
                        "expected " + tokens.length + " tokens for " + puzzle.name() + ", got " + (count + extra));
            }
            if ((i - start > 1 && text.charAt(start) == '0') || !digitsOnly(text, start, i)) {
                canonical = false;
            }
            tokens[count++] = text.substring(start, i);
        }
        if (count < tokens.length) {
            throw new InvalidBoardException(
                    "expected " + tokens.length + " tokens for " + puzzle.name() + ", got " + count);
        }
        return puzzle.parse(tokens);
    }

    /**
     * The text just parsed, its tokens one space apart: the canonical text of a board its puzzle refused as unreachable
     * ({@link io.puzzleatlas.core.puzzle.UnreachableBoardException}), which has no board to format.
     */
    String tokensText() {
        return String.join(" ", lastText.strip().split("\\s+"));
    }

    /** The canonical text form of the board just parsed from {@code text}: the text itself when it already is. */
    String canonicalText(String text, long board) {
        return canonical ? text : puzzle.format(board);
    }

    /** The goal of a text, parsed once per distinct consecutive text. */
    long goal(String text) {
        if (!text.equals(lastGoalText)) {
            lastGoal = parse(text);
            lastGoalCanonical = canonicalText(text, lastGoal);
            lastGoalText = text;
        }
        return lastGoal;
    }

    /** The canonical text of the last goal. */
    String goalText() {
        return lastGoalCanonical;
    }

    private static boolean digitsOnly(String text, int from, int to) {
        for (int k = from; k < to; k++) {
            char ch = text.charAt(k);
            if (ch < '0' || ch > '9') {
                return false;
            }
        }
        return true;
    }
}
