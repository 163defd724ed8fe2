package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.jobs.io.Schemas;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/** Builds {@link Schemas#RESULTS} rows. */
final class ResultRows {
    private ResultRows() {}

    static Row of(
            String puzzle, long id, String start, String goal, Integer stepLimit, SolveResult result, long micros) {
        return RowFactory.create(
                puzzle,
                id,
                start,
                goal,
                stepLimit,
                result.status().name(),
                result.length() < 0 ? null : result.length(),
                result.moves(),
                result.nodes(),
                micros,
                result.reason());
    }
}
