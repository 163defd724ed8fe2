package io.puzzleatlas.core.puzzle;

/**
 * A record that is not a legal board of its puzzle. The message says what is wrong (wrong count, repeated or missing
 * tile, symbol out of range, unparsable text) and, where the caller knows it, where. A well-formed board that no move
 * sequence reaches is an {@link UnreachableBoardException}.
 */
public class InvalidBoardException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidBoardException(String reason) {
        super(reason);
    }

    /** The same reason prefixed with a location, e.g. {@code "input.csv line 7: "}. */
    public InvalidBoardException at(String where) {
        return new InvalidBoardException(where + ": " + getMessage());
    }
}
