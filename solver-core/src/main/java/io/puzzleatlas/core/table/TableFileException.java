package io.puzzleatlas.core.table;

import java.io.IOException;

/** A table file that must not be used: truncated, corrupt, of another format version, or for other tables. */
public final class TableFileException extends IOException {
    private static final long serialVersionUID = 1L;

    public TableFileException(String message) {
        super(message);
    }
}
