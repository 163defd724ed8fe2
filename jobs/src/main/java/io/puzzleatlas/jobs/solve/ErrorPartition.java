package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.io.Schemas.Records;
import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The illegal records of a partition as {@link Schemas#ERRORS} rows (source, line, raw, reason). Validation is cheap
 * and deterministic, so this pass re-reads the input rather than caching the solved rows: the solving, which can be
 * expensive, runs once.
 */
final class ErrorPartition implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;

    private final PuzzleHandle puzzle;
    private final String defaultGoalText;

    ErrorPartition(PuzzleHandle puzzle, String defaultGoalText) {
        this.puzzle = puzzle;
        this.defaultGoalText = defaultGoalText;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> records) {
        RecordParser parser = new RecordParser(puzzle.puzzle(), defaultGoalText);
        return new FilteringIterator<>(records) {
            @Override
            Row convert(Row r) {
                String reason = parser.check(r);
                return reason == null
                        ? null
                        : RowFactory.create(
                                r.getString(Records.SOURCE), r.getLong(Records.LINE), r.getString(Records.RAW), reason);
            }
        };
    }
}
