package io.puzzleatlas.jobs.atlas;

import static org.apache.spark.sql.types.DataTypes.IntegerType;
import static org.apache.spark.sql.types.DataTypes.LongType;
import static org.apache.spark.sql.types.DataTypes.StringType;

import io.puzzleatlas.jobs.io.ParquetRows;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;

/**
 * The atlas datasets as Parquet: {@code atlas/<space>/histogram} (puzzle, goal, depth, count) and
 * {@code atlas/<space>/deepest} (puzzle, goal, depth, board). Both are small (one row per distance, one per deepest
 * board), so each is one file written from the driver.
 */
public final class AtlasParquet {
    public static final StructType HISTOGRAM = new StructType()
            .add("puzzle", StringType, false)
            .add("goal", StringType, true)
            .add("depth", IntegerType, false)
            .add("count", LongType, false);
    public static final StructType DEEPEST = new StructType()
            .add("puzzle", StringType, false)
            .add("goal", StringType, true)
            .add("depth", IntegerType, false)
            .add("board", StringType, false);

    private AtlasParquet() {}

    /** Writes {@code s}'s two datasets under {@code spaceDir} (no Spark: {@link ParquetRows}). */
    public static void write(Configuration conf, Path spaceDir, AtlasSpace s) {
        String goal = s.goal().isEmpty() ? null : s.goal();
        long[] h = s.histogram();
        List<Row> histogram = new ArrayList<>(h.length);
        for (int d = 0; d < h.length; d++) {
            histogram.add(RowFactory.create(s.puzzle().name(), goal, d, h[d]));
        }
        List<Row> deepest = new ArrayList<>(s.deepest().size());
        for (String board : s.deepest()) {
            deepest.add(RowFactory.create(s.puzzle().name(), goal, s.radius(), board));
        }
        ParquetRows.write(conf, new Path(spaceDir, "histogram"), HISTOGRAM, histogram);
        ParquetRows.write(conf, new Path(spaceDir, "deepest"), DEEPEST, deepest);
    }
}
