package io.puzzleatlas.jobs;

import io.puzzleatlas.core.definition.DefinitionException;
import io.puzzleatlas.jobs.cli.AtlasCommand;
import io.puzzleatlas.jobs.cli.ClusterCommand;
import io.puzzleatlas.jobs.cli.ExploreCommand;
import io.puzzleatlas.jobs.cli.GenerateCommand;
import io.puzzleatlas.jobs.cli.JudgeCommand;
import io.puzzleatlas.jobs.cli.ReportCommand;
import io.puzzleatlas.jobs.cli.SantaCommand;
import io.puzzleatlas.jobs.cli.ShowCommand;
import io.puzzleatlas.jobs.cli.SolveCommand;
import io.puzzleatlas.jobs.cli.TablesCommand;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.solve.ShortRunJit;
import io.puzzleatlas.jobs.spark.ConfFile;
import io.puzzleatlas.jobs.spark.SparkHome;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * Entry point of {@code puzzle-atlas.jar}: one subcommand per job. Every way a command can end maps to one
 * {@link ExitCode}; every failure prints exactly one line on stderr, {@code COMMAND: what and why}, and a stack trace
 * only with {@code --debug}.
 */
@Command(
        name = "puzzle-atlas",
        mixinStandardHelpOptions = true,
        version = Main.VERSION,
        description = "Bulk optimal solving and state-space mapping of permutation puzzles.")
public final class Main implements Runnable {
    static final String VERSION = "Puzzle Atlas 0.1.0";
    /** The subcommands, in the order the usage lists them. */
    private static final List<Class<?>> COMMANDS = List.of(
            GenerateCommand.class,
            SolveCommand.class,
            ExploreCommand.class,
            AtlasCommand.class,
            ReportCommand.class,
            TablesCommand.class,
            ClusterCommand.class,
            JudgeCommand.class,
            SantaCommand.class,
            ShowCommand.class);
    /** The longest a stopping JVM waits for the command's line. */
    private static final long LINE_MILLIS = 10_000;
    /** Counted down when the command has ended and printed its line. */
    private static final CountDownLatch ENDED = new CountDownLatch(1);

    /** The -D switches of this run, read once where it started. */
    private final Switches switches;

    @Option(
            names = "--debug",
            scope = ScopeType.INHERIT,
            description = "on failure, print the stack trace after the one-line message")
    boolean debug;

    public static void main(String[] args) {
        // Before anything creates a logger: the quiet console of conf/log4j2.properties, or with
        // --debug Spark's own default logging (INFO, stack traces included).
        boolean quiet = !Arrays.asList(args).contains("--debug") && ConfFile.configureLogging();
        // local-cluster[...] from the runnable jar: the driver runs again with a Spark home.
        Thread command = Thread.currentThread();
        Thread stopping = new Thread(() -> awaitTheLine(command, quiet), "puzzle-atlas-stop");
        Runtime.getRuntime().addShutdownHook(stopping);
        int relaunched = SparkHome.relaunchForLocalCluster(Main.class.getName(), args);
        int status = relaunched >= 0 ? relaunched : run(Switches.fromSystem().inOwnJvm(), args);
        ENDED.countDown();
        if (SparkSessions.inClusterDeployMode()) {
            // The cluster's driver (YARN's application master) ends the JVM itself once main
            // returns; an exit of its own would be reported as a failure, whatever the status.
            if (status != ExitCode.OK.code()) {
                throw new IllegalStateException("puzzle-atlas " + String.join(" ", args) + ": exit status " + status);
            }
            return;
        }
        System.exit(status);
    }

    /**
     * On SIGTERM or Ctrl-C: interrupts the command's thread (held in a wait, it would never notice that Spark stopped)
     * and holds the JVM, at most {@link #LINE_MILLIS}, until the command has printed its line. On the quiet console
     * everyone else's logging stops first: Spark, stopped by its own hook at the same moment, logs the failures its
     * stop causes ("Inbox: Ignoring error"), and the command's line must stay the only one on stderr.
     */
    private static void awaitTheLine(Thread command, boolean quiet) {
        if (ENDED.getCount() == 0) {
            return;
        }
        if (quiet) {
            Configurator.setRootLevel(Level.OFF);
        }
        command.interrupt();
        try {
            ENDED.await(LINE_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Main(Switches switches) {
        this.switches = switches;
    }

    /** The -D switches of this run ({@link Switches}), for the commands. */
    public Switches switches() {
        return switches;
    }

    /** Runs a command line with this JVM's switches ({@link Switches#fromSystem()}) and returns its exit status. */
    public static int run(String... args) {
        return run(Switches.fromSystem(), args);
    }

    /** Runs a command line with {@code switches} and returns its exit status ({@link ExitCode}). */
    public static int run(Switches switches, String... args) {
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cli = commandLine(switches, args);
        if (switches.ownsJvm() && cli.getSubcommands().size() == 1) {
            ShortRunJit.forCommand(cli.getSubcommands().keySet().iterator().next());
        }
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        versionEverywhere(cli);
        cli.setParameterExceptionHandler((e, commandArgs) -> {
            CommandLine c = e.getCommandLine();
            String name = Failures.commandName(c.getCommandSpec().qualifiedName());
            PrintWriter err = c.getErr();
            if (e.getCause() instanceof DefinitionException bad) {
                // a definition file the command line names is fine as a path but cannot be used: FILE:LINE: why
                err.println(name + ": " + Failures.firstLine(bad));
                err.flush();
                return ExitCode.REFUSED.code();
            }
            err.println(name + ": " + Failures.firstLine(e) + " (see: puzzle-atlas "
                    + (name.equals("puzzle-atlas") ? "" : name + " ") + "--help)");
            if (debug) {
                e.printStackTrace(err);
            }
            err.flush();
            return ExitCode.USAGE.code();
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> shuttingDown()
                ? stopped(commandLine, args)
                : fail(
                        commandLine.getErr(),
                        Failures.commandName(commandLine.getCommandSpec().qualifiedName()),
                        e,
                        debug));
        try {
            return cli.execute(args);
        } catch (Throwable t) { // errors (out of memory) pass through picocli's handlers
            String name = args.length > 0 && cli.getSubcommands().containsKey(args[0]) ? args[0] : "puzzle-atlas";
            return fail(cli.getErr(), name, t, debug);
        }
    }

    /**
     * The command line with the subcommand {@code args} names, or with every subcommand when they name none (the usage
     * lists them, an unknown name gets its suggestions). Picocli builds a command's model by reflection over its
     * annotations when it is added: all ten took 0.3-0.4 s of a JVM's start, where a run needs one.
     */
    static CommandLine commandLine(Switches switches, String[] args) {
        String named =
                Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst().orElse(null);
        List<Class<?>> chosen =
                COMMANDS.stream().filter(c -> name(c).equals(named)).toList();
        CommandLine cli = new CommandLine(new Main(switches));
        for (Class<?> c : chosen.isEmpty() ? COMMANDS : chosen) {
            cli.addSubcommand(name(c), c);
        }
        return cli;
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(Command.class).name();
    }

    /** Whether the JVM is shutting down (SIGTERM, Ctrl-C): it then takes no new shutdown hook. */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> {});
        try {
            Runtime.getRuntime().addShutdownHook(probe);
        } catch (IllegalStateException e) {
            return true;
        }
        Runtime.getRuntime().removeShutdownHook(probe);
        return false;
    }

    /**
     * The line of a command stopped by a signal, whatever failure the stop caused in it (Spark's "SparkContext has been
     * shutdown"): nothing is published; a command that checkpoints says how to continue.
     */
    private static int stopped(CommandLine commandLine, String[] args) {
        String line = Failures.commandName(commandLine.getCommandSpec().qualifiedName())
                + ": stopped by a signal (SIGTERM or Ctrl-C) before the end; nothing was published";
        if (commandLine.getCommandSpec().findOption("--resume") != null) {
            line += DurableDir.checkpointKept()
                    ? "; the last checkpoint is kept: continue with: puzzle-atlas " + resumeCommand(args)
                    : "; no checkpoint was written yet: run the command again";
        }
        PrintWriter err = commandLine.getErr();
        err.println(line);
        err.flush();
        return ExitCode.INTERRUPTED.code();
    }

    /** The command line again, with --resume and without --overwrite (which would discard the checkpoint). */
    private static String resumeCommand(String[] args) {
        List<String> words = new ArrayList<>();
        for (String a : args) {
            if (!a.equals("--overwrite")) {
                words.add(a.isEmpty() || a.matches(".*[^\\w./:=,@+-].*") ? "'" + a.replace("'", "'\\''") + "'" : a);
            }
        }
        if (!words.contains("--resume")) {
            words.add("--resume");
        }
        return String.join(" ", words);
    }

    private static int fail(PrintWriter err, String command, Throwable t, boolean debug) {
        Failures.Failure f = Failures.classify(t);
        // A usage error found after parsing reads like one picocli finds: with the hint.
        String hint = t instanceof UsageException
                ? " (see: puzzle-atlas " + (command.equals("puzzle-atlas") ? "" : command + " ") + "--help)"
                : "";
        err.println(command + ": " + f.message() + hint);
        if (debug) {
            t.printStackTrace(err);
        }
        err.flush();
        return f.code().code();
    }

    /** {@code -V} of every subcommand prints the program's version, not an empty line. */
    private static void versionEverywhere(CommandLine cli) {
        for (CommandLine sub : cli.getSubcommands().values()) {
            sub.getCommandSpec().version(VERSION);
            versionEverywhere(sub);
        }
    }

    @Override
    public void run() {
        commandLine(switches, new String[0]).usage(System.out);
    }
}
