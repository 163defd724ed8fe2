package io.puzzleatlas.jobs.santa;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.puzzleatlas.core.santa.RowResult;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;

/**
 * {@code results/} of {@code santa}: one row a puzzle, {@code length} and {@code moves} null when unsolved,
 * {@code lower_bound} 0 for a type not searched, {@code micros} the search's time.
 */
final class SantaRows {
    static final StructType RESULTS = new StructType()
            .add("id", IntegerType, false)
            .add("puzzle_type", StringType, false)
            .add("status", StringType, false)
            .add("length", IntegerType, true)
            .add("lower_bound", IntegerType, false)
            .add("moves", StringType, true)
            .add("nodes", LongType, false)
            .add("micros", LongType, false);

    private SantaRows() {}

    static Row row(RowResult r) {
        return RowFactory.create(
                r.puzzle().id(),
                r.puzzle().type().name(),
                r.status().name(),
                r.moves() == null ? null : r.length(),
                r.lowerBound(),
                r.movesText(),
                r.nodes(),
                r.micros());
    }
}
