package io.puzzleatlas.jobs.io;

import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Writes datasets the one way docs/datasets.md fixes: Parquet, zstd, whatever spark-defaults says. */
public final class ParquetDatasets {
    private ParquetDatasets() {}

    public static void write(Dataset<Row> rows, Path path) {
        rows.write().option("compression", "zstd").parquet(path.toString());
    }
}
