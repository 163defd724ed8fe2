package io.puzzleatlas.jobs;

import io.puzzleatlas.jobs.cli.AtlasCommand;
import io.puzzleatlas.jobs.cli.BenchCommand;
import io.puzzleatlas.jobs.cli.ClusterCommand;
import io.puzzleatlas.jobs.cli.JudgeCommand;
import io.puzzleatlas.jobs.cli.ReportCommand;
import io.puzzleatlas.jobs.cli.TablesCommand;
import io.puzzleatlas.jobs.explore.ExploreCommand;
import io.puzzleatlas.jobs.generate.GenerateCommand;
import io.puzzleatlas.jobs.io.OutputExistsException;
import io.puzzleatlas.jobs.solve.SolveCommand;
import io.puzzleatlas.jobs.spark.ConfFile;
import io.puzzleatlas.jobs.spark.SparkHome;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code puzzle-atlas.jar}: one subcommand per job. */
@Command(name = "puzzle-atlas", mixinStandardHelpOptions = true, version = "Puzzle Atlas 0.1.0",
        description = "Bulk optimal solving and state-space mapping of permutation puzzles.",
        subcommands = {GenerateCommand.class, SolveCommand.class, ExploreCommand.class, AtlasCommand.class,
            ReportCommand.class, TablesCommand.class, ClusterCommand.class, JudgeCommand.class, BenchCommand.class})
public final class Main implements Runnable {
    /** Exit status when a job cannot run as asked (existing output, unreadable input). */
    public static final int JOB_REFUSED = 3;

    public static void main(String[] args) {
        // Before anything creates a logger: the quiet console of conf/log4j2.properties.
        ConfFile.configureLogging();
        // local-cluster[...] from the runnable jar: the driver runs again with a Spark home.
        int relaunched = SparkHome.relaunchForLocalCluster(Main.class.getName(), args);
        System.exit(relaunched >= 0 ? relaunched : run(args));
    }

    /** Runs a command line and returns its exit status (2 for bad usage, 3 for a refused job). */
    public static int run(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof OutputExistsException || e instanceof UncheckedIOException
                    || e instanceof IllegalArgumentException) {
                commandLine.getErr().println(commandLine.getCommandName() + ": " + e.getMessage());
                commandLine.getErr().flush();
                return JOB_REFUSED;
            }
            throw e;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }
}
