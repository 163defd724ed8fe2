package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;

/**
 * {@code solve --input PATH}: records of Parquet, CSV or judge files; each gives one results row or, when invalid, one
 * errors row.
 */
final class InputSolve extends SolveJob {
    /** Text inputs up to this size (about 30,000 8-puzzle lines) of table-driven puzzles are not repartitioned. */
    static final long SMALL_TEXT_INPUT_BYTES = 1 << 20;

    private final String input;
    private List<Path> files;
    private InputFormat format;
    private SolveInputs inputs;

    /** {@code files} and {@code format}: already listed and detected, or null (then {@link #before} does it). */
    InputSolve(SolveRequest options, List<Path> files, InputFormat format) {
        super(options);
        this.input = options.input();
        this.files = files;
        this.format = format;
    }

    @Override
    protected boolean before(Context ctx) {
        if (ctx.onSpark()) {
            inputs = new SolveInputs(ctx.spark(), puzzle);
        }
        if (files == null) {
            files = SolveInputs.files(ctx.conf(), input);
            format = SolveInputs.detect(files, options.format());
        }
        if (ctx.onSpark()) {
            SolveInputs.requireRegularFiles(input, files);
        }
        if (!ctx.onSpark() && format == InputFormat.PARQUET) {
            throw new UsageException(
                    "--engine local reads text inputs (csv, judge); " + input + " is Parquet: use --engine spark");
        }
        return true;
    }

    @Override
    Counts onSpark(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException {
        Dataset<Row> records = records(ctx);
        Report.phase("solve", "input, solver");
        // The solving pass counts the records it reads and the rows it writes (SolveTally): no
        // second pass over the input, no re-reading of the written results.
        SolveTally tally = SolveTally.register(ctx.spark().sparkContext());
        SolveCheckpoint.Pass pass = resumedPass();
        boolean resumed = pass != null;
        if (!resumed) {
            try (SolveProgress.Listening progress = SolveProgress.onSpark(
                    ctx.spark().sparkContext(), tally, -1, options.switches().solveProgressSeconds())) {
                ParquetDatasets.write(
                        records.mapPartitions(
                                new SolvePartition(
                                        puzzle,
                                        options.goal(),
                                        settings,
                                        options.maxNodes(),
                                        options.maxMillis(),
                                        options.splitNodes(),
                                        tally),
                                Encoders.row(Schemas.RESULTS)),
                        out.staged("results"));
            }
            Report.phase("solve", "results");
            SolveTally.Counts counts = tally.value();
            // Each record gives exactly one results row (a deferred instance's comes later) or one
            // errors row. When the results account for every record read, no record is invalid and
            // the validation pass over the input (which re-reads and re-parses it) is skipped. The
            // errors are written before the split search, so a checkpoint holds the whole first pass.
            boolean noErrors = counts.rowCount() + counts.deferred.size() == counts.records;
            Dataset<Row> errors = noErrors
                    ? ctx.spark().createDataFrame(List.of(), Schemas.ERRORS)
                    : records.mapPartitions(new ErrorPartition(puzzle, options.goal()), Encoders.row(Schemas.ERRORS));
            ParquetDatasets.write(errors, out.staged("errors"));
            long errorRows = noErrors ? 0 : ParquetDatasets.rows(ctx.conf(), out.staged("errors"));
            Report.phase("solve", "errors");
            pass = new SolveCheckpoint.Pass(counts, errorRows);
        }
        pass = hard(ctx, out, settings, pass, resumed);
        return new Counts(
                pass.counts().records, histogram(ctx, out, pass.counts().histogram()), pass.errorRows());
    }

    @Override
    Counts inJvm(Context ctx, AtomicOutput out, SolverSettings settings) throws IOException {
        Report.phase("solve", "input, solver");
        SolveCheckpoint.Pass pass = resumedPass();
        boolean resumed = pass != null;
        if (!resumed) {
            InProcessSolve.Outcome outcome = inProcess(ctx, out)
                    .text(
                            puzzle,
                            files,
                            format,
                            (records, tally) -> new SolvePartition(
                                            puzzle,
                                            options.goal(),
                                            settings,
                                            options.maxNodes(),
                                            options.maxMillis(),
                                            options.splitNodes(),
                                            tally)
                                    .call(records),
                            new ErrorPartition(puzzle, options.goal()));
            pass = new SolveCheckpoint.Pass(outcome.counts(), outcome.errorRows());
        }
        Report.phase("solve", "results, errors");
        pass = hard(ctx, out, settings, pass, resumed);
        return new Counts(
                pass.counts().records, histogram(ctx, out, pass.counts().histogram()), pass.errorRows());
    }

    /** The records of the input, partitioned for solving. */
    private Dataset<Row> records(Context ctx) {
        int parallelism = ctx.session().parallelism();
        Dataset<Row> records = inputs.read(input, format, parallelism);
        if (options.partitions() != null) {
            return records.repartition(options.partitions());
        }
        // A text file is read by one task; spread the solving over the cluster. Searched puzzles
        // get many small partitions, so that a few boards 100x harder than the median spread out.
        if (costVaries()) {
            return records.repartition(searchPartitions(ctx.session(), Long.MAX_VALUE));
        }
        // A table descent takes microseconds: a small text input is solved by the task that reads
        // it, without a shuffle that would cost more than it spreads.
        if (format == InputFormat.PARQUET || inputs.bytes(input) <= SMALL_TEXT_INPUT_BYTES) {
            return records;
        }
        return records.repartition(parallelism);
    }

    @Override
    String inputs(Configuration conf) {
        StringBuilder s = new StringBuilder();
        for (Path f : files) {
            try {
                FileStatus st = NioLocalFileSystem.of(f, conf).getFileStatus(f);
                s.append(f)
                        .append(' ')
                        .append(st.getLen())
                        .append(' ')
                        .append(st.getModificationTime())
                        .append('\n');
            } catch (IOException e) {
                s.append(f).append(" unreadable\n");
            }
        }
        return s.toString();
    }

    @Override
    String describe() {
        return input + " (" + format.name().toLowerCase(Locale.ROOT) + ")";
    }
}
