package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.holdenkarau.spark.testing.JavaDataFrameSuiteBase;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.io.LocalDatasets;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the Spark suites: spark-testing-base's shared context under JUnit 5 (its JUnit 4 hooks are called from a
 * Jupiter {@code @BeforeEach}, which Jupiter would otherwise ignore). The context is static and shared by every suite
 * of the test JVM and never stopped by a test; the jobs find it and leave it running.
 */
public abstract class SparkSuite extends JavaDataFrameSuiteBase {
    /** Where Spark's writers (and the local engine's) keep a file's Spark schema, as JSON. */
    private static final String SPARK_SCHEMA_KEY = "org.apache.spark.sql.parquet.row.metadata";

    @Override
    public SparkConf conf() {
        // The jobs' session builder points file: at NioLocalFileSystem; so does the tests' context.
        return SparkSessions.useNioLocalFileSystem(new SparkConf())
                .setMaster("local[2]")
                .setAppName("puzzle-atlas-tests")
                .set("spark.ui.enabled", "false")
                .set("spark.driver.host", "localhost")
                .set("spark.sql.shuffle.partitions", "4")
                .set("spark.default.parallelism", "4");
    }

    @Override
    public boolean enableHiveSupport() {
        return false;
    }

    @BeforeEach
    public void startSpark() {
        runBefore();
        // Make the suite's session the one the jobs pick up.
        spark();
    }

    /** Runs a command line in this JVM and checks its exit status. */
    static void runExpecting(int expectedStatus, Object... args) {
        String[] a = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        assertEquals(expectedStatus, Main.run(a), () -> "exit status of " + String.join(" ", a));
    }

    static void run(Object... args) {
        runExpecting(0, args);
    }

    /**
     * Dataset {@code dataset} under {@code dir} as Spark reads it. Where its files are beside it, the reader is given
     * the schema the first one's footer holds: the schema Spark would infer from that footer, with a job of its own,
     * for every read (a tenth of a second each, some 150 times in the slow suite).
     */
    Dataset<Row> parquet(Path dir, String dataset) {
        Path d = dir.resolve(dataset);
        StructType written = writtenSchema(d);
        DataFrameReader reader = spark().read();
        return (written == null ? reader : reader.schema(written)).parquet(d.toString());
    }

    /**
     * The Spark schema in the footer of dataset directory {@code d}'s first file; null where its files are not all
     * Parquet files beside it (a subdirectory: partitions, which Spark adds as columns), or the footer holds none.
     */
    private StructType writtenSchema(Path d) {
        if (!Files.isDirectory(d)) {
            return null;
        }
        List<Path> files = visible(d);
        if (files.isEmpty() || !files.stream().allMatch(SparkSuite::isParquetFile)) {
            return null;
        }
        String json =
                footer(files.get(0)).getFileMetaData().getKeyValueMetaData().get(SPARK_SCHEMA_KEY);
        return json == null ? null : (StructType) DataType.fromJson(json);
    }

    /** The footer of dataset directory {@code d}'s first Parquet file by name; null where it has none. */
    ParquetMetadata firstFooter(Path d) {
        return visible(d).stream()
                .filter(SparkSuite::isParquetFile)
                .findFirst()
                .map(this::footer)
                .orElse(null);
    }

    private ParquetMetadata footer(Path file) {
        try (ParquetFileReader reader =
                ParquetDatasets.open(hadoopConf(), new org.apache.hadoop.fs.Path(file.toUri()))) {
            return reader.getFooter();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isParquetFile(Path p) {
        return Files.isRegularFile(p) && p.getFileName().toString().endsWith(".parquet");
    }

    /** The entries of directory {@code d} a dataset's readers see, by name. */
    private static List<Path> visible(Path d) {
        try (Stream<Path> files = Files.list(d)) {
            return files.filter(p -> !LocalDatasets.hidden(p.getFileName().toString()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> strings(List<Row> rows, int column) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(r.isNullAt(column) ? null : r.get(column).toString());
        }
        return out;
    }

    /** The suite's Hadoop configuration, loaded once (a new one parses Hadoop's XML defaults again). */
    Configuration hadoopConf() {
        return spark().sparkContext().hadoopConfiguration();
    }

    /** What {@code job} prints on standard output. */
    static String stdout(Runnable job) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            job.run();
        } finally {
            System.setOut(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
