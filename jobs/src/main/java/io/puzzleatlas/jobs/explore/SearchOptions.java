package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.io.OutputExistsException;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of a long breadth-first search that every command running one takes ({@code explore}'s
 * Spark engine, the atlas's two-bit search): checkpoints by time, {@code --resume}, and a level
 * after which to stop.
 */
public final class SearchOptions {
    @Option(names = "--checkpoint-minutes", paramLabel = "M", defaultValue = "10",
            description = "long searches: write a checkpoint between levels once M minutes have passed since the last "
                    + "(default: ${DEFAULT-VALUE})")
    double checkpointMinutes;

    @Option(names = "--resume", description = "long searches: continue from the latest checkpoint in DIR (checked "
            + "against its checksums); without it an existing checkpoint is refused unless --overwrite, which discards it")
    boolean resume;

    @Option(names = "--max-levels", paramLabel = "L", defaultValue = "" + Integer.MAX_VALUE,
            showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "long searches: stop after L levels, leaving a checkpoint for --resume (exit status 4)")
    int maxLevels;

    public double checkpointMinutes() {
        return checkpointMinutes;
    }

    public boolean resume() {
        return resume;
    }

    public int maxLevels() {
        return maxLevels;
    }

    /** Whether --resume or --max-levels was given. */
    public boolean given() {
        return resume || maxLevels != Integer.MAX_VALUE;
    }

    /** Usage errors: a level limit below 1, negative minutes. */
    public void check(CommandLine commandLine) {
        if (maxLevels < 1) {
            throw new ParameterException(commandLine, "--max-levels must be at least 1, not " + maxLevels);
        }
        if (!(checkpointMinutes >= 0)) {
            throw new ParameterException(commandLine, "--checkpoint-minutes must be 0 or more, not " + checkpointMinutes);
        }
    }

    /**
     * Refuses (status {@link ExitCode#REFUSED}) a run without --resume that would start from depth 0
     * over an earlier run's checkpoint in {@code dir}, unless {@code overwrite} discards it.
     */
    public void guard(boolean present, boolean overwrite, Path dir) {
        if (!resume && !overwrite && present) {
            throw new OutputExistsException(dir + " holds the checkpoint of an earlier run; "
                    + "pass --resume to continue it or --overwrite to discard it");
        }
    }
}
