package io.puzzleatlas.jobs.atlas;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where the report reads its spaces from. The layout is {@code <input>/atlas/<space>/histogram} and
 * {@code <input>/atlas/<space>/deepest} with the columns of {@link AtlasCsv}; today as CSV files ({@link AtlasCsv}),
 * later as the Spark job's Parquet datasets of the same names and columns (a Parquet source implements this interface;
 * nothing else changes).
 */
public interface AtlasSource {
    /** Every space under {@code input}, ordered by space name. */
    List<AtlasSpace> load(FileSystem fs, Path input) throws IOException;
}
