package io.puzzleatlas.jobs;

import io.puzzleatlas.jobs.cli.JudgeCommand;
import io.puzzleatlas.jobs.cli.TablesCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code puzzle-atlas.jar}: one subcommand per job. */
@Command(name = "puzzle-atlas", mixinStandardHelpOptions = true, version = "Puzzle Atlas 0.1.0",
        description = "Bulk optimal solving and state-space mapping of permutation puzzles.",
        subcommands = {JudgeCommand.class, TablesCommand.class})
public final class Main implements Runnable {

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs a command line and returns its exit status (2 for bad input or usage). */
    public static int run(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
