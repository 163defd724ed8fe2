package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;

/**
 * {@code solve} with generator options ({@code --all}, {@code --random N}, ...): instances are drawn and solved in one
 * step, never written as instances; they are the puzzle's own boards, so the errors dataset is always empty.
 */
final class GeneratedSolve extends SolveJob {
    GeneratedSolve(SolveRequest options) {
        super(options);
    }

    private GeneratedSolvePartition solving(SolverSettings settings, SolveTally tally) {
        return new GeneratedSolvePartition(
                options.generator(), settings, options.maxNodes(), options.maxMillis(), options.splitNodes(), tally);
    }

    @Override
    Counts onSpark(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException {
        Report.phase("solve", "solver");
        // the solving pass counts the rows it writes (SolveTally): no re-reading of the results
        SolveTally tally = SolveTally.register(ctx.spark().sparkContext());
        long count = options.generator().count();
        Dataset<Long> ids;
        if (options.partitions() != null) {
            ids = options.generator().ids(ctx.spark(), options.partitions());
        } else if (costVaries()) {
            ids = options.generator()
                    .guidedIds(
                            ctx.spark(),
                            ctx.session().parallelism(),
                            SMALLEST_SEARCH_PARTITION,
                            LARGEST_SEARCH_PARTITION);
        } else {
            ids = options.generator()
                    .ids(
                            ctx.spark(),
                            options.generator().partitions(ctx.session().parallelism()));
        }
        SolveCheckpoint.Pass pass = resumedPass();
        boolean resumed = pass != null;
        if (!resumed) {
            try (SolveProgress.Listening progress = SolveProgress.onSpark(
                    ctx.spark().sparkContext(), tally, count, options.switches().solveProgressSeconds())) {
                ParquetDatasets.write(
                        ids.mapPartitions(solving(settings, tally), Encoders.row(Schemas.RESULTS)),
                        out.staged("results"));
            }
            // generated instances are all valid; the empty errors go with the first pass, which a checkpoint keeps
            // whole
            ParquetDatasets.write(ctx.spark().createDataFrame(List.<Row>of(), Schemas.ERRORS), out.staged("errors"));
            pass = new SolveCheckpoint.Pass(tally.value(), 0);
        }
        Report.phase("solve", "results");
        pass = hard(ctx, out, settings, pass, resumed);
        return new Counts(count, histogram(ctx, out, pass.counts().histogram()), 0);
    }

    @Override
    Counts inJvm(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException {
        SolveCheckpoint.Pass pass = resumedPass();
        boolean resumed = pass != null;
        if (!resumed) {
            InProcessSolve.Outcome outcome = inProcess(ctx, out)
                    .generated(
                            options.generator().count(),
                            (ids, tally) -> solving(settings, tally).call(ids));
            pass = new SolveCheckpoint.Pass(outcome.counts(), outcome.errorRows());
        }
        Report.phase("solve", "results, errors");
        pass = hard(ctx, out, settings, pass, resumed);
        return new Counts(
                pass.counts().records, histogram(ctx, out, pass.counts().histogram()), pass.errorRows());
    }

    @Override
    String inputs(Configuration conf) {
        return "";
    }

    @Override
    String describe() {
        return options.generator().describe();
    }
}
