package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import io.puzzleatlas.jobs.spark.StageMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code explore}: the full distance table of a space to {@code DIR/distances} and {@code DIR/histogram}. */
@Command(name = "explore", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compute the distance to the goal of every state of a puzzle's space by breadth-first "
            + "search and write DIR/distances (rank, depth[, state]), DIR/histogram (depth, count) and DIR/deepest "
            + "(the states at the radius).")
public final class ExploreCommand implements Callable<Integer> {
    /** Below this many states one in-process search beats a level-by-level Spark job (docs/cluster.md). */
    static final long SPARK_THRESHOLD = 10_000_000L;
    /** Largest space explored: any puzzle of up to 16 cells (16!/2 states; whether it fits is estimated before the start). */
    static final long MAX_STATES = 10_461_394_944_000L;
    static final String CHECKPOINTS = "_explore-checkpoint";
    /** Exit status of a run stopped by --max-levels. */
    public static final int STOPPED = 4; // ExitCode.STOPPED_EARLY (a constant: option descriptions use it)

    /** Which engine runs the search. */
    enum Engine { AUTO, LOCAL, SPARK }

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME",
            description = "eight-puzzle, sliding-RxC (R*C <= 14 on one machine of 24 GiB), magic-board, rotation-game "
                    + "(its one-colour abstraction), pocket-cube, pocket-cube-qtm")
    String puzzleName;

    @Option(names = "--goal", paramLabel = "BOARD", description = "the goal distances are measured to (default: the puzzle's)")
    String goal;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
            description = "auto (local below 10,000,000 states, else spark), local or spark (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--with-states", description = "add each state's text to distances/")
    boolean withStates;

    @Option(names = "--histogram-only", description = "write no distances/: only histogram/ and deepest/ (for spaces "
            + "whose table is too large to keep)")
    boolean histogramOnly;

    @Option(names = "--partitions", paramLabel = "P",
            description = "rank ranges of the spark engine (default: two per core, at least one per 2^27 states)")
    Integer partitions;

    @Option(names = "--checkpoint-every", paramLabel = "L",
            description = "spark engine: checkpoint to DIR/" + CHECKPOINTS + " every L levels (default: by time, "
                    + "see --checkpoint-minutes)")
    Integer checkpointEvery;

    /** Default of {@code --start-in-driver}: measured on the 2x6 (docs/benchmarks.md). */
    static final long START_IN_DRIVER = 1 << 20;

    @Option(names = "--start-in-driver", paramLabel = "N", defaultValue = "" + START_IN_DRIVER,
            description = "spark engine: search the first levels in the driver until N states are reached, then "
                    + "hand them to the ranges; where every move can be undone, the last levels too, once the frontier "
                    + "holds at most N/2 states (default ${DEFAULT-VALUE}; 0: every level on Spark)")
    long startInDriver;

    @Mixin
    SearchOptions search;

    @Mixin
    OutputOptions output;

    @Option(names = "--stage-metrics", paramLabel = "FILE",
            description = "write per-stage and per-level Spark metrics (shuffle bytes, records, time, memory) to FILE as CSV")
    String stageMetrics;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long started = System.nanoTime();
        ExploreSpec what = checkedSpec();
        long size = what.space().size();
        if (size > MAX_STATES) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "%s has %,d states; explore stops at %,d (16 cells)", what.puzzleName(), size, MAX_STATES));
        }
        Engine chosen = parseEngine();
        if (chosen == Engine.LOCAL && search.given()) {
            throw new ParameterException(spec.commandLine(), "--resume and --max-levels need checkpoints, which the spark "
                    + "engine writes: use --engine spark (or auto)");
        }
        if (chosen == Engine.AUTO) {
            // checkpoints are the spark engine's: --resume and --max-levels choose it whatever the size
            chosen = size < SPARK_THRESHOLD && !search.given() ? Engine.LOCAL : Engine.SPARK;
        }
        if (chosen == Engine.LOCAL && size > Integer.MAX_VALUE - 8) {
            throw new ParameterException(spec.commandLine(), "the local engine holds at most 2^31 states; use --engine spark");
        }
        if (histogramOnly && withStates) {
            throw new ParameterException(spec.commandLine(), "--with-states adds to distances/, which --histogram-only does not write");
        }
        ExploreEstimate estimate = ExploreEstimate.of(size, chosen == Engine.LOCAL, withStates, !histogramOnly);
        String master = sparkOptions.master() != null ? sparkOptions.master()
                : SparkSessions.embeddedDefault(sparkOptions) ? "local" : "";
        boolean heldHere = chosen == Engine.LOCAL || master.startsWith("local") && !master.startsWith("local-cluster");
        java.io.File localOutput = ExploreEstimate.localDirectory(output.output());
        estimate.check(String.format(Locale.ROOT, "%s (%,d states, %s engine)", what.puzzleName(), size,
                chosen.name().toLowerCase(Locale.ROOT)), heldHere, localOutput);
        Engine engineUsed = chosen;
        return new Job<ExploreOutcome>("explore") {
            private StageMetrics metrics;

            @Override
            protected boolean before(Context ctx) {
                metrics = stageMetrics == null ? null : StageMetrics.attach(ctx.spark().sparkContext());
                return true;
            }

            @Override
            protected String[] datasets() {
                return histogramOnly ? new String[] {"histogram", "deepest"} : new String[] {"distances", "histogram", "deepest"};
            }

            @Override
            protected ExploreOutcome stages(Context ctx, AtomicOutput o) throws IOException {
                SparkSession spark = ctx.spark();
                // the local engine logs its levels after the search: no estimate of the time left there
                LevelLog log = new LevelLog(engineUsed == Engine.LOCAL ? 0 : size);
                log.note(String.format(Locale.ROOT, "explore %s to %s: %,d states, engine %s%s; needs %s", what.puzzleName(),
                        what.goalText() == null ? "its goal condition" : "goal " + what.goalText(), size,
                        engineUsed.name().toLowerCase(Locale.ROOT), engineReason(size), estimate.describe()));
                Path distances = histogramOnly ? null : o.staged("distances");
                if (distances != null) {
                    mkdirs(o, distances);
                }
                ExploreOutcome found;
                if (engineUsed == Engine.LOCAL) {
                    found = LocalExplorer.run(what, ctx.conf(), distances, withStates, log);
                } else {
                    int p = partitions != null ? partitions : defaultPartitions(ctx.session(), size);
                    ExploreCheckpoints checkpoints = new ExploreCheckpoints(ctx.session().context(), new Path(o.dir(), CHECKPOINTS),
                            ExploreCheckpoints.rows(histogramOnly, withStates));
                    search.guard(checkpoints.present(), output.overwrite(), checkpoints.dir());
                    try {
                        found = new SparkExplorer(ctx.session().context(), what, checkpoints, checkpointEvery,
                                search.checkpointMinutes(), log).run(p, search.resume(), search.maxLevels(), startInDriver,
                                distances, withStates);
                    } finally {
                        if (metrics != null) {
                            metrics.finish(spark.sparkContext(), stageMetrics);
                        }
                    }
                    if (found == null) {
                        return null; // stopped by --max-levels: nothing is published, the checkpoint stays
                    }
                }
                if (distances != null) {
                    o.fileSystem().create(new Path(distances, "_SUCCESS"), true).close();
                }
                // small datasets, written in the driver without Spark SQL (whose start costs seconds)
                ParquetRows.write(ctx.conf(), o.staged("histogram"), Schemas.EXPLORE_HISTOGRAM, histogramRows(what, found.histogram()));
                ParquetRows.write(ctx.conf(), o.staged("deepest"), Schemas.EXPLORE_DEEPEST, deepestRows(what, found));
                return found;
            }

            @Override
            protected ExitCode report(Context ctx, AtomicOutput out, ExploreOutcome outcome) {
                System.out.printf(Locale.ROOT, "explore: %s, engine %s: %,d states reached, radius %d, %,d at the deepest level -> %s%n",
                        what.puzzleName(), outcome.engine(), outcome.reached(), outcome.histogram().length - 1,
                        outcome.histogram()[outcome.histogram().length - 1], out.dir());
                // with --histogram-only the results are the histogram's counts
                long results = histogramOnly ? Arrays.stream(outcome.histogram()).sum() : outcome.rows();
                return reconcile(ctx, outcome.reached(), results, 0);
            }
        }.run(sparkOptions, output, started);
    }

    /**
     * Rank ranges of the Spark engine: two per core, at least one per 2^27 ranks (a 32 MiB range
     * file, whose rank blocks may be bit sets within a task's budget). Fewer, larger ranges cost
     * less per level (a level is two stages of one task per range); two per core keep both cores
     * busy when one range's frontier is larger than another's.
     */
    static int defaultPartitions(JobSession session, long size) {
        int cores = session.spark().sparkContext().isLocal() ? Runtime.getRuntime().availableProcessors()
                : session.parallelism();
        return (int) Math.max(2L * cores, (size + (1L << 27) - 1) >> 27);
    }

    private String engineReason(long size) {
        if (!engine.equalsIgnoreCase("auto")) {
            return " (forced by --engine)";
        }
        if (search.given()) {
            return " (--resume or --max-levels: checkpoints are the spark engine's)";
        }
        return size < SPARK_THRESHOLD ? String.format(Locale.ROOT, " (below %,d states)", SPARK_THRESHOLD)
                : String.format(Locale.ROOT, " (%,d states or more)", SPARK_THRESHOLD);
    }

    private static void mkdirs(AtomicOutput out, Path dir) throws IOException {
        if (!out.fileSystem().mkdirs(dir)) {
            throw new IOException("cannot create " + dir);
        }
    }

    private static List<Row> histogramRows(ExploreSpec what, long[] histogram) {
        List<Row> rows = new ArrayList<>();
        for (int d = 0; d < histogram.length; d++) {
            rows.add(RowFactory.create(what.puzzleName(), what.goalText(), d, histogram[d]));
        }
        return rows;
    }

    private static List<Row> deepestRows(ExploreSpec what, ExploreOutcome found) {
        Puzzle puzzle = what.puzzle();
        int radius = found.histogram().length - 1;
        List<Row> rows = new ArrayList<>();
        for (long rank : found.deepest()) {
            String state = PuzzleRegistry.kind(puzzle).stateText(puzzle, what.space().unrank(rank));
            rows.add(RowFactory.create(what.puzzleName(), what.goalText(), radius, rank, state));
        }
        return rows;
    }

    private Engine parseEngine() {
        try {
            return Engine.valueOf(engine.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--engine must be auto, local or spark, not '" + engine + "'");
        }
    }

    private ExploreSpec checkedSpec() {
        if (checkpointEvery != null && checkpointEvery < 1) {
            throw new ParameterException(spec.commandLine(), "--checkpoint-every must be at least 1");
        }
        search.check(spec.commandLine());
        if (startInDriver < 0) {
            throw new ParameterException(spec.commandLine(), "--start-in-driver must be 0 or more, not " + startInDriver);
        }
        if (partitions != null && partitions < 1) {
            throw new ParameterException(spec.commandLine(), "--partitions must be at least 1, not " + partitions);
        }
        try {
            Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
            if (puzzle.wide() != null) {
                throw new ParameterException(spec.commandLine(), "explore ranks boards in a long: " + puzzle.name() + " has "
                        + puzzle.cellCount() + " cells, too many boards to rank; solve its boards with solve");
            }
            if (goal != null && !puzzle.hasGoalBoard()) {
                throw new ParameterException(spec.commandLine(), puzzle.name() + " has no goal board: --goal does not apply");
            }
            return ExploreSpec.of(puzzleName, goal);
        } catch (InvalidBoardException e) {
            throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
