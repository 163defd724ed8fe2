package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.explore.ExploreJob;
import io.puzzleatlas.jobs.explore.ExploreSpec;
import io.puzzleatlas.jobs.explore.SearchPlan;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code explore}: checks its options, chooses the engine and runs an {@link ExploreJob}. */
@Command(
        name = "explore",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Compute the distance to the goal of every state of a puzzle's space by breadth-first "
                + "search and write DIR/distances (rank, depth[, state]), DIR/histogram (depth, count) and DIR/deepest "
                + "(the states at the radius).")
public final class ExploreCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(
            names = {"-p", "--puzzle"},
            required = true,
            paramLabel = "NAME",
            completionCandidates = PuzzleNames.class,
            converter = PuzzleConverter.class,
            description = PuzzleNames.HELP + " (sliding: R*C <= 14 on one machine of 24 GiB; rotation-game: its "
                    + "one-colour abstraction)")
    PuzzleHandle puzzle;

    @Mixin
    MetricOption metric;

    @Option(
            names = "--goal",
            paramLabel = "BOARD",
            description = "the goal distances are measured to (default: the puzzle's)")
    String goal;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "auto",
            converter = EngineConverter.class,
            description = "auto (local below 10,000,000 states, and with --histogram-only in local mode while two bits "
                    + "a state fit the heap twice; else spark), local or spark (default: ${DEFAULT-VALUE})")
    Engine engine;

    @Option(names = "--with-states", description = "add each state's text to distances/")
    boolean withStates;

    @Option(
            names = "--histogram-only",
            description = "write no distances/: only histogram/ and deepest/ (for spaces "
                    + "whose table is too large to keep)")
    boolean histogramOnly;

    @Option(
            names = "--partitions",
            paramLabel = "P",
            description = "rank ranges of the spark engine (default: four per core, at least one per 2^27 states)")
    Integer partitions;

    @Option(
            names = "--checkpoint-every",
            paramLabel = "L",
            description = "spark engine: checkpoint to DIR/" + ExploreJob.CHECKPOINTS
                    + " every L levels (default: by time, " + "see --checkpoint-minutes)")
    Integer checkpointEvery;

    @Option(
            names = "--start-in-driver",
            paramLabel = "N",
            defaultValue = "" + ExploreJob.START_IN_DRIVER,
            description = "spark engine: search the first levels in the driver until N states are reached, then "
                    + "hand them to the ranges; where every move can be undone, the last levels too, once the frontier "
                    + "holds at most N/2 states (default ${DEFAULT-VALUE}; 0: every level on Spark)")
    long startInDriver;

    @Mixin
    SearchOptions search;

    @Mixin
    OutputOptions output;

    @Option(
            names = "--stage-metrics",
            paramLabel = "FILE",
            description =
                    "write per-stage and per-level Spark metrics (shuffle bytes, records, time, memory) to FILE as CSV")
    String stageMetrics;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        puzzle = metric.apply(puzzle);
        long started = System.nanoTime();
        Options.atLeastOne(spec, "--checkpoint-every", checkpointEvery);
        Options.atLeastOne(spec, "--partitions", partitions);
        SearchPlan plan = search.plan(spec.commandLine());
        if (startInDriver < 0) {
            throw new ParameterException(
                    spec.commandLine(), "--start-in-driver must be 0 or more, not " + startInDriver);
        }
        if (histogramOnly && withStates) {
            throw new ParameterException(
                    spec.commandLine(), "--with-states adds to distances/, which --histogram-only does not write");
        }
        ExploreSpec what = space();
        long size = what.space().size();
        if (size > ExploreJob.MAX_STATES) {
            throw new ParameterException(
                    spec.commandLine(),
                    String.format(
                            Locale.ROOT,
                            "%s has %,d states to number; explore searches at most %,d (a 16-cell sliding puzzle's)",
                            puzzle.name(),
                            size,
                            ExploreJob.MAX_STATES));
        }
        if (engine == Engine.LOCAL && plan.given()) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--resume and --max-levels need checkpoints, which the spark "
                            + "engine writes: use --engine spark (or auto)");
        }
        String master = sparkOptions.master() != null
                ? sparkOptions.master()
                : SparkSessions.embeddedDefault(sparkOptions, main.switches().ownsJvm()) ? "local" : "";
        // checkpoints are the spark engine's: --resume and --max-levels choose it whatever the size
        Engine chosen = engine.or(
                !plan.given() && (size < ExploreJob.SPARK_THRESHOLD || inCore(master, size))
                        ? Engine.LOCAL
                        : Engine.SPARK);
        long localLimit = histogramOnly ? TwoBitBreadthFirstSearch.MAX_RANKS : Integer.MAX_VALUE - 8;
        if (chosen == Engine.LOCAL && size > localLimit) {
            throw new ParameterException(
                    spec.commandLine(),
                    String.format(
                            Locale.ROOT, "the local engine holds at most %,d states; use --engine spark", localLimit));
        }
        if (chosen == Engine.SPARK) {
            ExploreJob.checkSparkConf(sparkOptions.conf());
        }
        boolean heldHere = chosen == Engine.LOCAL || master.startsWith("local") && !master.startsWith("local-cluster");
        ExploreJob job = ExploreJob.checked(
                new ExploreJob.Request(
                        what,
                        chosen,
                        engineReason(size, plan, master),
                        withStates,
                        histogramOnly,
                        partitions,
                        checkpointEvery,
                        startInDriver,
                        plan,
                        stageMetrics,
                        output.overwrite(),
                        SolverSettings.fromSystem().progressSeconds()),
                heldHere,
                output.output());
        // the local engine needs no Spark (its start costs seconds), unless Spark's stage metrics are asked for
        return job.run(chosen == Engine.LOCAL && stageMetrics == null ? null : sparkOptions, output, started);
    }

    /**
     * Whether auto runs a large space in this JVM: the histogram alone, Spark's local mode (the whole search would be
     * in this JVM anyway), and two bits a state fit in its heap with room to spare.
     */
    private boolean inCore(String master, long size) {
        return histogramOnly
                && master.startsWith("local")
                && !master.startsWith("local-cluster")
                && size <= TwoBitBreadthFirstSearch.MAX_RANKS
                && 2 * TwoBitBreadthFirstSearch.checkpointBytes(size) < TooLargeException.availableHeap();
    }

    private String engineReason(long size, SearchPlan plan, String master) {
        if (engine != Engine.AUTO) {
            return " (forced by --engine)";
        }
        if (plan.given()) {
            return " (--resume or --max-levels: checkpoints are the spark engine's)";
        }
        if (size >= ExploreJob.SPARK_THRESHOLD && inCore(master, size)) {
            return " (the histogram alone, in local mode: two bits a state in this JVM)";
        }
        return size < ExploreJob.SPARK_THRESHOLD
                ? String.format(Locale.ROOT, " (below %,d states)", ExploreJob.SPARK_THRESHOLD)
                : String.format(Locale.ROOT, " (%,d states or more)", ExploreJob.SPARK_THRESHOLD);
    }

    private ExploreSpec space() {
        try {
            Puzzle.requirePacked(puzzle.puzzle(), "explore");
            if (goal != null && !puzzle.puzzle().hasGoalBoard()) {
                throw new ParameterException(
                        spec.commandLine(), puzzle.name() + " has no goal board: --goal does not apply");
            }
            return ExploreSpec.of(puzzle, goal);
        } catch (InvalidBoardException e) {
            throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
