package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks shared by several commands' options, each written once. */
public final class Options {
    private Options() {}

    /** Refuses a {@code --goal} that is not a board of {@code puzzle} (packed or wide), naming the option. */
    public static void checkGoal(CommandSpec spec, Puzzle puzzle, String goal) {
        try {
            if (puzzle.wide() != null) {
                puzzle.wide().canonical(goal);
            } else {
                puzzle.parse(goal);
            }
        } catch (InvalidBoardException e) {
            throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
        }
    }

    /** Refuses {@code value} of {@code option} below 1 (null: not given, accepted). */
    public static void atLeastOne(CommandSpec spec, String option, Integer value) {
        if (value != null && value < 1) {
            throw new ParameterException(spec.commandLine(), option + " must be at least 1, not " + value);
        }
    }
}
