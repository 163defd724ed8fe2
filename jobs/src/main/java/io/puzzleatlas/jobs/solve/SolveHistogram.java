package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.puzzleatlas.jobs.io.Schemas.Histogram;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/** {@code solve}'s histogram: instances per puzzle, goal, status and optimal length. */
final class SolveHistogram {
    /**
     * {@link io.puzzleatlas.jobs.io.Schemas#SOLVE_HISTOGRAM} as the files have always held it: the grouping columns
     * optional (they came from results read back from Parquet), the count required.
     */
    static final StructType SCHEMA = new StructType()
            .add("puzzle", StringType, true)
            .add("goal", StringType, true)
            .add("status", StringType, true)
            .add("depth", IntegerType, true)
            .add("count", LongType, false);

    private SolveHistogram() {}

    /** The histogram rows counted while solving ({@link SolveTally#histogram}) as a one-partition dataset. */
    static Dataset<Row> of(SparkSession spark, List<Row> rows) {
        return spark.createDataFrame(rows, SCHEMA).coalesce(1);
    }

    /**
     * Prints instances per status and depth, summed over goals, and returns their total; the rows are (puzzle, goal,
     * status, depth, count), one per (goal, status, length).
     */
    static long print(List<Row> histogram, PrintStream out) {
        // status -> depth (-1: none) -> instances
        TreeMap<String, TreeMap<Integer, Long>> counts = new TreeMap<>();
        long total = 0;
        for (Row r : histogram) {
            int depth = r.isNullAt(Histogram.DEPTH) ? -1 : r.getInt(Histogram.DEPTH);
            counts.computeIfAbsent(r.getString(Histogram.STATUS), k -> new TreeMap<>())
                    .merge(depth, r.getLong(Histogram.COUNT), Long::sum);
            total += r.getLong(Histogram.COUNT);
        }
        out.println("histogram (status, optimal length: instances):");
        counts.forEach((status, byDepth) -> byDepth.forEach((depth, n) -> out.println(String.format(
                Locale.ROOT, "  %-15s %5s  %,12d", status, depth < 0 ? "-" : Integer.toString(depth), n))));
        return total;
    }

    /**
     * Instances per optimal length, over every status that knows it (SOLVED and OVER_LIMIT): index = length. Empty when
     * no instance has a length.
     */
    static long[] lengths(List<Row> histogram) {
        long[] counts = new long[0];
        for (Row r : histogram) {
            if (r.isNullAt(Histogram.DEPTH)) {
                continue;
            }
            int depth = r.getInt(Histogram.DEPTH);
            if (depth >= counts.length) {
                counts = Arrays.copyOf(counts, depth + 1);
            }
            counts[depth] += r.getLong(Histogram.COUNT);
        }
        return counts;
    }
}
