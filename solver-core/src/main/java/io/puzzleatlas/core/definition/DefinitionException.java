package io.puzzleatlas.core.definition;

/**
 * A definition file refused: the message is one line, {@code FILE:LINE: reason}, so an editor can jump to it. Thrown
 * for every malformed input (never a parser's stack trace or an out-of-memory error).
 */
public final class DefinitionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param line the line the reason is about; 0 for the whole file (then {@code FILE: reason}) */
    public DefinitionException(String file, int line, String reason) {
        super(file + (line > 0 ? ":" + line : "") + ": " + reason);
    }
}
