package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.sum;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
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

    /** Prints counts per status and depth, summed over goals (a few hundred lines at most). */
    static void print(Dataset<Row> histogram, PrintStream out) {
        List<Row> rows = histogram.groupBy("status", "depth").agg(sum("count").as("count"))
                .orderBy(col("status"), col("depth")).collectAsList();
        out.println("histogram (status, optimal length: instances):");
        for (Row r : rows) {
            out.println(String.format(Locale.ROOT, "  %-15s %5s  %,12d", r.getString(0),
                    r.isNullAt(1) ? "-" : Integer.toString(r.getInt(1)), r.getLong(2)));
        }
    }
}
