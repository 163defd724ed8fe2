package io.puzzleatlas.core.table;

/**
 * A table that a solver needs and may not build here (on a Spark executor, or with building switched off) is missing or
 * bad; the message names the file, the reason and the remedy.
 */
public final class TableUnavailableException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public TableUnavailableException(String message) {
        super(message);
    }
}
