package io.puzzleatlas.jobs.io;

/** An output dataset exists and the job was not told to replace it. */
public final class OutputExistsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public OutputExistsException(String message) {
        super(message);
    }
}
