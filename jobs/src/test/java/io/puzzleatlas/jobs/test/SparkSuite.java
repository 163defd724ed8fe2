package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.holdenkarau.spark.testing.JavaDataFrameSuiteBase;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeEach;
import scala.collection.Iterator;
import scala.collection.Seq;

/**
 * Base of the Spark suites: spark-testing-base's shared context under JUnit 5 (its JUnit 4 hooks are called from a
 * Jupiter {@code @BeforeEach}, which Jupiter would otherwise ignore). The context is static and shared by every suite
 * of the test JVM and never stopped by a test; the jobs find it and leave it running.
 */
public abstract class SparkSuite extends JavaDataFrameSuiteBase {

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

    Dataset<Row> parquet(Path dir, String dataset) {
        return spark().read().parquet(dir.resolve(dataset).toString());
    }

    static List<String> strings(List<Row> rows, int column) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(r.isNullAt(column) ? null : r.get(column).toString());
        }
        return out;
    }

    /** What {@code job} prints on standard output. */
    /**
     * A dataset's rows collected to this JVM, each as text (binary values by their bytes, arrays by their elements),
     * sorted: two datasets hold the same multiset of rows when these lists are equal.
     */
    static List<String> sortedRows(Dataset<Row> d) {
        return d.collectAsList().stream().map(SparkSuite::text).sorted().toList();
    }

    private static String text(Object value) {
        if (value instanceof Row r) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < r.length(); i++) {
                s.append(i == 0 ? "" : ",").append(text(r.get(i)));
            }
            return s.append(']').toString();
        }
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        if (value instanceof Seq<?> seq) {
            StringBuilder s = new StringBuilder("(");
            Iterator<?> it = seq.iterator();
            while (it.hasNext()) {
                s.append(text(it.next())).append(it.hasNext() ? "," : "");
            }
            return s.append(')').toString();
        }
        return String.valueOf(value);
    }

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
