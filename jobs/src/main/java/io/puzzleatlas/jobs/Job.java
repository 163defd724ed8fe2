package io.puzzleatlas.jobs;

import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;

/**
 * The skeleton of every job that writes datasets (docs/architecture.md), written once: the session (Spark's, or none
 * for a job that runs in this JVM), {@link #before} (inputs read and checked, work that decides what is written), the
 * output prepared ({@link AtomicOutput}: refused when it exists, staged), {@link #stages} writing into the staging
 * directory, every dataset published together or all abandoned on a failure, then {@link #report}. A command checks its
 * options, picks the job and the engine, and calls {@link #run}.
 *
 * @param <R> what the stages found, for the report
 */
public abstract class Job<R> {
    private final String name;

    protected Job(String name) {
        this.name = name;
    }

    /** What a job's steps share: the session (null in this JVM), the Hadoop configuration of every file, the start. */
    public record Context(JobSession session, Configuration conf, long startedNanos) {
        /** The Spark session; only for a job run on Spark. */
        public SparkSession spark() {
            return session.spark();
        }

        public boolean onSpark() {
            return session != null;
        }
    }

    /** The job's name, the first word of its log and report lines. */
    public final String name() {
        return name;
    }

    /**
     * Runs the job on Spark ({@code spark} not null: its session is opened here and closed at the end) or in this JVM
     * (null), writing into {@code output}; returns the exit status.
     */
    public final int run(SparkOptions spark, OutputOptions output, long startedNanos) {
        JobSession session = spark == null ? null : SparkSessions.open(name, spark);
        try {
            Report.phase(name, "session");
            Configuration conf = session != null
                    ? session.spark().sparkContext().hadoopConfiguration()
                    : SparkSessions.hadoopConfiguration();
            Context ctx = new Context(session, conf, startedNanos);
            // the output's lock is taken before any work (a job's first work may write checkpoints
            // into the output) and released on every path: by the publish or abandon, else here
            try (AtomicOutput out = AtomicOutput.reserve(conf, output, name)) {
                try {
                    if (!before(ctx)) {
                        out.abandon();
                        return ExitCode.STOPPED_EARLY.code();
                    }
                    out.expect(datasets());
                } catch (IOException | RuntimeException | Error e) {
                    out.abandon();
                    throw e;
                }
                R result = out.publishAfter(o -> settledStages(ctx, o));
                if (result == null) {
                    return ExitCode.STOPPED_EARLY.code();
                }
                Report.phase(name, "published");
                return report(ctx, out, result).code();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (session != null) {
                session.close();
            }
        }
    }

    /**
     * The stages; on a failure on Spark, once no task of theirs runs, so that the staged output can be removed whole.
     */
    private R settledStages(Context ctx, AtomicOutput out) throws IOException {
        try {
            return stages(ctx, out);
        } catch (Exception | Error e) { // Exception: Spark's SparkException arrives undeclared
            if (ctx.onSpark()) {
                ctx.session().settle();
            }
            throw e;
        }
    }

    /**
     * Before the output is touched: reads and checks the inputs, or does work whose outcome names the datasets. Returns
     * false when the job stopped early on purpose (nothing is written).
     */
    protected boolean before(Context ctx) throws IOException {
        return true;
    }

    /** The datasets the job publishes (directories under the output), known after {@link #before}. */
    protected abstract String[] datasets();

    /**
     * Writes every dataset under {@link AtomicOutput#staged}; returns what the report needs, or null to stop early on
     * purpose (nothing is published).
     */
    protected abstract R stages(Context ctx, AtomicOutput out) throws IOException;

    /** After the publish: the summary lines; the exit status. */
    protected abstract ExitCode report(Context ctx, AtomicOutput out, R result);

    /** The reconciliation lines of a job that read {@code read} records into results and errors rows. */
    protected final ExitCode reconcile(Context ctx, long read, long results, long errors) {
        return Report.print(System.out, name, read, results, errors, ctx.startedNanos())
                ? ExitCode.OK
                : ExitCode.DID_NOT_RECONCILE;
    }
}
