package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Report;
import java.io.IOException;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * What both ways of feeding {@code solve} share ({@link InputSolve}, {@link GeneratedSolve}): the
 * datasets, the solver's tables made ready before the first task, and the end of the job (the
 * histogram written and printed, the chart, the summary and the reconciliation). A job runs on
 * Spark when it has a session, else in this JVM ({@link InProcessSolve}); each way of feeding has
 * one stage method per engine.
 */
abstract class SolveJob extends Job<SolveJob.Counts> {
    /** What a solve counted: records read, results rows, errors rows. */
    record Counts(long read, long results, long errors) {
    }

    final SolveCommand options;
    final Puzzle puzzle;
    /** The chart, drawn in the background from when the histogram is known to the end of the stages. */
    private SolveBackground.Chart chart;

    SolveJob(SolveCommand options, Puzzle puzzle) {
        super("solve");
        this.options = options;
        this.puzzle = puzzle;
    }

    @Override
    protected final String[] datasets() {
        return new String[] {"results", "histogram", "errors", "chart"};
    }

    @Override
    protected final Counts stages(Context ctx, AtomicOutput out) throws IOException {
        SolverSettings settings = JobTables.forJob(options.tables, ctx.conf());
        JobTables.prepare(puzzle, options.goal, settings,
                ctx.conf(), System.err);
        if (ctx.onSpark() && ctx.spark().sparkContext().isLocal()) {
            SolveBackground.warmUpSolver(puzzle, options.goal, settings); // tasks run in this JVM: load tables while Spark plans
        }
        Counts counts = ctx.onSpark() ? onSpark(ctx, out, settings) : inJvm(ctx, out, settings);
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

    /** The in-JVM runner of this job's output. */
    final InProcessSolve inProcess(Context ctx, AtomicOutput out) {
        return new InProcessSolve(ctx.conf(), out, Solvers.forName(puzzle.name()).costVaries());
    }

    /**
     * Once the results are written: the chart of the optimal lengths is drawn (on a background
     * thread, until the stages end) while the histogram is written and printed; returns the
     * results rows the histogram counts.
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
        System.out.printf("solve: %s %s -> %s (%s engine)%n", puzzle.name(), describe(), out.dir(),
                ctx.onSpark() ? "spark" : "local");
        return reconcile(ctx, counts.read(), counts.results(), counts.errors());
    }
}
