package io.puzzleatlas.jobs.spark;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkExecutorInfo;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/** A job's SparkSession; closing stops it only when the job started it. */
public final class JobSession implements AutoCloseable {
    /** The longest {@link #settle} waits for the tasks of a failed job to end. */
    static final long SETTLE_MILLIS = 30_000;

    private final SparkSession spark;
    private final boolean owned;

    JobSession(SparkSession spark, boolean owned) {
        this.spark = spark;
        this.owned = owned;
    }

    public SparkSession spark() {
        return spark;
    }

    public JavaSparkContext context() {
        return JavaSparkContext.fromSparkContext(spark.sparkContext());
    }

    /**
     * The tasks a local-mode context runs at once ({@code local}: 1, {@code local[N]}: N, {@code local[*]}: this
     * machine's processors), or 0 where it is not in local mode.
     */
    public static int localSlots(SparkContext sc) {
        Matcher m = Pattern.compile("local(?:\\[(\\*|\\d+)(?:,\\s*\\d+)?\\])?")
                .matcher(sc.master().trim());
        if (!m.matches()) {
            return 0;
        }
        String n = m.group(1);
        return n == null ? 1 : n.equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(n);
    }

    /** Default number of partitions: the cluster's parallelism. */
    public int parallelism() {
        return spark.sparkContext().defaultParallelism();
    }

    /**
     * After a failed stage: cancels every job still running and waits (at most {@link #SETTLE_MILLIS}) until no task
     * runs, so that no task of the failed job writes into an output that is about to be removed. Spark fails a job at
     * its first failed task and leaves the others running until they notice.
     */
    public void settle() {
        SparkContext sc = spark.sparkContext();
        sc.cancelAllJobs();
        long until = System.currentTimeMillis() + SETTLE_MILLIS;
        try {
            while (runningTasks(sc) > 0 && System.currentTimeMillis() < until) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int runningTasks(SparkContext sc) {
        int running = 0;
        for (SparkExecutorInfo e : sc.statusTracker().getExecutorInfos()) {
            running += e.numRunningTasks();
        }
        return running;
    }

    @Override
    public void close() {
        if (owned) {
            spark.stop();
        }
    }
}
