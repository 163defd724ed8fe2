package io.puzzleatlas.jobs;

/**
 * The exit statuses of every command (docs/cli.md has the table). A command prints one line on stderr for every status
 * but {@link #OK} and {@link #DID_NOT_RECONCILE}.
 */
public enum ExitCode {
    /** The job ran and its counts reconcile. */
    OK(0),
    /** The job ran but read != results + errors. */
    DID_NOT_RECONCILE(1),
    /**
     * Bad command line: unknown option, value out of range, options that do not go together; judge: bad contest input.
     */
    USAGE(2),
    /**
     * The command line is fine but the job cannot run as asked: existing or unwritable output, unreadable or
     * inconsistent input.
     */
    REFUSED(3),
    /**
     * {@code --max-levels} ({@code explore}, {@code atlas}) stopped the search before its end, leaving a checkpoint.
     */
    STOPPED_EARLY(4),
    /**
     * Stopped by SIGTERM: the JVM's own status for it (128 + 15; Ctrl-C's SIGINT gives 130), after the command's line
     * saying what was kept and how to continue.
     */
    INTERRUPTED(143),
    /**
     * A failure of the program or the machine (out of memory, an unexpected exception): one line, {@code --debug} for
     * the trace.
     */
    INTERNAL(70);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    /** The process exit status. */
    public int code() {
        return code;
    }
}
