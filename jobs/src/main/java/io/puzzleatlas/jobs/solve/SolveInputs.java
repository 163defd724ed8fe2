package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.input_file_name;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;

import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads {@code solve}'s input, whatever its format, as {@link Schemas#RECORDS} rows: nothing is
 * parsed as a board yet (that happens beside the solver), so every record, broken or not, is
 * carried to the end and counted.
 */
final class SolveInputs {
    private final SparkSession spark;
    private final String puzzleName;

    SolveInputs(SparkSession spark, String puzzleName) {
        this.spark = spark;
        this.puzzleName = puzzleName;
    }

    /** The files of a path (itself, or a directory's visible files), sorted by name. */
    List<Path> files(String input) {
        try {
            Path path = new Path(input);
            FileSystem fs = path.getFileSystem(spark.sparkContext().hadoopConfiguration());
            FileStatus status = fs.getFileStatus(path);
            List<Path> files = new ArrayList<>();
            if (status.isFile()) {
                files.add(fs.makeQualified(path));
            } else {
                FileStatus[] children = fs.listStatus(path);
                Arrays.sort(children);
                for (FileStatus c : children) {
                    String name = c.getPath().getName();
                    if (c.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                        files.add(c.getPath());
                    }
                }
            }
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + input + ": " + e.getMessage(), e);
        }
    }

    /** Total size in bytes of the files of a path ({@link #files}). */
    long bytes(String input) {
        try {
            long total = 0;
            for (Path file : files(input)) {
                total += file.getFileSystem(spark.sparkContext().hadoopConfiguration()).getFileStatus(file).getLen();
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + input + ": " + e.getMessage(), e);
        }
    }

    /** The format of an input: its files' names decide unless {@code forced}. */
    InputFormat detect(List<Path> files, InputFormat forced) {
        if (forced != null) {
            return forced;
        }
        return files.isEmpty() ? InputFormat.JUDGE : InputFormat.ofName(files.get(0).getName());
    }

    Dataset<Row> read(String input, InputFormat format, int minPartitions) {
        return format == InputFormat.PARQUET ? parquet(input) : text(input, format, minPartitions);
    }

    private Dataset<Row> text(String input, InputFormat format, int minPartitions) {
        List<Path> files = files(input);
        Map<String, Integer> ordinals = new HashMap<>();
        for (int i = 0; i < files.size(); i++) {
            ordinals.put(files.get(i).toString(), i);
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Row> rows = jsc.wholeTextFiles(input, minPartitions)
                .flatMap(new TextRecords(puzzleName, format, ordinals));
        return spark.createDataFrame(rows, Schemas.RECORDS);
    }

    private Dataset<Row> parquet(String input) {
        Dataset<Row> in = spark.read().parquet(input);
        List<String> names = Arrays.asList(in.columns());
        if (!names.contains("start")) {
            throw new IllegalArgumentException(input + " has no 'start' column; columns: " + names);
        }
        Column id = names.contains("instance_id") ? coalesce(col("instance_id").cast("long"), lit(-1L))
                : monotonically_increasing_id();
        Column goal = names.contains("goal") ? col("goal").cast("string") : lit(null).cast("string");
        return in.select(
                names.contains("puzzle") ? col("puzzle").cast("string") : lit(null).cast("string"),
                id.as("instance_id"),
                col("start").cast("string"),
                goal,
                names.contains("step_limit") ? col("step_limit").cast("string") : lit(null).cast("string"),
                coalesce(input_file_name(), lit(input)),
                id.as("line"),
                concat_ws(",", col("start").cast("string"), goal),
                lit(null).cast("string"))
                .toDF(Schemas.RECORDS.fieldNames());
    }
}
