package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;

/**
 * What both ways of feeding {@code solve} share ({@link InputSolve}, {@link GeneratedSolve}): the datasets, the
 * solver's tables made ready before the first task, and the end of the job (the histogram written and printed, the
 * chart, the summary and the reconciliation). A job runs on Spark when it has a session, else in this JVM
 * ({@link InProcessSolve}); each way of feeding has one stage method per engine.
 */
public abstract class SolveJob extends Job<SolveJob.Counts> {
    /** What a solve counted: records read, results rows, errors rows. */
    record Counts(long read, long results, long errors) {}

    final SolveRequest options;
    final PuzzleHandle puzzle;
    /** The chart, drawn in the background from when the histogram is known to the end of the stages. */
    private SolveBackground.Chart chart;
    /** Where the first pass and the finished split instances are kept for a rerun with --resume. */
    private SolveCheckpoint checkpoint;
    /** The request's solver settings with its plan: what every solver of the job is made with. */
    private final SolverSettings planned;

    SolveJob(SolveRequest options) {
        super("solve");
        this.options = options;
        this.puzzle = options.puzzle();
        this.planned = options.settings();
    }

    /** Inputs up to these sizes run without Spark under {@code --engine auto} (docs/benchmarks.md). */
    public static final long LOCAL_TEXT_BYTES = 64L << 20;

    public static final long LOCAL_GENERATED = 4_000_000;

    /**
     * Picks the job ({@link InputSolve} or {@link GeneratedSolve}) and the engine, and runs it: Spark when asked for
     * ({@code engine}), or under {@code auto} when Spark options are given ({@code sparkOptionsGiven}) or the input is
     * large; else this JVM's threads.
     */
    public static int launch(
            SolveRequest request,
            Engine engine,
            boolean sparkOptionsGiven,
            SparkOptions spark,
            OutputOptions output,
            long started) {
        Report.phase("solve", "main");
        SolveBackground.warmUpChart();
        if (engine == Engine.SPARK || (engine == Engine.AUTO && sparkOptionsGiven)) {
            compilersFor(request, false);
            SolveJob job = request.input() == null ? new GeneratedSolve(request) : new InputSolve(request, null, null);
            return job.run(spark, output, started);
        }
        SolveJob job;
        boolean small;
        if (request.input() == null) {
            job = new GeneratedSolve(request);
            small = request.generator().count() <= LOCAL_GENERATED;
        } else {
            Configuration conf = SparkSessions.hadoopConfiguration();
            List<Path> files = SolveInputs.files(conf, request.input());
            InputFormat chosen = SolveInputs.detect(files, request.format());
            job = new InputSolve(request, files, chosen);
            small = chosen != InputFormat.PARQUET
                    && SolveInputs.bytes(conf, request.input(), files) <= LOCAL_TEXT_BYTES;
        }
        boolean local = engine == Engine.LOCAL || small;
        compilersFor(request, local);
        return job.run(local ? null : spark, output, started);
    }

    /** The JIT of a JVM the command owns ({@link ShortRunJit}): a local solve's by its count, a Spark job's default. */
    private static void compilersFor(SolveRequest request, boolean local) {
        if (request.switches().ownsJvm()) {
            ShortRunJit.limitFor(local ? request.settings().positions() : 0);
        }
    }

    /**
     * Generated instances solved by a search each go in partitions of guided sizes
     * ({@link io.puzzleatlas.core.concurrent.ChunkedWork#guidedBounds}) between these bounds: the largest as big as the
     * partitions of {@link #searchPartitions}, the smallest a few hundred milliseconds of 15-puzzle boards, so the last
     * tasks end together.
     */
    static final long LARGEST_SEARCH_PARTITION = 2_000;

    static final long SMALLEST_SEARCH_PARTITION = 32;

    /**
     * Partitions for puzzles solved by a search per instance: 4 per core, more for big sets (at most 2,000 instances
     * each). Tasks stream their rows, so a slow board holds back only its own partition; finer cuts cost more in
     * per-file Parquet overhead than they win here (measured: 10,000 4x4 boards on 2 cores took 23 s in 2 partitions,
     * 27 s in 16, 32 s in 157).
     */
    static int searchPartitions(JobSession session, long count) {
        long bySize = count == Long.MAX_VALUE ? 0 : Math.min(100_000, (count + 1_999) / 2_000);
        return (int) Math.max(4L * session.parallelism(), bySize);
    }

    @Override
    protected final String[] datasets() {
        return new String[] {"results", "histogram", "errors", "chart"};
    }

    @Override
    protected final Counts stages(Context ctx, AtomicOutput out) throws IOException {
        SolverSettings settings = JobTables.forJob(options.settings(), options.tables(), ctx.conf());
        checkpoint = SolveCheckpoint.open(
                out,
                options.fingerprint() + "\nsolver max-pattern " + settings.maxPattern() + ", pattern databases "
                        + settings.patternDatabases() + "\n" + inputs(ctx.conf()),
                options.resume(),
                options.overwrite());
        FaultSeam.driver("solve-stages");
        JobTables.prepare(puzzle, options.goal(), settings, ctx.conf(), System.err);
        if (ctx.onSpark() && ctx.spark().sparkContext().isLocal()) {
            SolveBackground.warmUpSolver(
                    puzzle, options.goal(), settings); // tasks run in this JVM: load tables while Spark plans
        }
        Counts counts =
                ctx.onSpark() ? onSpark(ctx, out, settings) : inJvm(ctx, out, JobTables.forLocalEngine(settings));
        chart.copyTo(out);
        Report.phase("solve", "chart");
        return counts;
    }

    /** The stages on Spark. */
    abstract Counts onSpark(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException;

    /** The stages in this JVM's threads. */
    abstract Counts inJvm(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException;

    /** What was solved, for the summary line. */
    abstract String describe();

    /** The input files as a resumed run must find them again (name, length, modification time, a line each), or "". */
    abstract String inputs(Configuration conf);

    /** The first pass of an earlier run that the checkpoint kept (with --resume), or null: run it. */
    final SolveCheckpoint.Pass resumedPass() {
        return options.resume() ? checkpoint.pass() : null;
    }

    /**
     * After the first pass: the instances it left to the split search ({@link HardInstances}) solved, their rows
     * written into the staged results beside the pass's and counted; the pass is kept in the checkpoint until they are
     * all done.
     */
    final SolveCheckpoint.Pass hard(
            Context ctx, AtomicOutput out, SolverSettings settings, SolveCheckpoint.Pass pass, boolean resumed)
            throws IOException {
        SolveTally.Counts counts = pass.counts();
        if (counts.deferred.isEmpty()) {
            return pass;
        }
        if (!resumed) {
            checkpoint.savePass(out, pass);
        }
        FaultSeam.stop("solve-first-pass");
        List<Row> rows = new HardInstances(options, settings, ctx.session(), checkpoint, System.out)
                .solve(counts.deferred, counts.records - counts.deferred.size(), counts.records, resumed);
        checkpoint.restorePass(out);
        try (ParquetRows split = ParquetRows.open(ctx.conf(), out.staged("results"), SPLIT_FILE, Schemas.RESULTS)) {
            rows.forEach(split::add);
        }
        SolveTally.Counts all = new SolveTally.Counts();
        all.records = counts.records;
        all.rows.putAll(counts.rows);
        rows.forEach(all::add);
        Report.phase("solve", "split instances");
        return new SolveCheckpoint.Pass(all, pass.errorRows());
    }

    /** The file of the split instances' rows in {@code results/}. */
    static final String SPLIT_FILE = "part-split.zstd.parquet";

    /** The in-JVM runner of this job's output. */
    final InProcessSolve inProcess(Context ctx, AtomicOutput out) {
        return new InProcessSolve(
                ctx.conf(), out, costVaries(), options.switches().solveProgressSeconds());
    }

    /** Whether the puzzle is solved by a search per instance, whose cost varies (the planned solver says). */
    final boolean costVaries() {
        return puzzle.solver(planned).costVaries();
    }

    /**
     * Once the results are written: the chart of the optimal lengths is drawn (on a background thread, until the stages
     * end) while the histogram is written and printed; returns the results rows the histogram counts.
     */
    final long histogram(Context ctx, AtomicOutput out, List<Row> histogram) throws IOException {
        chart = SolveBackground.drawChart(puzzle.name(), SolveHistogram.lengths(histogram));
        if (ctx.onSpark()) {
            ParquetDatasets.write(SolveHistogram.of(ctx.spark(), histogram), out.staged("histogram"));
        } else {
            ParquetRows.write(ctx.conf(), out.staged("histogram"), SolveHistogram.SCHEMA, histogram);
        }
        Report.phase("solve", "histogram");
        return SolveHistogram.print(histogram, System.out);
    }

    @Override
    protected final ExitCode report(Context ctx, AtomicOutput out, Counts counts) {
        SolveCheckpoint.remove(out);
        String method = puzzle.solver(planned).describe();
        System.out.printf(
                "solve: %s %s -> %s (%s engine%s)%n",
                puzzle.name(),
                describe(),
                out.dir(),
                ctx.onSpark() ? "spark" : "local",
                method == null ? "" : ", " + method);
        return reconcile(ctx, counts.read(), counts.results(), counts.errors());
    }
}
