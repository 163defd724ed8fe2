package io.puzzleatlas.jobs;

/**
 * A command line that cannot work, found after parsing (a value out of range, an unknown Spark master, a Spark setting
 * of the wrong type); its message names the option. It ends the command with {@link ExitCode#USAGE}.
 */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    /** With the failure it explains (Spark's, at start-up), for {@code --debug}'s stack trace. */
    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
