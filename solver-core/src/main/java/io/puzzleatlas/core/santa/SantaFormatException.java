package io.puzzleatlas.core.santa;

/**
 * A Santa 2023 file refused: the message is one line, {@code FILE:LINE: reason} (or {@code FILE: reason}), naming the
 * puzzle id or type at fault where there is one. Thrown for every malformed input, never a parser's stack trace.
 */
public final class SantaFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SantaFormatException(String file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
    }

    /** A refusal of the file as a whole: {@code FILE: reason}. */
    public SantaFormatException(String file, String reason) {
        super(file + ": " + reason);
    }
}
