package io.puzzleatlas.jobs.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks shared by several commands' options, each written once. */
public final class Options {
    private Options() {
    }

    /** Refuses {@code value} of {@code option} below 1 (null: not given, accepted). */
    public static void atLeastOne(CommandSpec spec, String option, Integer value) {
        if (value != null && value < 1) {
            throw new ParameterException(spec.commandLine(), option + " must be at least 1, not " + value);
        }
    }
}
