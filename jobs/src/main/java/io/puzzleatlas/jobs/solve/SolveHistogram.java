package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;

import java.io.PrintStream;
import java.util.Locale;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** {@code solve}'s histogram: instances per puzzle, goal, status and optimal length. */
final class SolveHistogram {
    private SolveHistogram() {
    }

    /** The histogram of a results dataset, in {@link io.puzzleatlas.jobs.io.Schemas#SOLVE_HISTOGRAM} columns. */
    static Dataset<Row> of(Dataset<Row> results) {
        return results.groupBy(col("puzzle"), col("goal"), col("status"), col("length").as("depth"))
                .agg(count("*").as("count"))
                .select("puzzle", "goal", "status", "depth", "count");
    }

    /**
     * Prints instances per status and depth, summed over goals, and returns their total. The
     * histogram has a row per (goal, status, length): small, so it is collected.
     */
    static long print(Dataset<Row> histogram, PrintStream out) {
        // status -> depth (-1: none) -> instances
        TreeMap<String, TreeMap<Integer, Long>> counts = new TreeMap<>();
        long total = 0;
        for (Row r : histogram.select("status", "depth", "count").collectAsList()) {
            int depth = r.isNullAt(1) ? -1 : r.getInt(1);
            counts.computeIfAbsent(r.getString(0), k -> new TreeMap<>()).merge(depth, r.getLong(2), Long::sum);
            total += r.getLong(2);
        }
        out.println("histogram (status, optimal length: instances):");
        counts.forEach((status, byDepth) -> byDepth.forEach((depth, n) -> out.println(String.format(Locale.ROOT,
                "  %-15s %5s  %,12d", status, depth < 0 ? "-" : Integer.toString(depth), n))));
        return total;
    }

    /**
     * Instances per optimal length, over every status that knows it (SOLVED and OVER_LIMIT):
     * index = length. Empty when no instance has a length.
     */
    static long[] lengths(Dataset<Row> histogram) {
        long[] counts = new long[0];
        for (Row r : histogram.select("depth", "count").where(col("depth").isNotNull()).collectAsList()) {
            int depth = r.getInt(0);
            if (depth >= counts.length) {
                counts = java.util.Arrays.copyOf(counts, depth + 1);
            }
            counts[depth] += r.getLong(1);
        }
        return counts;
    }
}
