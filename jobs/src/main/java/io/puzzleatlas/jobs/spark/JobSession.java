package io.puzzleatlas.jobs.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/** A job's SparkSession; closing stops it only when the job started it. */
public final class JobSession implements AutoCloseable {
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

    /** Default number of partitions: the cluster's parallelism. */
    public int parallelism() {
        return spark.sparkContext().defaultParallelism();
    }

    @Override
    public void close() {
        if (owned) {
            spark.stop();
        }
    }
}
