package io.puzzleatlas.jobs.explore;

/**
 * A range file that cannot serve the task asked of it: missing on this host (its executor's disk was lost), or already
 * past the level the task expands (a task run again after its range was merged). The search cannot go on from such a
 * range; the driver goes back to the last checkpoint.
 */
final class StaleRangeException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    StaleRangeException(String message) {
        super(message);
    }
}
