package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs: CSV headers, null ids, subdirectories, mixed and inconsistent Parquet, split CSV line numbers. */
@Tag("slow")
class InputRulesTest extends SparkSuite {
    private static final int REFUSED = ExitCode.REFUSED.code();
    private static final String[] BOARDS = {
        "1 2 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 0 8", "1 2 3 4 5 6 0 7 8", "1 2 3 4 0 6 7 5 8", "8 6 7 2 5 4 3 0 1"
    };

    @TempDir
    Path tmp;

    /**
     * Before: 'max_moves' was an error row and '3' became a step limit; 'start,start' made the second column a goal.
     */
    @Test
    void aCsvHeaderThatCannotBeMappedRefusesTheFile() throws IOException {
        Path maxMoves = Files.writeString(tmp.resolve("moves.csv"), "start,max_moves\n1 2 3 4 5 6 7 0 8,3\n");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", maxMoves, "--output", tmp.resolve("o"))
                .expectOneLine(
                        REFUSED,
                        "solve: file:" + maxMoves
                                + ": header column 2 'max_moves' is not one of start, scramble, goal, step_limit");
        Path twice = Files.writeString(tmp.resolve("twice.csv"), "start,start\n1 2 3 4 5 6 7 0 8,1 2 3 4 5 6 7 8 0\n");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", twice, "--output", tmp.resolve("o"))
                .expectOneLine(REFUSED, "twice.csv: header column 'start' appears twice");
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "a refused job leaves no output directory behind");
    }

    /** Before: every null id became -1 (duplicate ids in results, line -1 in errors). */
    @Test
    void parquetRowsWithANullInstanceIdAreErrorRows() {
        StructType nullable = new StructType()
                .add("puzzle", "string")
                .add("instance_id", "long")
                .add("start", "string");
        List<Row> rows = List.of(
                RowFactory.create("eight-puzzle", 10L, BOARDS[1]),
                RowFactory.create("eight-puzzle", null, BOARDS[2]),
                RowFactory.create("eight-puzzle", 11L, BOARDS[3]),
                RowFactory.create("eight-puzzle", null, BOARDS[4]));
        Path in = tmp.resolve("instances");
        spark().createDataFrame(rows, nullable).coalesce(1).write().parquet(in.toString());
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", in, "--output", out);
        assertEquals(0, run.status(), run.err());
        Assertions.assertTrue(run.out().contains("read 4 | results 2 | errors 2 | reconciles yes"), run.out());
        assertEquals(
                List.of("10", "11"),
                strings(parquet(out, "results").orderBy("instance_id").collectAsList(), 1));
        List<Row> errors = parquet(out, "errors").orderBy("line").collectAsList();
        assertEquals(List.of("2", "4"), strings(errors, 1), "line: the row's number in its file");
        assertEquals(List.of("instance_id is null", "instance_id is null"), strings(errors, 3));
        Assertions.assertTrue(
                errors.get(0).getString(0).contains("part-"), errors.get(0).getString(0));
    }

    @Test
    void parquetIdsThatAreNotWholeNumbersAreErrorRows() {
        StructType stringIds = new StructType().add("instance_id", "string").add("start", "string");
        Path in = tmp.resolve("string-ids");
        spark().createDataFrame(
                        List.of(RowFactory.create("7", BOARDS[1]), RowFactory.create("x7", BOARDS[2])), stringIds)
                .coalesce(1)
                .write()
                .parquet(in.toString());
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", in, "--output", out);
        Assertions.assertTrue(
                run.out().contains("read 2 | results 1 | errors 1 | reconciles yes"), run.out() + run.err());
        assertEquals(List.of("7"), strings(parquet(out, "results").collectAsList(), 1));
        Row error = parquet(out, "errors").collectAsList().get(0);
        assertEquals("2|instance_id 'x7' is not a whole number", error.getLong(1) + "|" + error.getString(3));
    }

    /** Before: files in subdirectories were skipped silently. */
    @Test
    void directoriesAreReadRecursivelyAndHiddenNamesSkipped() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("in/sub/deeper"));
        Files.writeString(tmp.resolve("in/a.csv"), BOARDS[1] + "\n" + BOARDS[2] + "\n");
        Files.writeString(tmp.resolve("in/sub/b.csv"), BOARDS[3] + "\n");
        Files.writeString(dir.resolve("c.csv"), "1 2 3\n");
        Files.createDirectories(tmp.resolve("in/_tmp"));
        Files.writeString(tmp.resolve("in/_tmp/ignored.csv"), BOARDS[4] + "\n");
        Files.writeString(tmp.resolve("in/.hidden.csv"), BOARDS[4] + "\n");
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", tmp.resolve("in"), "--output", out);
        Assertions.assertTrue(
                run.out().contains("read 4 | results 3 | errors 1 | reconciles yes"), run.out() + run.err());
        assertEquals(
                List.of("1", "2", String.valueOf((1L << 32) + 1)),
                strings(parquet(out, "results").orderBy("instance_id").collectAsList(), 1),
                "ids: line + file ordinal x 2^32");
        Row error = parquet(out, "errors").collectAsList().get(0);
        Assertions.assertTrue(
                error.getString(0).endsWith("in/sub/deeper/c.csv") && error.getLong(1) == 1, error.toString());
    }

    @Test
    void aParquetDirectoryWithAnotherFileIsRefused() throws IOException {
        Path in = tmp.resolve("instances");
        spark().createDataFrame(
                        List.of(RowFactory.create("eight-puzzle", 1L, BOARDS[1], null, null)), Schemas.INSTANCES)
                .coalesce(1)
                .write()
                .parquet(in.toString());
        Files.writeString(in.resolve("notes.txt"), "made on Monday\n");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", in, "--output", tmp.resolve("o"))
                .expectOneLine(
                        REFUSED, "solve: --input mixes formats: parquet (part-", "judge (notes.txt)", "--format");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        in,
                        "--output",
                        tmp.resolve("o"),
                        "--format",
                        "parquet")
                .expectOneLine(REFUSED, "solve: --input " + in, "notes.txt is not a Parquet file");
    }

    @Test
    void parquetFilesWhoseColumnTypesDifferAreRefused() throws IOException {
        Path in = Files.createDirectories(tmp.resolve("mixed"));
        StructType longStart = new StructType().add("instance_id", "long").add("start", "long");
        writeSingleParquet(
                spark().createDataFrame(
                                List.of(RowFactory.create(1L, BOARDS[1])),
                                new StructType().add("instance_id", "long").add("start", "string")),
                in.resolve("a.parquet"));
        writeSingleParquet(
                spark().createDataFrame(List.of(RowFactory.create(2L, 123L)), longStart), in.resolve("b.parquet"));
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", in, "--output", tmp.resolve("o"))
                .expectOneLine(
                        REFUSED,
                        "solve: --input " + in
                                + ": column 'start' is binary (STRING) in a.parquet but int64 in b.parquet");
    }

    private void writeSingleParquet(Dataset<Row> df, Path target) throws IOException {
        Path dir = tmp.resolve("w-" + target.getFileName());
        df.coalesce(1).write().parquet(dir.toString());
        try (Stream<Path> files = Files.list(dir)) {
            Files.copy(
                    files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                            .findFirst()
                            .orElseThrow(),
                    target);
        }
    }

    /**
     * CSV is read in splits of a few KB here (the size is the user's to choose through spark.hadoop.*), so lines,
     * header and records cross split boundaries; every record keeps its exact line number, as id in results and as line
     * in errors.
     */
    @Test
    void csvSplitIntoManyPartsKeepsExactLineNumbers() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("big"));
        Map<Long, String> expected = new TreeMap<>(); // id -> start board, or "error"
        for (int f = 0; f < 2; f++) {
            StringBuilder text = new StringBuilder(f == 0 ? "start,step_limit\n" : "");
            int first = f == 0 ? 2 : 1;
            for (int line = first; line < first + 1500; line++) {
                long id = ((long) f << 32) + line;
                if (line % 97 == 0) {
                    text.append("1 2 3\n");
                    expected.put(id, "error");
                } else {
                    String board = BOARDS[line % BOARDS.length];
                    text.append(board).append(f == 0 ? ",40" : "").append(line % 5 == 0 ? "\r\n" : "\n");
                    expected.put(id, board);
                }
            }
            Files.writeString(dir.resolve("part" + f + ".csv"), text);
        }
        Path out = tmp.resolve("out");
        Configuration conf = spark().sparkContext().hadoopConfiguration();
        conf.setLong(FileInputFormat.SPLIT_MAXSIZE, 2048);
        try {
            CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", dir, "--output", out);
            assertEquals(0, run.status(), run.err());
        } finally {
            conf.unset(FileInputFormat.SPLIT_MAXSIZE);
        }
        Map<Long, String> actual = new TreeMap<>();
        for (Row r : parquet(out, "results").collectAsList()) {
            Assertions.assertNull(actual.put(r.getLong(1), r.getString(2)), "duplicate id " + r.getLong(1));
        }
        Map<String, Long> ordinal = new HashMap<>();
        ordinal.put("part0.csv", 0L);
        ordinal.put("part1.csv", 1L);
        for (Row r : parquet(out, "errors").collectAsList()) {
            String file = Path.of(r.getString(0)).getFileName().toString();
            Assertions.assertNull(actual.put((ordinal.get(file) << 32) + r.getLong(1), "error"));
            assertEquals("1 2 3", r.getString(2));
        }
        assertEquals(3000, expected.size());
        assertEquals(expected, actual);
    }

    /**
     * A named pipe as input: the spark engine, which splits files by their length (0 for a pipe), read nothing and
     * reconciled; it now refuses with one line, and the local engine reads it whole.
     */
    @Test
    void aPipeIsRefusedBySparkAndReadWholeByTheLocalEngine() throws Exception {
        Path fifo = tmp.resolve("boards.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assertions.assertEquals(0, mkfifo.waitFor());
        runExpecting(
                REFUSED,
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--input",
                fifo,
                "--format",
                "csv",
                "--engine",
                "spark",
                "--output",
                tmp.resolve("spark"));
        StringBuilder csv = new StringBuilder("start\n");
        for (int i = 0; i < 1000; i++) {
            csv.append(BOARDS[i % BOARDS.length]).append('\n');
        }
        Thread writer = new Thread(() -> {
            try {
                Files.writeString(fifo, csv);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        writer.start();
        run(
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--input",
                fifo,
                "--format",
                "csv",
                "--engine",
                "local",
                "--output",
                tmp.resolve("local"));
        writer.join(10_000);
        Assertions.assertEquals(1000, parquet(tmp.resolve("local"), "results").count());
    }

    /**
     * A directory holding a link to itself read the same file once per level of the loop (41 times), and a broken link
     * was dropped silently: each file is read once now, and both are named as skipped.
     */
    @Test
    void aSymbolicLinkLoopIsReadOnceAndABrokenLinkNamed() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("in"));
        for (int i = 0; i < 3; i++) {
            Files.writeString(dir.resolve("b" + i + ".csv"), "start\n" + BOARDS[i] + "\n");
        }
        Files.createSymbolicLink(dir.resolve("loop"), dir);
        Files.createSymbolicLink(dir.resolve("gone.csv"), dir.resolve("missing.csv"));
        Files.createSymbolicLink(dir.resolve("twin.csv"), dir.resolve("b0.csv"));
        for (String engine : List.of("local", "spark")) {
            String out = stdout(() -> run(
                    "solve",
                    "--puzzle",
                    "eight-puzzle",
                    "--input",
                    dir,
                    "--engine",
                    engine,
                    "--output",
                    tmp.resolve("out-" + engine)));
            Assertions.assertEquals(
                    3, parquet(tmp.resolve("out-" + engine), "results").count(), engine);
            Assertions.assertTrue(out.contains("read 3 |"), out);
            Assertions.assertTrue(out.contains("gone.csv (a broken symbolic link)"), out);
            Assertions.assertTrue(out.contains("loop (a directory already read"), out);
            Assertions.assertTrue(out.contains("twin.csv (the same file as one already read"), out);
        }
    }
}
