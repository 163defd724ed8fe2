package io.puzzleatlas.jobs.test;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Definition files on the command line: {@code explore} and {@code atlas} give the published histograms in both metrics
 * (OEIS A079761 and A079762 for the pocket cube with U, R and F), distances read back and checked against each state's
 * neighbours, bad definitions refused in one line (exit 3, nothing written), and a resume with a changed file refused.
 */
@Tag("slow")
class DefinitionCommandsTest extends SparkSuite {
    /** OEIS A079761: the 2x2x2 with U, R, F, every power one move. */
    private static final long[] POWERS = {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644};
    /** OEIS A079762: quarter turns only. */
    private static final long[] GENERATORS = {
        1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276
    };

    @TempDir
    Path tmp;

    static Path puzzleFile(String name) {
        return Path.of("..", "data", "puzzles", name);
    }

    private long[] histogram(Path out, String puzzle) {
        List<Row> rows = parquet(out, "histogram").orderBy(col("depth")).collectAsList();
        for (Row r : rows) {
            assertEquals(puzzle, r.getString(r.fieldIndex("puzzle")), "the puzzle column names the metric");
        }
        return rows.stream().mapToLong(r -> r.getLong(r.fieldIndex("count"))).toArray();
    }

    @ParameterizedTest
    @CsvSource({"local, powers", "local, generators", "spark, powers", "spark, generators"})
    void exploreGivesThePublishedHistograms(String engine, String metric) {
        Path out = tmp.resolve("out");
        run(
                "explore",
                "--puzzle",
                puzzleFile("pocket-cube.tws"),
                "--metric",
                metric,
                "--engine",
                engine,
                "--histogram-only",
                "--output",
                out);
        assertArrayEquals(
                metric.equals("powers") ? POWERS : GENERATORS, histogram(out, "pocket-cube-" + metric), engine);
        List<Row> deepest = parquet(out, "deepest").collectAsList();
        assertEquals(metric.equals("powers") ? 2644 : 276, deepest.size());
        Puzzle p = PuzzleHandle.resolve(puzzleFile("pocket-cube.tws").toString())
                .withMetric(null)
                .puzzle();
        for (Row r : deepest) {
            assertEquals(
                    r.getLong(r.fieldIndex("rank")), p.parse(r.getString(r.fieldIndex("state"))), "state text ranks");
        }
    }

    /**
     * Every distance row of a small twisty definition and of M12 (boards ranked through the chain), read back: the goal
     * at 0, every other state one more than its nearest neighbour and no neighbour more than one away; each state's
     * text gives its rank.
     */
    @ParameterizedTest
    @CsvSource({"twisty-small.tws, twisty-small-powers", "m12.json, m12-generators"})
    void distancesAgreeWithEveryStatesNeighbours(String file, String name) {
        Path out = tmp.resolve("out");
        run(
                "explore",
                "--puzzle",
                puzzleFile(file),
                "--engine",
                "spark",
                "--with-states",
                "--partitions",
                3,
                "--output",
                out);
        Puzzle p = PuzzleHandle.resolve(puzzleFile(file).toString()).puzzle();
        Map<Long, Integer> depth = new HashMap<>();
        for (Row r : parquet(out, "distances").collectAsList()) {
            long rank = r.getLong(r.fieldIndex("rank"));
            depth.put(rank, r.getInt(r.fieldIndex("depth")));
            assertEquals(rank, p.parse(r.getString(r.fieldIndex("state"))));
        }
        assertEquals(Arrays.stream(histogram(out, name)).sum(), depth.size());
        for (Map.Entry<Long, Integer> e : depth.entrySet()) {
            int d = e.getValue();
            int nearest = Integer.MAX_VALUE;
            for (int m = 0; m < p.moveNames().size(); m++) {
                int n = depth.get(p.applyMove(e.getKey(), m));
                Assertions.assertTrue(Math.abs(n - d) <= 1, "a move changes the depth by at most one");
                nearest = Math.min(nearest, n);
            }
            assertEquals(d == 0 ? 1 : d - 1, nearest, () -> "depth of " + p.format(e.getKey()));
            assertEquals(d == 0, e.getKey() == p.defaultGoal());
        }
    }

    @Test
    void atlasGivesThePublishedHistogram() throws IOException {
        Path out = tmp.resolve("out");
        run("atlas", "--puzzle", puzzleFile("pocket-cube.tws"), "--metric", "generators", "--output", out);
        List<Row> rows = parquet(out, "atlas/pocket-cube-generators/histogram")
                .orderBy(col("depth"))
                .collectAsList();
        assertArrayEquals(
                GENERATORS,
                rows.stream().mapToLong(r -> r.getLong(r.fieldIndex("count"))).toArray());
        // report reads the puzzle back from the definition written beside the atlas
        run("report", "--input", out, "--output", tmp.resolve("report"));
        Assertions.assertTrue(
                Files.readString(tmp.resolve("report").resolve("index.html")).contains("pocket-cube-generators"));
    }

    /** One line naming the file and line, exit 3, and nothing written. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "bad.tws|Name x\\nSet A 3 1\\nMove M\\nA\\n1 1 2\\nEnd\\n|bad.tws:5: ",
                "bad.tws|Name x\\nSet A 3 1\\nMove M\\nA\\n2 3 1\\n|bad.tws:",
                "bad.tws|Name x\\nSet A 3 1\\nFrobnicate 3\\n|bad.tws:3: ",
                "bad.json|{\"name\": \"x\", \"moves\": {\"a\": [0, 0]}}|bad.json:1: ",
                "bad.tws|\\u0000\\u0001binary|bad.tws:",
                "bad.json|{\"name\": \"x\", \"moves\": {\"a\": [0, 1, 2]}}|every move is the identity",
                "bad.tws|Set 1 2 3\\nSet 0 1 1\\nMove M\\n1\\n2 1\\nEnd\\n|bad.tws:1: set name 1 is a number",
                "bad.tws|Set A 4000 5\\n|bad.tws:1: 20,000 points (slots x orientations) in all, more than the 16,384",
                "bad.tws|Set A 4 1\\nMove R\\nA\\n2 3 4 1\\nEnd\\nMove R2\\nA\\n2 1 3 4\\nEnd\\n|bad.tws:6: move name "
                        + "R2 means two moves in the powers metric",
                "bad.tws|Set A 2 1\\nMove M\\nA\\n2\u00a01\\nEnd\\n|bad.tws:4: unexpected character U+00A0 (no-break "
                        + "space)",
                "bad.json|{\"moves\": {\"\\ud800\": [1, 0], \"B\": [0, 1]}}|bad.json:1: string \"?\" holds U+D800"
            })
    void badDefinitionsAreRefusedInOneLine(String name, String content, String fragment) throws IOException {
        Path file = Files.writeString(
                tmp.resolve(name),
                content.replace("\\n", "\n").replace("\\u0000", "\0").replace("\\u0001", "\1"));
        for (String command : List.of("explore", "atlas", "solve")) {
            Path out = tmp.resolve("out-" + command);
            List<Object> args = new ArrayList<>(List.of(command, "--puzzle", file, "--output", out));
            if (command.equals("solve")) {
                args.addAll(List.of("--random", 3));
            }
            CliRun.of(args.toArray()).expectOneLine(ExitCode.REFUSED.code(), command + ": " + file + ":", fragment);
            assertFalse(Files.exists(out), "nothing written");
        }
    }

    @Test
    void aMissingDefinitionFileIsRefused() {
        Path file = tmp.resolve("none.tws");
        CliRun.of("explore", "--puzzle", file, "--output", tmp.resolve("out"))
                .expectOneLine(ExitCode.REFUSED.code(), "explore: " + file + ": cannot read: no such file");
    }

    /**
     * A move of order past 4,096 (cycles of 61 and 71 points: 4,331) has too many powers: refused in that metric only,
     * naming the way out.
     */
    @Test
    void aMetricTheFileCannotHaveIsRefusedInOneLine() throws IOException {
        StringBuilder cycle = new StringBuilder();
        for (int i = 0; i < 132; i++) {
            cycle.append(i == 0 ? "" : ", ").append(i < 61 ? (i + 1) % 61 : 61 + (i - 61 + 1) % 71);
        }
        Path file = Files.writeString(tmp.resolve("long.json"), "{\"moves\": {\"L\": [" + cycle + "]}}");
        Path out = tmp.resolve("out");
        CliRun.of("explore", "--puzzle", file, "--metric", "powers", "--output", out)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "explore: " + file + ":1: move L has order 4331",
                        "use --metric generators");
        assertFalse(Files.exists(out), "nothing written");
    }

    /**
     * Valid files too large for the heap (64 MiB here, by the heap seam): 20 order-4,096 moves in the powers metric
     * (counted before a power is made) and the symmetric group on 1,500 points (its chain refused as it grows past half
     * the heap): one line, exit 3, nothing written.
     */
    @ParameterizedTest
    @CsvSource({
        "4096, 20, powers, :1: the powers metric makes 81,901 moves of 4,096 slots",
        "1500, 1, generators, : the group of its moves is too large to compute: a stabiliser chain on 1,500 points",
    })
    void filesTooLargeForTheHeapAreRefusedInOneLine(int n, int shifts, String metric, String fragment)
            throws IOException {
        StringBuilder json = new StringBuilder("{\"moves\": {\"X\": [1, 0");
        for (int i = 2; i < n; i++) {
            json.append(", ").append(i);
        }
        json.append(']');
        for (int j = 0; j < shifts; j++) {
            json.append(", \"S").append(j).append("\": [");
            for (int i = 0; i < n; i++) {
                json.append(i == 0 ? "" : ", ").append((i + 2 * j + 1) % n);
            }
            json.append(']');
        }
        Path file = Files.writeString(tmp.resolve("big.json"), json.append("}}").toString());
        Path out = tmp.resolve("out");
        CliRun.inJvm(
                        List.of("-Dpuzzleatlas.available-heap=" + (64L << 20)),
                        "explore",
                        "--puzzle",
                        file,
                        "--metric",
                        metric,
                        "--output",
                        out)
                .expectOneLine(ExitCode.REFUSED.code(), "explore: " + file + fragment, "64 MiB");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void metricIsForDefinitionsOnly() {
        CliRun.of("explore", "--puzzle", "eight-puzzle", "--metric", "powers", "--output", tmp.resolve("out"))
                .expectOneLine(ExitCode.USAGE.code(), "--metric applies to definition files");
        CliRun.of(
                        "explore",
                        "--puzzle",
                        puzzleFile("pocket-cube.tws"),
                        "--metric",
                        "quarter",
                        "--output",
                        tmp.resolve("out"))
                .expectOneLine(ExitCode.USAGE.code(), "--metric");
    }

    /** A checkpoint records the definition's content: resuming after the file changed is refused, then works again. */
    @ParameterizedTest
    @CsvSource({"atlas", "explore"})
    void resumingWithAChangedDefinitionIsRefused(String command) throws IOException {
        Path file = Files.copy(puzzleFile("pocket-cube.tws"), tmp.resolve("cube.tws"));
        Path out = tmp.resolve("out");
        List<Object> args = new ArrayList<>(List.of(command, "--puzzle", file, "--output", out));
        if (command.equals("explore")) {
            args.addAll(List.of("--engine", "spark", "--histogram-only"));
        }
        List<Object> first = new ArrayList<>(args);
        first.addAll(List.of("--max-levels", 4));
        runExpecting(ExitCode.STOPPED_EARLY.code(), first.toArray());
        String original = Files.readString(file);
        Files.writeString(file, original + "# changed\n");
        List<Object> resume = new ArrayList<>(args);
        resume.add("--resume");
        CliRun.of(resume.toArray())
                .expectOneLine(ExitCode.REFUSED.code(), "other content of " + file, "the file changed since");
        Files.writeString(file, original);
        run(resume.toArray());
    }
}
