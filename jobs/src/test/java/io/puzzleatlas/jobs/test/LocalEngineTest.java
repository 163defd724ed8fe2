package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Switches;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve --engine local} (no Spark) writes what {@code --engine spark} writes: the same rows in results (but for
 * the timing column), histogram and errors, the same columns, types and Parquet nullability, the same reconciliation;
 * and its results come in input order.
 */
@Tag("slow")
class LocalEngineTest extends SparkSuite {
    @TempDir
    Path tmp;

    /** Valid, invalid, unsolvable and step-limited lines; a BOM, CRLF ends, a blank line, columns by name. */
    @Test
    void csvWithEveryKindOfLine() throws IOException {
        Path csv = tmp.resolve("in.csv");
        Files.writeString(
                csv,
                "\uFEFFstep_limit,start\r\n"
                        + "5,8 6 7 2 5 4 3 0 1\r\n"
                        + ",1 2 3 4 5 6 7 8 0\r\n"
                        + "\r\n"
                        + "40,1 2 3 4 5 6 8 7 0\r\n"
                        + "3,1 2 3 4 5 x 7 8 6\r\n"
                        + "abc,1 2 3 4 5 6 7 0 8\r\n"
                        + "9 9 9\r\n");
        assertSameOutputs(List.of("--puzzle", "eight-puzzle", "--input", csv), 4);
    }

    @Test
    void judgeFilesOfTwoPuzzles() throws IOException {
        Path magic = Files.writeString(
                tmp.resolve("magic.txt"),
                "4\n5 8 3 2\n4 1 6 7\n5\n5 8 3 2\n4 1 6 7\n3\n5 8 3 2\n4 1 6 7\n6\n3 4 7 8\n6 5 2 1\n-1\ntrailing\n");
        assertSameOutputs(List.of("--puzzle", "magic-board", "--input", magic), -1);
        Path rotation = Files.writeString(
                tmp.resolve("rotation.txt"),
                "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1\n"
                        + "3 3 3 3 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3\n0\n");
        assertSameOutputs(List.of("--puzzle", "rotation-game", "--input", rotation), -1);
    }

    /** A directory of CSV files, one of them in a subdirectory, one empty: ids carry the file's ordinal. */
    @Test
    void directoryOfFiles() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("in/sub"));
        Files.writeString(tmp.resolve("in/a.csv"), "8 6 7 2 5 4 3 0 1\n1 2 3 4 5 6 7 8\n");
        Files.writeString(tmp.resolve("in/b.csv"), "");
        Files.writeString(dir.resolve("c.csv"), "start,goal\n1 2 3 4 5 6 7 0 8,0 1 2 3 4 5 6 7 8\n");
        assertSameOutputs(List.of("--puzzle", "eight-puzzle", "--input", tmp.resolve("in")), 2);
    }

    /** Every 8-puzzle board: many chunks, solved on several threads, written back in id order. */
    @Test
    void everyEightPuzzleBoardInIdOrder() {
        Dataset<Row> results = assertSameOutputs(List.of("--puzzle", "eight-puzzle", "--all"), 181_440);
        List<Row> ids = results.select("instance_id").collectAsList();
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(i, ids.get(i).getLong(0), "row " + i + " of the local engine's results");
        }
    }

    @Test
    void randomBoardsAndNoBoards() {
        assertSameOutputs(List.of("--puzzle", "rotation-game", "--random", 30, "--seed", 5), 30);
        assertSameOutputs(List.of("--puzzle", "sliding-2x3", "--random", 0), 0);
    }

    /** Searched boards: Spark's partitions of guided sizes write every board once, as the local engine does. */
    @Test
    void searchedBoardsInGuidedPartitions() {
        Dataset<Row> results = assertSameOutputs(
                List.of(
                        "--puzzle",
                        "fifteen-puzzle",
                        "--random",
                        150,
                        "--scramble",
                        30,
                        "--seed",
                        5,
                        "--tables",
                        tmp.resolve("tables").toUri()),
                150);
        List<Row> ids = results.select("instance_id").collectAsList();
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(i, ids.get(i).getLong(0), "row " + i + " of the local engine's results");
        }
    }

    /**
     * Progress lines (at every update here; every 30 s by default): instances done of all, nodes, rate, time left;
     * after each chunk of four on the local engine, after each task on Spark.
     */
    @Test
    void progressLinesCountTheInstancesDone() {
        for (List<Object> engine : List.of(
                List.<Object>of("--engine", "local"), List.<Object>of("--engine", "spark", "--partitions", 3))) {
            List<Object> args = new ArrayList<>(List.of(
                    "solve",
                    "--puzzle",
                    "fifteen-puzzle",
                    "--random",
                    12,
                    "--scramble",
                    30,
                    "--seed",
                    5,
                    "--tables",
                    tmp.resolve("tables").toUri(),
                    "--output",
                    tmp.resolve("progress-" + engine.get(1))));
            args.addAll(engine);
            CliRun run = CliRun.with(Switches.defaults().withSolveProgressSeconds(0), args.toArray());
            assertEquals(0, run.status(), run.err());
            List<String> lines =
                    run.out().lines().filter(l -> l.contains("instances done")).toList();
            assertEquals(2, lines.size(), run.out());
            Assertions.assertTrue(
                    lines.get(0)
                            .matches("solve: 4 of 12 instances done, [1-9][\\d,]* nodes, [\\d,]+ "
                                    + "instances/s; about \\d+ s left"),
                    lines.get(0));
            Assertions.assertTrue(lines.get(1).startsWith("solve: 8 of 12 instances done, "), lines.get(1));
        }
    }

    @Test
    void parquetInputAndSparkOptionsAreRefused() throws IOException {
        Path instances = tmp.resolve("instances");
        run("generate", "--puzzle", "eight-puzzle", "--random", 3, "--output", instances);
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        instances.resolve("instances"),
                        "--engine",
                        "local",
                        "--output",
                        tmp.resolve("o1"))
                .expectOneLine(ExitCode.USAGE.code(), "--engine local reads text inputs", "use --engine spark");
        Path csv = Files.writeString(tmp.resolve("one.csv"), "8 6 7 2 5 4 3 0 1\n");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        csv,
                        "--engine",
                        "local",
                        "--master",
                        "local[1]",
                        "--output",
                        tmp.resolve("o2"))
                .expectOneLine(ExitCode.USAGE.code(), "--engine local runs without Spark");
    }

    /**
     * Runs {@code args} with each engine into its own output and compares every dataset; returns the local engine's
     * results as read back, after checking that {@code results} has {@code expectedResults} rows (negative: any
     * number).
     */
    private Dataset<Row> assertSameOutputs(List<Object> args, long expectedResults) {
        Path local = tmp.resolve("local-" + System.nanoTime());
        Path spark = tmp.resolve("spark-" + System.nanoTime());
        CliRun l = CliRun.of(command(args, "local", local));
        CliRun s = CliRun.of(command(args, "spark", spark));
        assertEquals(0, l.status(), l.err());
        assertEquals(s.status(), l.status(), s.err());
        Assertions.assertTrue(l.out().contains("(local engine)"), l.out());
        Assertions.assertTrue(s.out().contains("(spark engine)"), s.out());
        assertEquals(lastLines(s.out()), lastLines(l.out()), "histogram and reconciliation printed");
        for (String dataset : List.of("results", "histogram", "errors")) {
            Dataset<Row> a = parquet(local, dataset).drop("solve_micros");
            Dataset<Row> b = parquet(spark, dataset).drop("solve_micros");
            assertEquals(b.schema(), a.schema(), dataset + " schema");
            // as multisets: both read in this JVM and compared sorted
            List<String> localRows = DatasetRows.sorted(
                    hadoopConf(), local.resolve(dataset).toUri().toString());
            List<String> sparkRows = DatasetRows.sorted(
                    hadoopConf(), spark.resolve(dataset).toUri().toString());
            assertEquals(sparkRows.size(), localRows.size(), dataset + " rows");
            assertEquals(sparkRows, localRows, dataset + ": the local engine's rows are the spark engine's");
            assertEquals(
                    footerSchema(spark.resolve(dataset)),
                    footerSchema(local.resolve(dataset)),
                    dataset + " Parquet schema");
        }
        assertEquals(List.of(names(spark.resolve("chart"))), List.of(names(local.resolve("chart"))));
        Dataset<Row> results = parquet(local, "results");
        if (expectedResults >= 0) {
            assertEquals(expectedResults, results.count());
        }
        return results;
    }

    private static Object[] command(List<Object> args, String engine, Path out) {
        List<Object> c = new ArrayList<>(List.of("solve"));
        c.addAll(args);
        c.addAll(List.of("--engine", engine, "--output", out));
        return c.toArray();
    }

    /** Stdout from the histogram on, without the timing line and the line naming the engine. */
    private static List<String> lastLines(String out) {
        List<String> lines =
                out.lines().dropWhile(l -> !l.startsWith("histogram")).toList();
        return lines.stream()
                .filter(l -> !l.startsWith("solve: wall") && !l.contains(" engine)"))
                .toList();
    }

    private MessageType footerSchema(Path dataset) {
        ParquetMetadata footer = firstFooter(dataset);
        assertNotNull(footer, dataset + " has a Parquet file");
        return footer.getFileMetaData().getSchema();
    }

    private static String names(Path dir) {
        try (var files = Files.list(dir)) {
            return String.join(
                    ",", files.map(p -> p.getFileName().toString()).sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
