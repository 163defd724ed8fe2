package io.puzzleatlas.jobs;

/**
 * A job that cannot run as asked although its command line is well formed: an input that cannot be read or does not
 * hold together, an output that cannot be written. Its message names the file or option and the reason; it ends the
 * command with {@link ExitCode#REFUSED}.
 */
public class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RefusedException(String message) {
        super(message);
    }

    public RefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
