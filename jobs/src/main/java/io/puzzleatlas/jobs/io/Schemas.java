package io.puzzleatlas.jobs.io;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import org.apache.spark.sql.types.StructType;

/**
 * The Parquet datasets' schemas (docs/datasets.md), column names and types fixed here and documented in the README.
 * Columns marked not-null are never null in what we write; readers that go through Spark see every Parquet column as
 * nullable.
 */
public final class Schemas {
    /** {@code instances/}: what {@code generate} writes and {@code solve} reads. */
    public static final StructType INSTANCES = new StructType()
            .add("puzzle", StringType, false)
            .add("instance_id", LongType, false)
            .add("start", StringType, false)
            .add("goal", StringType, true)
            .add("step_limit", IntegerType, true);

    /** {@code results/}: the instance columns and what the solver found. */
    public static final StructType RESULTS = INSTANCES
            .add("status", StringType, false)
            .add("length", IntegerType, true)
            .add("moves", StringType, true)
            .add("nodes", LongType, false)
            .add("solve_micros", LongType, false)
            .add("reason", StringType, true);

    /** {@code errors/}: records that are not legal boards, with where they came from. */
    public static final StructType ERRORS = new StructType()
            .add("source", StringType, false)
            .add("line", LongType, false)
            .add("raw", StringType, true)
            .add("reason", StringType, false);

    /** {@code histogram/} of {@code solve}: instances per status and optimal length. */
    public static final StructType SOLVE_HISTOGRAM = new StructType()
            .add("puzzle", StringType, false)
            .add("goal", StringType, true)
            .add("status", StringType, false)
            .add("depth", IntegerType, true)
            .add("count", LongType, false);

    /** {@code histogram/} of {@code explore}: states per distance from the goal. */
    public static final StructType EXPLORE_HISTOGRAM = new StructType()
            .add("puzzle", StringType, false)
            .add("goal", StringType, true)
            .add("depth", IntegerType, false)
            .add("count", LongType, false);

    /** {@code deepest/} of {@code explore}: the states at the radius (every one up to 65,536), by rank. */
    public static final StructType EXPLORE_DEEPEST = new StructType()
            .add("puzzle", StringType, false)
            .add("goal", StringType, true)
            .add("depth", IntegerType, false)
            .add("rank", LongType, false)
            .add("state", StringType, false);

    /** {@code distances/} of {@code explore}; {@code state} only with --with-states. */
    public static final StructType DISTANCES =
            new StructType().add("rank", LongType, false).add("depth", IntegerType, false);

    public static final StructType DISTANCES_WITH_STATES = DISTANCES.add("state", StringType, false);

    /**
     * What {@code solve} carries between reading and solving: one record of any input format, its raw fields still
     * text, with where it came from and, when it is already known to be broken (a malformed CSV line), why.
     */
    public static final StructType RECORDS = new StructType()
            .add("puzzle", StringType, true)
            .add("instance_id", LongType, false)
            .add("start", StringType, true)
            .add("goal", StringType, true)
            .add("step_limit", StringType, true)
            .add("source", StringType, false)
            .add("line", LongType, false)
            .add("raw", StringType, true)
            .add("reason", StringType, true);

    /** Column positions of {@link #RECORDS}, by name, for code that reads its rows. */
    public static final class Records {
        public static final int PUZZLE = RECORDS.fieldIndex("puzzle");
        public static final int INSTANCE_ID = RECORDS.fieldIndex("instance_id");
        public static final int START = RECORDS.fieldIndex("start");
        public static final int GOAL = RECORDS.fieldIndex("goal");
        public static final int STEP_LIMIT = RECORDS.fieldIndex("step_limit");
        public static final int SOURCE = RECORDS.fieldIndex("source");
        public static final int LINE = RECORDS.fieldIndex("line");
        public static final int RAW = RECORDS.fieldIndex("raw");
        public static final int REASON = RECORDS.fieldIndex("reason");

        private Records() {}
    }

    /** Column positions of {@link #RESULTS}, by name. */
    public static final class Results {
        public static final int PUZZLE = RESULTS.fieldIndex("puzzle");
        public static final int GOAL = RESULTS.fieldIndex("goal");
        public static final int STATUS = RESULTS.fieldIndex("status");
        public static final int LENGTH = RESULTS.fieldIndex("length");
        public static final int NODES = RESULTS.fieldIndex("nodes");

        private Results() {}
    }

    /** Column positions of {@link #SOLVE_HISTOGRAM}, by name. */
    public static final class Histogram {
        public static final int PUZZLE = SOLVE_HISTOGRAM.fieldIndex("puzzle");
        public static final int GOAL = SOLVE_HISTOGRAM.fieldIndex("goal");
        public static final int STATUS = SOLVE_HISTOGRAM.fieldIndex("status");
        public static final int DEPTH = SOLVE_HISTOGRAM.fieldIndex("depth");
        public static final int COUNT = SOLVE_HISTOGRAM.fieldIndex("count");

        private Histogram() {}
    }

    private Schemas() {}
}
