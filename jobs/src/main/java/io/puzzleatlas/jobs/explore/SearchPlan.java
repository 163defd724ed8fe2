package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.io.OutputExistsException;
import org.apache.hadoop.fs.Path;

/**
 * How a long breadth-first search checkpoints, resumes and stops ({@link SearchOptions}, as a job receives them).
 *
 * @param checkpointMinutes minutes between checkpoints
 * @param resume continue from the latest checkpoint
 * @param maxLevels stop after this many levels, leaving a checkpoint
 */
public record SearchPlan(double checkpointMinutes, boolean resume, int maxLevels) {

    /** Whether --resume or --max-levels was given. */
    public boolean given() {
        return resume || maxLevels != Integer.MAX_VALUE;
    }

    /**
     * Refuses (status {@link ExitCode#REFUSED}) a run without --resume that would start from depth 0 over an earlier
     * run's checkpoint in {@code dir}, unless {@code overwrite} discards it.
     */
    public void guard(boolean present, boolean overwrite, Path dir) {
        if (!resume && !overwrite && present) {
            throw new OutputExistsException(dir + " holds the checkpoint of an earlier run; "
                    + "pass --resume to continue it or --overwrite to discard it");
        }
    }
}
