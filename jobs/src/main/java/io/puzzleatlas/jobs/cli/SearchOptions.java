package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.jobs.explore.SearchPlan;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The options of a long breadth-first search that every command running one takes ({@code explore}'s Spark engine, the
 * atlas's two-bit search): checkpoints by time, {@code --resume}, and a level after which to stop. Checked here, handed
 * to the job as a {@link SearchPlan}.
 */
public final class SearchOptions {
    @Option(
            names = "--checkpoint-minutes",
            paramLabel = "M",
            defaultValue = "10",
            description = "long searches: write a checkpoint between levels once M minutes have passed since the last "
                    + "(default: ${DEFAULT-VALUE})")
    double checkpointMinutes;

    @Option(
            names = "--resume",
            description = "long searches: continue from the latest checkpoint in DIR (checked "
                    + "against its checksums); without it an existing checkpoint is refused unless "
                    + "--overwrite, which discards it")
    boolean resume;

    @Option(
            names = "--max-levels",
            paramLabel = "L",
            defaultValue = "" + Integer.MAX_VALUE,
            showDefaultValue = CommandLine.Help.Visibility.NEVER,
            description = "long searches: stop after L levels, leaving a checkpoint for --resume (exit status 4)")
    int maxLevels;

    /** The checked values: usage errors for a level limit below 1 or negative minutes. */
    SearchPlan plan(CommandLine commandLine) {
        if (maxLevels < 1) {
            throw new ParameterException(commandLine, "--max-levels must be at least 1, not " + maxLevels);
        }
        if (!(checkpointMinutes >= 0)) {
            throw new ParameterException(
                    commandLine, "--checkpoint-minutes must be 0 or more, not " + checkpointMinutes);
        }
        return new SearchPlan(checkpointMinutes, resume, maxLevels);
    }
}
