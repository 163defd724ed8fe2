package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.generate.GenerateCommand;
import io.puzzleatlas.jobs.generate.GeneratorOptions;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code solve}: instances to {@code DIR/results}, {@code DIR/histogram} and {@code DIR/errors},
 * and the chart of the optimal lengths to {@code DIR/chart}.
 */
@Command(name = "solve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Solve instances optimally (fewest moves, then the smallest move string) and write "
            + "DIR/results, DIR/histogram and DIR/errors (Parquet). Instances come from --input "
            + "(Parquet instances, CSV lines start[,goal][,step_limit] with an optional header, or a "
            + "judge-format text file) or are generated on the fly with generate's options (--all, "
            + "--random N ...).")
public final class SolveCommand implements Callable<Integer> {

    /** Text inputs up to this size (about 30,000 8-puzzle lines) of table-driven puzzles are not repartitioned. */
    static final long SMALL_TEXT_INPUT_BYTES = 1 << 20;

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME",
            description = "eight-puzzle, fifteen-puzzle, sliding-RxC, magic-board, rotation-game, pocket-cube or pocket-cube-qtm (an unknown name lists the known ones)")
    String puzzleName;

    @Option(names = {"-i", "--input"}, paramLabel = "PATH", description = "a file or a directory of files")
    String input;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "parquet, csv or judge (default: from the file names: .parquet, .csv, else judge)")
    InputFormat format;

    @Mixin
    GeneratorOptions generator;

    @Option(names = "--goal", paramLabel = "BOARD", description = "goal of records that name none (default: the puzzle's)")
    String goal;

    @Option(names = "--max-nodes", paramLabel = "N", description = "per-instance node budget (BUDGET_EXCEEDED beyond it)")
    Long maxNodes;

    @Option(names = "--max-millis", paramLabel = "MS", description = "per-instance time budget in milliseconds")
    Long maxMillis;

    @Option(names = "--tables", paramLabel = "URI",
            description = "directory of the pattern databases, any Hadoop URI the executors can read (default: "
                + "$PUZZLE_ATLAS_TABLES or ~/.cache/puzzle-atlas/tables); a missing table of the goal is built "
                + "once, on the driver")
    String tables;

    @Option(names = "--partitions", paramLabel = "P", description = "repartition the instances into P partitions before solving")
    Integer partitions;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
            description = "local: solve in this JVM's threads without Spark (a small job then takes about 2 s in "
                + "all); spark: a Spark job; auto (default): local when Spark would run embedded (no --master, "
                + "--conf, --partitions or spark-submit) and the input is at most " + (LOCAL_TEXT_BYTES >> 20) + " MB of text or "
                + "at most " + LOCAL_GENERATED + " generated instances, else spark. Parquet input always uses Spark.")
    Engine engine;

    /** {@code --engine}. */
    enum Engine { AUTO, LOCAL, SPARK }

    /** Inputs up to these sizes run without Spark under {@code --engine auto} (docs/benchmarks.md). */
    static final long LOCAL_TEXT_BYTES = 64L << 20;
    static final long LOCAL_GENERATED = 4_000_000;

    @Mixin
    OutputOptions output;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;


    @Override
    public Integer call() {
        long started = System.nanoTime();
        Puzzle puzzle = checkedPuzzle();
        Report.phase("solve", "main");
        SolveBackground.warmUpChart();
        if (engine == Engine.SPARK
                || (engine == Engine.AUTO && (partitions != null || !SparkSessions.embeddedDefault(sparkOptions)))) {
            return sparkJob(puzzle, started);
        }
        Configuration conf = SparkSessions.hadoopConfiguration();
        List<Path> files = input == null ? null : SolveInputs.files(conf, input);
        InputFormat chosen = input == null ? null : SolveInputs.detect(files, format);
        boolean small = input == null ? generator.count(puzzle) <= LOCAL_GENERATED
                : chosen != InputFormat.PARQUET && SolveInputs.bytes(conf, input, files) <= LOCAL_TEXT_BYTES;
        if (engine == Engine.AUTO && !small) {
            return sparkJob(puzzle, started);
        }
        if (chosen == InputFormat.PARQUET) {
            throw new UsageException("--engine local reads text inputs (csv, judge); " + input + " is Parquet: use --engine spark");
        }
        return localJob(puzzle, conf, files, chosen, started);
    }

    /** The job in this JVM, without Spark ({@link InProcessSolve}). */
    private int localJob(Puzzle puzzle, Configuration conf, List<Path> files, InputFormat chosen, long started) {
        if (sparkOptions.master() != null || !sparkOptions.conf().isEmpty() || partitions != null) {
            throw new UsageException("--engine local runs without Spark: --master, --conf and --partitions do not apply");
        }
        AtomicOutput out = AtomicOutput.prepare(conf, output, "solve", "results", "histogram", "errors", "chart");
        Counts counts = out.publishAfter(o -> {
            SolverSettings settings = JobTables.forJob(tables, conf);
            JobTables.prepare(puzzle, goal == null ? puzzle.defaultGoal() : puzzle.parse(goal), settings, conf, System.err);
            Report.phase("solve", "input, solver");
            InProcessSolve local = new InProcessSolve(conf, o, Solvers.forName(puzzle.name(), settings).costVaries());
            InProcessSolve.Outcome outcome = input == null
                    ? local.generated(generator.count(puzzle), (ids, tally) -> new GeneratedSolvePartition(
                            generator.spec(puzzle, puzzle.enumeratesGoals() ? null : goal), settings, maxNodes, maxMillis, tally)
                            .call(ids))
                    : local.text(puzzle, files, chosen, (records, tally) -> new SolvePartition(puzzle.name(), goal, settings,
                            maxNodes, maxMillis, tally).call(records), new ErrorPartition(puzzle.name(), goal));
            Report.phase("solve", "results, errors");
            SolveBackground.Chart chart = SolveBackground.drawChart(puzzle.name(), SolveHistogram.lengths(outcome.histogram()));
            ParquetRows.write(conf, o.staged("histogram"), SolveHistogram.SCHEMA, outcome.histogram());
            long resultRows = SolveHistogram.print(outcome.histogram(), System.out);
            chart.copyTo(o);
            Report.phase("solve", "histogram, chart");
            return new Counts(outcome.read(), resultRows, outcome.errorRows());
        });
        return report(out, puzzle, chosen, counts, started, "local");
    }

    /** What a solve counted: records read, results rows, errors rows. */
    private record Counts(long read, long results, long errors) {
    }

    /** After the publish: the summary line and the reconciliation. */
    private int report(AtomicOutput out, Puzzle puzzle, InputFormat chosen, Counts counts, long started, String engineName) {
        Report.phase("solve", "published");
        System.out.printf("solve: %s %s -> %s (%s engine)%n", puzzle.name(), input == null ? generator.describe(puzzle)
                : input + " (" + chosen.name().toLowerCase(Locale.ROOT) + ")", out.dir(), engineName);
        return (Report.print(System.out, "solve", counts.read(), counts.results(), counts.errors(), started)
                ? ExitCode.OK : ExitCode.DID_NOT_RECONCILE).code();
    }

    /** The job on Spark. */
    private int sparkJob(Puzzle puzzle, long started) {
        try (JobSession session = SparkSessions.open("solve", sparkOptions)) {
            SparkSession spark = session.spark();
            Report.phase("solve", "session");
            SolveInputs inputs = new SolveInputs(spark, puzzle.name());
            InputFormat chosen = input == null ? null : SolveInputs.detect(inputs.files(input), format);
            AtomicOutput out = AtomicOutput.prepare(spark.sparkContext().hadoopConfiguration(), output, "solve",
                    "results", "histogram", "errors", "chart");
            Counts counts = out.publishAfter(o -> {
                SolverSettings settings = JobTables.forJob(tables, spark.sparkContext().hadoopConfiguration());
                JobTables.prepare(puzzle, goal == null ? puzzle.defaultGoal() : puzzle.parse(goal), settings,
                        spark.sparkContext().hadoopConfiguration(), System.err);
                if (spark.sparkContext().isLocal()) {
                    SolveBackground.warmUpSolver(puzzle, goal, settings);
                }
                Dataset<Row> records = input == null ? null : records(session, inputs, chosen);
                Report.phase("solve", "input, solver");
                // The solving pass counts the records it reads and the rows it writes (SolveTally):
                // no second pass over the input, no re-reading of the written results.
                SolveTally tally = SolveTally.register(spark.sparkContext());
                ParquetDatasets.write(input == null ? generatedResults(session, puzzle, settings, tally)
                        : records.mapPartitions(new SolvePartition(puzzle.name(), goal, settings, maxNodes, maxMillis, tally),
                                Encoders.row(Schemas.RESULTS)), o.staged("results"));
                Report.phase("solve", "results");
                List<Row> histogram = tally.histogram();
                // The chart is drawn while the histogram and errors are written.
                SolveBackground.Chart chart = SolveBackground.drawChart(puzzle.name(), SolveHistogram.lengths(histogram));
                ParquetDatasets.write(SolveHistogram.of(spark, histogram), o.staged("histogram"));
                Report.phase("solve", "histogram");
                long read = input == null ? generator.count(puzzle) : tally.records();
                long resultRows = SolveHistogram.print(histogram, System.out);
                // Each record gives exactly one results row or one errors row. When the results
                // already account for every record read, no record is invalid and the validation
                // pass over the input (which re-reads and re-parses it) is skipped. Generated
                // instances are the puzzle's own boards and never invalid.
                boolean noErrors = resultRows == read || records == null;
                Dataset<Row> errors = noErrors ? spark.createDataFrame(List.of(), Schemas.ERRORS)
                        : records.mapPartitions(new ErrorPartition(puzzle.name(), goal), Encoders.row(Schemas.ERRORS));
                ParquetDatasets.write(errors, o.staged("errors"));
                long errorRows = noErrors ? 0 : spark.read().parquet(o.staged("errors").toString()).count();
                Report.phase("solve", "errors");
                chart.copyTo(o);
                Report.phase("solve", "chart");
                return new Counts(read, resultRows, errorRows);
            });
            return report(out, puzzle, chosen, counts, started, "spark");
        }
    }

    /**
     * Partitions for puzzles solved by a search per instance: 4 per core, more for big sets (at
     * most 2,000 instances each). Tasks stream their rows, so a slow board holds back only its own
     * partition; finer cuts cost more in per-file Parquet overhead than they win here (measured:
     * 10,000 4x4 boards on 2 cores took 23 s in 2 partitions, 27 s in 16, 32 s in 157).
     */
    private static int searchPartitions(JobSession session, long count) {
        long bySize = count == Long.MAX_VALUE ? 0 : Math.min(100_000, (count + 1_999) / 2_000);
        return (int) Math.max(4L * session.parallelism(), bySize);
    }

    /** Results of generated instances: drawn and solved in one step, never written as instances. */
    private Dataset<Row> generatedResults(JobSession session, Puzzle puzzle, SolverSettings settings, SolveTally tally) {
        int p = partitions != null ? partitions
                : Solvers.forName(puzzle.name()).costVaries() ? searchPartitions(session, generator.count(puzzle))
                : generator.partitions(puzzle, session.parallelism());
        return generator.ids(session.spark(), puzzle, p)
                .mapPartitions(new GeneratedSolvePartition(generator.spec(puzzle, puzzle.enumeratesGoals() ? null : goal),
                        settings, maxNodes, maxMillis, tally), Encoders.row(Schemas.RESULTS));
    }

    /** The records of --input, partitioned for solving. */
    private Dataset<Row> records(JobSession session, SolveInputs inputs, InputFormat chosen) {
        Dataset<Row> records = inputs.read(input, chosen, session.parallelism());
        if (partitions != null) {
            return records.repartition(partitions);
        }
        // A text file is read by one task; spread the solving over the cluster. Searched puzzles
        // get many small partitions, so that a few boards 100x harder than the median spread out.
        Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
        if (Solvers.forName(puzzle.name()).costVaries()) {
            return records.repartition(searchPartitions(session, Long.MAX_VALUE));
        }
        // A table descent takes microseconds: a small text input is solved by the task that reads
        // it, without a shuffle that would cost more than it spreads.
        if (chosen == InputFormat.PARQUET || inputs.bytes(input) <= SMALL_TEXT_INPUT_BYTES) {
            return records;
        }
        return records.repartition(session.parallelism());
    }

    private Puzzle checkedPuzzle() {
        if ((input == null) == !generator.present()) {
            throw new ParameterException(spec.commandLine(), "give --input PATH or generator options (--all, --random N), not both");
        }
        Puzzle puzzle = GenerateCommand.checkedPuzzle(spec, puzzleName, null,
                generator.present() ? generator : null);
        if (goal != null) {
            if (!puzzle.hasGoalBoard()) {
                throw new ParameterException(spec.commandLine(), puzzle.name() + " has no goal board: --goal does not apply");
            }
            try {
                puzzle.parse(goal);
            } catch (InvalidBoardException e) {
                throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
            }
        }
        if ((maxNodes != null && maxNodes <= 0) || (maxMillis != null && maxMillis <= 0)) {
            throw new ParameterException(spec.commandLine(), "--max-nodes and --max-millis must be positive");
        }
        if (partitions != null && partitions < 1) {
            throw new ParameterException(spec.commandLine(), "--partitions must be at least 1, not " + partitions);
        }
        return puzzle;
    }
}
