package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.generate.GeneratorSpec;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.solve.InputCount;
import io.puzzleatlas.jobs.solve.InputFormat;
import io.puzzleatlas.jobs.solve.OnePosition;
import io.puzzleatlas.jobs.solve.ShortRunJit;
import io.puzzleatlas.jobs.solve.SolveJob;
import io.puzzleatlas.jobs.solve.SolveRequest;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code solve}: instances to {@code DIR/results}, {@code DIR/histogram} and {@code DIR/errors}, and the chart of the
 * optimal lengths to {@code DIR/chart}.
 */
@Command(
        name = "solve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Solve instances optimally (fewest moves, then the smallest move string) and write "
                + "DIR/results, DIR/histogram and DIR/errors (Parquet). Instances come from --input "
                + "(Parquet instances; CSV lines start[,goal][,step_limit], or with a header naming the columns "
                + "start, goal, step_limit and scramble: move names played from the solved state, in place of "
                + "start; or a judge-format text file) or are generated on the fly with generate's options (--all, "
                + "--random N, --scramble K: walks of K random moves ...). --board answers one position on "
                + "standard output, no --output.")
public final class SolveCommand implements Callable<Integer> {

    @Option(
            names = {"-p", "--puzzle"},
            required = true,
            paramLabel = "NAME",
            completionCandidates = PuzzleNames.class,
            converter = PuzzleConverter.class,
            description = PuzzleNames.HELP)
    PuzzleHandle puzzle;

    @Mixin
    MetricOption metric;

    @Option(
            names = {"-b", "--board"},
            paramLabel = "BOARD",
            description = "solve this one position and print its status, length and moves (no Spark, no --output): "
                    + "what a CSV's start column holds, or move names played from the solved state (a scramble)")
    String board;

    @Option(
            names = {"-i", "--input"},
            paramLabel = "PATH",
            description = "a file or a directory of files")
    String input;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "parquet, csv or judge (default: from the file names: .parquet, .csv, else judge)")
    InputFormat format;

    @Mixin
    GeneratorOptions generator;

    @Option(
            names = "--goal",
            paramLabel = "BOARD",
            description = "goal of records that name none (default: the puzzle's)")
    String goal;

    @Option(
            names = "--max-nodes",
            paramLabel = "N",
            description = "per-instance node budget (BUDGET_EXCEEDED beyond it)")
    Long maxNodes;

    @Option(names = "--max-millis", paramLabel = "MS", description = "per-instance time budget in milliseconds")
    Long maxMillis;

    @Option(
            names = "--split-nodes",
            paramLabel = "N",
            defaultValue = "100000000",
            description = "an instance not solved within N nodes is searched again split: each IDA* iteration's "
                    + "subtrees below the move prefixes of --split-depth moves run as parallel tasks, and the rows are "
                    + "those of the unsplit search (default: ${DEFAULT-VALUE}, about 10 s of one core on the "
                    + "24-puzzle; "
                    + "0: never split)")
    long splitNodes;

    @Option(
            names = "--split-depth",
            paramLabel = "K",
            defaultValue = "6",
            description =
                    "length of the move prefixes a split iteration is cut at, 1 to 12 (default: ${DEFAULT-VALUE})")
    int splitDepth;

    @Option(
            names = "--resume",
            description = "continue an earlier run of this command that was stopped while searching "
                    + "split instances: the first pass and the finished split instances kept in "
                    + "DIR/_solve-checkpoint are "
                    + "reused (refused when the input or the options differ)")
    boolean resume;

    @Option(
            names = "--tables",
            paramLabel = "URI",
            description = "directory of the pattern databases, any Hadoop URI the executors can read (default: "
                    + "$PUZZLE_ATLAS_TABLES or ~/.cache/puzzle-atlas/tables); a missing table of the goal is built "
                    + "once, on the driver")
    String tables;

    @Option(
            names = "--tables-memory",
            paramLabel = "SIZE",
            description = "memory a definition puzzle's tables may take, such as 512m or 2g (default: a quarter of "
                    + "the driver's heap): table descent where the whole space's table fits it and building it pays "
                    + "for the number of positions, else IDA* with pattern databases chosen to fit it; decided once, "
                    + "on the driver, for every executor, and said in a line 'solve: plan: ...'")
    String tablesMemory;

    @Option(
            names = "--partitions",
            paramLabel = "P",
            description = "repartition the instances into P partitions before solving")
    Integer partitions;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "auto",
            converter = EngineConverter.class,
            description = "local: solve in this JVM's threads without Spark (a small job then takes about 2 s in "
                    + "all on an idle machine); spark: a Spark job; auto (default): local when Spark would run "
                    + "embedded (no --master, --conf, --partitions or spark-submit) and the input is at most "
                    + (SolveJob.LOCAL_TEXT_BYTES >> 20) + " MB of text or "
                    + "at most " + SolveJob.LOCAL_GENERATED
                    + " generated instances, else spark. Parquet input always uses Spark.")
    Engine engine;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "DIR",
            description = "output directory (local path or any Hadoop URI: hdfs://, s3a://, file://); required but "
                    + "with --board")
    String outputDir;

    @Option(names = "--overwrite", description = "replace this job's datasets in DIR if they exist (default: refuse)")
    boolean overwrite;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    /** The entry point, with this run's -D switches. */
    @ParentCommand
    Main main;

    /** Checks the options and hands them to {@link SolveJob#launch}, which picks the job and the engine. */
    @Override
    public Integer call() {
        puzzle = metric.apply(puzzle);
        long started = System.nanoTime();
        if (board != null) {
            return solveBoard();
        }
        if (outputDir == null) {
            throw new ParameterException(spec.commandLine(), "Missing required option: '--output=DIR'");
        }
        if (engine != Engine.SPARK && main.switches().ownsJvm()) {
            ShortRunJit.prepare(); // the solve may run in this JVM
        }
        OutputOptions output = OutputOptions.of(outputDir, overwrite);
        check();
        boolean sparkOptionsGiven = partitions != null
                || !SparkSessions.embeddedDefault(sparkOptions, main.switches().ownsJvm());
        if (engine == Engine.LOCAL
                && (sparkOptions.master() != null || !sparkOptions.conf().isEmpty() || partitions != null)) {
            throw new UsageException(
                    "--engine local runs without Spark: --master, --conf and --partitions do not apply");
        }
        GeneratorSpec draw =
                input != null ? null : generator.spec(puzzle, puzzle.puzzle().enumeratesGoals() ? null : goal);
        // the one plan of this run: made here, on the driver, from its heap unless --tables-memory says otherwise
        long positions = draw != null ? draw.count() : InputCount.positions(input, format);
        SolverSettings settings = settings(positions);
        SolvePlan plan = plan(settings);
        SolveRequest request = new SolveRequest(
                puzzle,
                input,
                format,
                draw,
                goal,
                maxNodes,
                maxMillis,
                tables,
                partitions,
                splitNodes == 0 ? null : splitNodes,
                splitDepth,
                resume,
                output.overwrite(),
                settings.withPlan(plan),
                main.switches());
        return SolveJob.launch(request, engine, sparkOptionsGiven, sparkOptions, output, started);
    }

    /**
     * The solver's settings of this run: the -D switches read once, --tables-memory, --tables, the positions counted.
     */
    private SolverSettings settings(long positions) {
        SolverSettings settings = SolverSettings.fromSystem()
                .withTablesMemory(tablesMemory == null ? 0 : SolverSettings.parseBytes(tablesMemory))
                .withPositions(positions);
        // --tables as a local path where it is one: the plan counts the tables already there as built
        return tables == null
                ? settings
                : settings.withTables(
                        tables.startsWith("file:")
                                ? Paths.get(URI.create(tables)).toString()
                                : tables);
    }

    /**
     * The one plan of this run: made here, on the driver, from its heap unless --tables-memory says otherwise, for the
     * positions {@code settings} counts (0: not known); its reason printed, when it has one.
     */
    private SolvePlan plan(SolverSettings settings) {
        SolvePlan plan = puzzle.plan(settings, goal);
        if (plan != null && !plan.why().isEmpty()) {
            System.out.println("solve: plan: " + plan.why());
        }
        return plan;
    }

    /** {@code --board}: one position solved in this JVM, the answer on standard output. */
    private int solveBoard() {
        if (input != null || generator.present() || outputDir != null || resume || partitions != null) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--board solves one position on standard output: --input, generator options, --output, "
                            + "--resume and --partitions do not apply");
        }
        if (sparkOptions.master() != null || !sparkOptions.conf().isEmpty() || engine == Engine.SPARK) {
            throw new ParameterException(
                    spec.commandLine(),
                    "--board solves in this JVM: --master, --conf and " + "--engine spark do not apply");
        }
        check();
        SolverSettings one = settings(1);
        SolverSettings settings = one.withPlan(plan(one));
        OnePosition.Answer a = OnePosition.solve(puzzle, board, goal, settings, maxNodes, maxMillis);
        PrintWriter out = spec.commandLine().getOut();
        out.println("puzzle  " + puzzle.name());
        out.println("start   " + a.start());
        if (a.goal() != null) {
            out.println("goal    " + a.goal());
        }
        out.println("status  " + a.result().status());
        if (a.result().length() >= 0) {
            out.println("length  " + a.result().length());
        }
        if (a.result().moves() != null) {
            out.println("moves   " + a.result().moves());
        }
        if (a.result().reason() != null) {
            out.println("reason  " + a.result().reason());
        }
        out.println("nodes   " + a.result().nodes());
        out.flush();
        return ExitCode.OK.code();
    }

    private void check() {
        if (board == null && (input == null) == !generator.present()) {
            throw new ParameterException(
                    spec.commandLine(), "give --input PATH or generator options (--all, --random N), not both");
        }
        Puzzle p = puzzle.puzzle();
        GenerateCommand.checkAgainst(spec, p, null, generator.present() ? generator : null);
        if (goal != null) {
            if (!p.hasGoalBoard()) {
                throw new ParameterException(
                        spec.commandLine(), p.name() + " has no goal board: --goal does not apply");
            }
            Options.checkGoal(spec, p, goal);
        }
        if ((maxNodes != null && maxNodes <= 0) || (maxMillis != null && maxMillis <= 0)) {
            throw new ParameterException(spec.commandLine(), "--max-nodes and --max-millis must be positive");
        }
        Options.atLeastOne(spec, "--partitions", partitions);
        if (tablesMemory != null) {
            try {
                if (SolverSettings.parseBytes(tablesMemory) == 0) {
                    throw new IllegalArgumentException("'" + tablesMemory + "' is no memory at all");
                }
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--tables-memory: " + e.getMessage());
            }
        }
        if (splitNodes < 0) {
            throw new ParameterException(
                    spec.commandLine(), "--split-nodes must be 0 (never split) or positive, not " + splitNodes);
        }
        if (splitDepth < 1 || splitDepth > 12) {
            throw new ParameterException(spec.commandLine(), "--split-depth must be 1 to 12, not " + splitDepth);
        }
    }
}
