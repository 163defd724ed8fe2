package io.puzzleatlas.core.judge;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;

/** Reads one board's worth of tokens and parses it, naming the position on failure. */
public final class BoardTokens {
    private BoardTokens() {}

    /** Reads a board whose first token is {@code first} (already read); null first means end. */
    public static long read(Puzzle puzzle, TokenReader in, String first, String firstPosition) {
        int n = puzzle.cellCount();
        String[] tokens = new String[n];
        tokens[0] = first;
        for (int i = 1; i < n; i++) {
            tokens[i] = in.next();
            if (tokens[i] == null) {
                throw new JudgeInputException(
                        "board starting at " + firstPosition + ": input ends after " + i + " of " + n + " tokens");
            }
        }
        try {
            return puzzle.parse(tokens);
        } catch (InvalidBoardException e) {
            throw new JudgeInputException("board starting at " + firstPosition + ": " + e.getMessage());
        }
    }
}
