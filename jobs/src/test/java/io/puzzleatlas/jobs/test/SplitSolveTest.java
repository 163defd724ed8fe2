package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Switches;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * Hard instances searched split ({@code --split-nodes}): a mixed 15-puzzle batch (easy and hard boards, a step limit,
 * an unsolvable and an invalid line) gives exactly the rows of the unsplit run on both engines, with node budgets too;
 * a run stopped after its first split instance is finished by a rerun with {@code --resume}, which solves only the
 * missing ones and publishes the same dataset, and a rerun with another input or without {@code --resume} is refused.
 * Every iteration goes through the tasks (the driver-thread shortcut is off).
 */
@Tag("slow")
class SplitSolveTest extends SparkSuite {
    private static final String FIFTEEN = "fifteen-puzzle";
    /** Two hard boards (19,180 and 49,649 nodes with the tests' 5-5-5 tables), easy scrambles, edge cases. */
    private static final List<String> LINES = List.of(
            "start,step_limit",
            "8 10 9 3 5 6 4 14 7 11 12 1 15 2 13 0,",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15,",
            "3 13 5 0 14 15 1 8 6 4 12 7 9 2 11 10,",
            "5 1 2 3 9 6 7 4 13 10 11 8 0 14 15 12,",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0,",
            "3 13 5 0 14 15 1 8 6 4 12 7 9 2 11 10,40",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15,",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0,");

    @TempDir
    Path tmp;

    private Path csv;

    @BeforeEach
    void input() throws IOException {
        FaultSeam.resetArrivals(); // arrivals counted by earlier classes of this JVM
        csv = Files.write(tmp.resolve("mixed.csv"), LINES);
    }

    @AfterEach
    void clear() {
        System.clearProperty(FaultSeam.STOP_PROPERTY);
        FaultSeam.resetArrivals();
    }

    private CliRun solve(Path out, Object... more) {
        List<Object> args = new ArrayList<>(List.of("solve", "--puzzle", FIFTEEN, "--input", csv, "--output", out));
        args.addAll(Arrays.asList(more));
        return CliRun.with(Switches.defaults().withSplitDriverNodes(0), args.toArray()); // every iteration on tasks
    }

    @Test
    void splitRowsAreTheUnsplitRows() {
        Path plain = tmp.resolve("plain");
        CliRun reference = solve(plain, "--engine", "local", "--split-nodes", 0);
        assertEquals(0, reference.status(), reference.err());
        Assertions.assertFalse(reference.out().contains("split search"), reference.out());
        for (String engine : List.of("spark", "local")) {
            Path out = tmp.resolve("split-" + engine);
            CliRun run = solve(out, "--engine", engine, "--split-nodes", 10_000, "--split-depth", 3);
            assertEquals(0, run.status(), run.err());
            Assertions.assertTrue(run.out().contains("left for the split search"), run.out());
            Assertions.assertTrue(
                    run.out().contains("solve: read 8 | results 7 | errors 1 | reconciles yes"), run.out());
            assertSameRows(plain, out);
            assertResumedWhereTheFirstPassStopped(run.out());
            Assertions.assertFalse(
                    Files.exists(out.resolve("_solve-checkpoint")), "the checkpoint goes once published");
        }
        // with node budgets above the split threshold: the same BUDGET_EXCEEDED rows (nodes, reason)
        Path plainBudget = tmp.resolve("plain-budget");
        assertEquals(
                0,
                solve(plainBudget, "--engine", "local", "--split-nodes", 0, "--max-nodes", 40_000)
                        .status());
        Path splitBudget = tmp.resolve("split-budget");
        CliRun run = solve(
                splitBudget, "--engine", "spark", "--split-nodes", 10_000, "--split-depth", 4, "--max-nodes", 40_000);
        assertEquals(0, run.status(), run.err());
        Assertions.assertTrue(parquet(splitBudget, "results")
                        .filter("status = 'BUDGET_EXCEEDED'")
                        .count()
                > 0);
        assertSameRows(plainBudget, splitBudget);
    }

    @Test
    void aStoppedRunIsResumed() throws IOException {
        Path plain = tmp.resolve("plain");
        assertEquals(0, solve(plain, "--engine", "local", "--split-nodes", 0).status());
        Path out = tmp.resolve("out");
        Object[] split = {"--engine", "spark", "--split-nodes", 10_000, "--split-depth", 3};
        System.setProperty(FaultSeam.STOP_PROPERTY, "solve-split-instance:1");
        CliRun stopped = solve(out, split);
        System.clearProperty(FaultSeam.STOP_PROPERTY);
        assertEquals(ExitCode.INTERNAL.code(), stopped.status(), stopped.out());
        Assertions.assertTrue(Files.isDirectory(out.resolve("_solve-checkpoint")));
        Assertions.assertFalse(Files.exists(out.resolve("results")), "nothing published");
        int hard = count(stopped.out(), "left for the split search", "; ", " left");

        solve(out, split).expectOneLine(ExitCode.REFUSED.code(), "holds the checkpoint of an earlier run", "--resume");
        FileTime time = Files.getLastModifiedTime(csv);
        Files.write(csv, LINES.subList(0, LINES.size() - 1));
        Files.setLastModifiedTime(csv, time);
        solve(out, append(split, "--resume"))
                .expectOneLine(ExitCode.REFUSED.code(), "--resume", "another input or other options");
        Files.write(csv, LINES);
        Files.setLastModifiedTime(csv, time);
        solve(out, "--engine", "spark", "--split-nodes", 30_000, "--split-depth", 3, "--resume")
                .expectOneLine(ExitCode.REFUSED.code(), "split-nodes");

        CliRun resumed = solve(out, append(split, "--resume"));
        assertEquals(0, resumed.status(), resumed.err());
        Assertions.assertTrue(resumed.out().contains("in the first pass (kept from the earlier run)"), resumed.out());
        int kept = count(resumed.out(), "left for the split search", ", ", " of them kept");
        Assertions.assertTrue(kept >= 1, resumed.out());
        long solvedNow = resumed.out()
                .lines()
                .filter(l -> l.contains("instances done (split"))
                .count();
        assertEquals(hard - kept, solvedNow, resumed.out());
        Assertions.assertTrue(
                resumed.out().contains("solve: read 8 | results 7 | errors 1 | reconciles yes"), resumed.out());
        assertSameRows(plain, out);
        Assertions.assertFalse(Files.exists(out.resolve("_solve-checkpoint")));
    }

    /**
     * The engine does not change the rows, so a checkpoint written by one engine is resumed by the other (before: the
     * Spark engine wrote its errors after the split search, found them already restored, failed and deleted the first
     * pass).
     */
    @Test
    void aResumeMayChangeTheEngine() {
        Path plain = tmp.resolve("plain");
        assertEquals(0, solve(plain, "--engine", "local", "--split-nodes", 0).status());
        for (String[] engines : List.of(new String[] {"spark", "local"}, new String[] {"local", "spark"})) {
            Path out = tmp.resolve("from-" + engines[0]);
            FaultSeam.resetArrivals();
            System.setProperty(FaultSeam.STOP_PROPERTY, "solve-split-instance:1");
            CliRun stopped = solve(out, "--engine", engines[0], "--split-nodes", 10_000, "--split-depth", 3);
            System.clearProperty(FaultSeam.STOP_PROPERTY);
            assertEquals(ExitCode.INTERNAL.code(), stopped.status(), stopped.out());
            CliRun resumed =
                    solve(out, "--engine", engines[1], "--split-nodes", 10_000, "--split-depth", 3, "--resume");
            assertEquals(0, resumed.status(), engines[0] + " then " + engines[1] + ": " + resumed.err());
            Assertions.assertTrue(
                    resumed.out().contains("in the first pass (kept from the earlier run)"), resumed.out());
            Assertions.assertTrue(
                    resumed.out().contains("solve: read 8 | results 7 | errors 1 | reconciles yes"), resumed.out());
            assertSameRows(plain, out);
        }
    }

    /**
     * Every file of the checkpoint is checked against its manifest before anything is resumed: a missing results part,
     * a changed finished row, a changed first-pass count and a truncated row (each without its Hadoop .crc, as a copy
     * or an editor leaves it) are refused in one line naming the file, and the checkpoint is kept whole: with the file
     * put back, the resume publishes the unsplit rows. A row copied to another instance's name is not listed, so it is
     * never read: that instance is solved again.
     */
    @Test
    void aDamagedCheckpointIsNamedRefusedAndKept() throws IOException {
        Path plain = tmp.resolve("plain");
        assertEquals(0, solve(plain, "--engine", "local", "--split-nodes", 0).status());
        Path out = tmp.resolve("out");
        Object[] split = {"--engine", "local", "--split-nodes", 10_000, "--split-depth", 3};
        System.setProperty(FaultSeam.STOP_PROPERTY, "solve-split-instance:1");
        assertEquals(ExitCode.INTERNAL.code(), solve(out, split).status());
        System.clearProperty(FaultSeam.STOP_PROPERTY);
        Path checkpoint = out.resolve("_solve-checkpoint");
        Path hard;
        Path part;
        try (var files = Files.list(checkpoint.resolve("hard"))) {
            hard = files.filter(f -> !f.getFileName().toString().startsWith("."))
                    .findFirst()
                    .orElseThrow();
        }
        try (var files = Files.list(checkpoint.resolve("results"))) {
            part = files.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Path pass = checkpoint.resolve("pass");
        for (Path file : List.of(part, hard, pass)) {
            Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
        }
        Map<String, Runnable> damages = new LinkedHashMap<>();
        byte[] partBytes = Files.readAllBytes(part);
        byte[] hardBytes = Files.readAllBytes(hard);
        byte[] passBytes = Files.readAllBytes(pass);
        damages.put(part.getFileName() + ": missing", () -> write(part, null));
        damages.put(
                hard.getFileName() + ": damaged (CRC32C", () -> write(hard, flip(hardBytes, hardBytes.length - 20)));
        damages.put("pass: damaged (CRC32C", () -> write(pass, flip(passBytes, passBytes.length - 9)));
        damages.put(
                hard.getFileName() + ": truncated", () -> write(hard, Arrays.copyOf(hardBytes, hardBytes.length / 2)));
        for (Map.Entry<String, Runnable> damage : damages.entrySet()) {
            damage.getValue().run();
            solve(out, append(split, "--resume"))
                    .expectOneLine(ExitCode.REFUSED.code(), damage.getKey(), "start again with --overwrite");
            Assertions.assertFalse(Files.exists(out.resolve("results")), "nothing published");
            write(part, partBytes);
            write(hard, hardBytes);
            write(pass, passBytes);
        }
        // a finished row under another instance's name: not in the manifest, never read
        // (under the first instance id no finished row has: a deferred instance not solved yet, if any)
        int free = 2;
        while (Files.exists(hard.resolveSibling(Integer.toString(free)))) {
            free++;
        }
        Files.copy(hard, hard.resolveSibling(Integer.toString(free)));
        CliRun resumed = solve(out, append(split, "--resume"));
        assertEquals(0, resumed.status(), resumed.err());
        Assertions.assertTrue(
                resumed.out().contains("solve: read 8 | results 7 | errors 1 | reconciles yes"), resumed.out());
        assertSameRows(plain, out);
        Assertions.assertFalse(Files.exists(checkpoint), "the checkpoint goes once published");
    }

    private static void write(Path file, byte[] bytes) {
        try {
            if (bytes == null) {
                Files.delete(file);
            } else {
                Files.write(file, bytes);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] flip(byte[] bytes, int at) {
        byte[] copy = bytes.clone();
        copy[at] ^= 0x01;
        return copy;
    }

    /**
     * The tasks' results come back through the jobs' serializer (conf/spark-defaults.conf: Kryo), which the suite's
     * session does not use.
     */
    @Test
    void subtreesGoThroughKryo() {
        SerializerInstance kryo = new KryoSerializer(new SparkConf()).newInstance();
        ClassTag<Object> tag = ClassTag$.MODULE$.apply(Object.class);
        List<SplitSearch.Subtree> sent = new ArrayList<>(List.of(
                new SplitSearch.Subtree("ddr", Integer.MAX_VALUE, 12, false),
                new SplitSearch.Subtree(null, 57, 1L << 40, true)));
        @SuppressWarnings("unchecked")
        List<SplitSearch.Subtree> back = (List<SplitSearch.Subtree>) kryo.deserialize(kryo.serialize(sent, tag), tag);
        assertEquals("ddr", back.get(0).moves());
        assertEquals(57, back.get(1).minPruned());
        assertEquals(1L << 40, back.get(1).nodes());
        Assertions.assertTrue(back.get(1).exhausted());
        Assertions.assertFalse(back.get(1).found());
    }

    @Test
    void splitOptionsOutOfRangeAreUsageErrors() {
        solve(tmp.resolve("o1"), "--split-depth", 0)
                .expectOneLine(ExitCode.USAGE.code(), "--split-depth must be 1 to 12");
        solve(tmp.resolve("o2"), "--split-nodes", -1).expectOneLine(ExitCode.USAGE.code(), "--split-nodes must be 0");
    }

    /**
     * Every split instance's search starts at the bound where its first pass stopped: the first bound its progress
     * lines report is the one the "from bound" line names, above the first bound for at least one instance (the first
     * pass got through an iteration).
     */
    private static void assertResumedWhereTheFirstPassStopped(String out) {
        Pattern from = Pattern.compile("split instance (\\d+): from bound (\\d+), where the first pass stopped");
        Pattern bound = Pattern.compile("split instance (\\d+): bound (\\d+) searched");
        Map<String, String> resumed = new HashMap<>();
        Map<String, String> first = new HashMap<>();
        out.lines().forEach(l -> {
            Matcher m = from.matcher(l);
            if (m.find()) {
                resumed.put(m.group(1), m.group(2));
            }
            m = bound.matcher(l);
            if (m.find()) {
                first.putIfAbsent(m.group(1), m.group(2));
            }
        });
        Assertions.assertFalse(resumed.isEmpty(), out);
        assertEquals(resumed, first, out);
    }

    private static Object[] append(Object[] a, Object b) {
        Object[] c = Arrays.copyOf(a, a.length + 1);
        c[a.length] = b;
        return c;
    }

    /** The number in the line holding {@code marker}, between {@code before} and {@code after}. */
    private static int count(String out, String marker, String before, String after) {
        String line =
                out.lines().filter(l -> l.contains(marker)).findFirst().orElseThrow(() -> new AssertionError(out));
        int end = line.indexOf(after);
        int start = line.lastIndexOf(before, end) + before.length();
        return Integer.parseInt(line.substring(start, end).replace(",", "").trim());
    }

    /** The same rows in each dataset (timings aside), as multisets: both read and compared sorted (a few rows each). */
    private void assertSameRows(Path expected, Path got) {
        for (String dataset : List.of("results", "histogram", "errors")) {
            List<String> a = DatasetRows.sorted(
                    hadoopConf(), expected.resolve(dataset).toUri().toString());
            List<String> b = DatasetRows.sorted(
                    hadoopConf(), got.resolve(dataset).toUri().toString());
            assertEquals(a.size(), b.size(), dataset + " rows");
            assertEquals(a, b, dataset + ": the rows of the unsplit run");
        }
    }
}
