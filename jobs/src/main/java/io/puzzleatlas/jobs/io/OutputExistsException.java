package io.puzzleatlas.jobs.io;

import io.puzzleatlas.jobs.RefusedException;

/** An output dataset exists and the job was not told to replace it. */
public final class OutputExistsException extends RefusedException {
    private static final long serialVersionUID = 1L;

    public OutputExistsException(String message) {
        super(message);
    }
}
