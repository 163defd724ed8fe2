package io.puzzleatlas.jobs;

/**
 * The jobs' own {@code -Dpuzzleatlas.*} switches (docs/cli.md), read from this JVM's system properties once, where
 * {@link Main} starts a command ({@link #fromSystem()}), then handed to the command as a value: no job reads a system
 * property. A test passes the value it needs to {@link Main#run(Switches, String...)}.
 *
 * @param solveProgressSeconds seconds between two progress lines of a solving pass ({@value #SOLVE_PROGRESS_PROPERTY};
 *     0: at every update)
 * @param splitDriverNodes a split search's iteration expected to generate fewer states runs in the driver's thread, not
 *     as a Spark job ({@value #SPLIT_DRIVER_NODES_PROPERTY}; 0: every iteration through the tasks)
 * @param ownsJvm whether the command runs in a JVM started for it ({@link Main#main}), which it may tune for itself (a
 *     short local solve's compilers, {@code ShortRunJit}); not in a test's JVM, which runs many commands
 */
public record Switches(long solveProgressSeconds, long splitDriverNodes, boolean ownsJvm) {
    public static final String SOLVE_PROGRESS_PROPERTY = "puzzleatlas.solve.progressSeconds";
    public static final String SPLIT_DRIVER_NODES_PROPERTY = "puzzleatlas.split.driverNodes";
    /** Default of {@link #solveProgressSeconds}. */
    public static final long SOLVE_PROGRESS_SECONDS = 30;
    /** Default of {@link #splitDriverNodes}: a Spark job costs about 0.1-0.2 s, a million nodes. */
    public static final long SPLIT_DRIVER_NODES = 20_000_000L;

    /** The defaults, whatever this JVM's properties say. */
    public static Switches defaults() {
        return new Switches(SOLVE_PROGRESS_SECONDS, SPLIT_DRIVER_NODES, false);
    }

    /** The switches of this JVM: its system properties, else the defaults (also for a value that is not a number). */
    public static Switches fromSystem() {
        return new Switches(
                Long.getLong(SOLVE_PROGRESS_PROPERTY, SOLVE_PROGRESS_SECONDS),
                Long.getLong(SPLIT_DRIVER_NODES_PROPERTY, SPLIT_DRIVER_NODES),
                false);
    }

    public Switches withSolveProgressSeconds(long seconds) {
        return new Switches(seconds, splitDriverNodes, ownsJvm);
    }

    public Switches withSplitDriverNodes(long nodes) {
        return new Switches(solveProgressSeconds, nodes, ownsJvm);
    }

    /** These switches for a command that runs in a JVM started for it. */
    public Switches inOwnJvm() {
        return new Switches(solveProgressSeconds, splitDriverNodes, true);
    }
}
