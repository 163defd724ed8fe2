package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.jobs.cli.TablesCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve --puzzle FILE}: every answer replays to the solved state under {@link TwsInterpreter}, is as long as a
 * breadth-first search over the interpreter's states says, and the local engine and Spark give the same rows.
 */
@Tag("slow")
class DefinitionSolveTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void answersAreOptimalAndReplayUnderAnIndependentInterpreter() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("twisty-small.tws");
        TwsInterpreter tws = new TwsInterpreter(file);
        // distances from the solved state by the interpreter's own moves (the powers metric, closed under inverses)
        Map<String, Integer> depth = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        depth.put(tws.solved(), 0);
        queue.add(tws.solved());
        List<String> names = tws.powerNames();
        while (!queue.isEmpty()) {
            String s = queue.poll();
            for (String m : names) {
                String t = tws.apply(s, m);
                if (depth.putIfAbsent(t, depth.get(s) + 1) == null) {
                    queue.add(t);
                }
            }
        }
        assertEquals(31_104, depth.size());
        List<String> states = new ArrayList<>(depth.keySet());
        states.sort(null);
        SplittableRandom random = new SplittableRandom(5);
        List<String> lines = new ArrayList<>(List.of("start"));
        for (int i = 0; i < 80; i++) {
            lines.add(states.get(random.nextInt(states.size())));
        }
        Path csv = Files.write(tmp.resolve("states.csv"), lines);
        Map<String, List<String>> byEngine = new HashMap<>();
        for (String engine : List.of("local", "spark")) {
            Path out = tmp.resolve(engine);
            run("solve", "--puzzle", file, "--input", csv, "--engine", engine, "--output", out);
            List<String> rows = new ArrayList<>();
            for (Row r : parquet(out, "results").orderBy("instance_id").collectAsList()) {
                String start = r.getAs("start");
                String moves = r.getAs("moves");
                int length = r.getAs("length");
                assertEquals("SOLVED", r.getAs("status"));
                assertEquals("twisty-small-powers", r.getAs("puzzle"));
                assertEquals(depth.get(start), length, () -> "optimal length of " + start);
                assertEquals(length, moves.isEmpty() ? 0 : moves.split(" ").length);
                assertEquals(tws.solved(), tws.apply(start, moves), () -> moves + " replayed from " + start);
                rows.add(start + "|" + length + "|" + moves);
            }
            assertEquals(80, rows.size());
            byEngine.put(engine, rows);
        }
        assertEquals(byEngine.get("local"), byEngine.get("spark"));
    }

    @Test
    void scrambledPocketCubesReplayToTheSolvedState() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("pocket-cube.tws");
        TwsInterpreter tws = new TwsInterpreter(file);
        List<String> names = tws.powerNames();
        SplittableRandom random = new SplittableRandom(8);
        List<String> lines = new ArrayList<>(List.of("start"));
        for (int i = 0; i < 40; i++) {
            StringBuilder walk = new StringBuilder();
            for (int k = 0; k < 25; k++) {
                walk.append(names.get(random.nextInt(names.size()))).append(' ');
            }
            lines.add(tws.apply(tws.solved(), walk.toString()));
        }
        Path csv = Files.write(tmp.resolve("cubes.csv"), lines);
        Path out = tmp.resolve("out");
        run("solve", "--puzzle", file, "--metric", "generators", "--input", csv, "--output", out);
        for (Row r : parquet(out, "results").collectAsList()) {
            String moves = r.getAs("moves");
            int length = r.getAs("length");
            assertEquals("SOLVED", r.getAs("status"));
            Assertions.assertTrue(length <= 14, "the quarter-turn metric's radius");
            assertEquals(tws.solved(), tws.apply(r.getAs("start"), moves));
            Assertions.assertTrue(moves.isEmpty() || moves.matches("[URF]'?( [URF]'?)*"), moves);
        }
    }

    /**
     * A {@code scramble} column: each start is the solved state after the moves, as the interpreter plays them; an
     * unknown move goes to {@code errors} with its reason, and the run reconciles.
     */
    @Test
    void aScrambleColumnStartsFromTheSolvedState() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("pocket-cube.tws");
        TwsInterpreter tws = new TwsInterpreter(file);
        List<String> scrambles = List.of("R U F2 R'", "U2 F' R2", "", "F F F F R");
        List<String> lines = new ArrayList<>(List.of("scramble"));
        lines.addAll(scrambles);
        lines.add("R Q U");
        Path csv = Files.write(tmp.resolve("scrambles.csv"), lines);
        Path out = tmp.resolve("out");
        run("solve", "--puzzle", file, "--input", csv, "--output", out);
        List<Row> rows = parquet(out, "results").orderBy("instance_id").collectAsList();
        assertEquals(scrambles.size() - 1, rows.size(), "the empty line is an error");
        List<String> nonEmpty = scrambles.stream().filter(x -> !x.isEmpty()).toList();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            String start = r.getAs("start");
            assertEquals(tws.apply(tws.solved(), nonEmpty.get(i)), start);
            assertEquals(tws.solved(), tws.apply(start, r.getAs("moves")));
        }
        assertEquals("R F2 U' R'", rows.get(0).getAs("moves"));
        List<Row> errors = parquet(out, "errors").collectAsList();
        assertEquals(2, errors.size());
        Assertions.assertTrue(
                errors.stream()
                        .anyMatch(e -> e.getString(e.fieldIndex("reason")).contains("unknown move Q")),
                errors::toString);
    }

    /**
     * The 3x3x3 (4.3e19 states: boards as text, IDA* with pattern databases, small ones here): scrambles come back
     * optimal (no longer than the scramble, and as long as twsearch found them, checked by hand once: 6, 7 and 8),
     * replay under the interpreter, and the local engine and Spark give the same rows; a state with a piece twice is an
     * error, one with a single corner twisted is UNSOLVABLE, and the run reconciles.
     */
    @Test
    void theCubePastOneTableIsSolvedByIdaStar() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("3x3x3.tws");
        TwsInterpreter tws = new TwsInterpreter(file);
        List<String> scrambles = List.of("R U F2 L' D B2", "F' R2 U L2 B D' R", "U R2 F B R B2 R U2");
        String solved = tws.solved();
        String twisted = solved.substring(0, solved.length() - 1) + "1"; // the last corner turned once
        String twice = "2 " + solved.substring(2); // edge 2 in slots 1 and 2
        List<String> lines = new ArrayList<>(List.of("start"));
        for (String s : scrambles) {
            lines.add(tws.apply(solved, s));
        }
        lines.add(twisted);
        lines.add(twice);
        Path csv = Files.write(tmp.resolve("cubes.csv"), lines);
        Map<String, List<String>> byEngine = new HashMap<>();
        for (String engine : List.of("local", "spark")) {
            Path out = tmp.resolve(engine);
            run(
                    "solve",
                    "--puzzle",
                    file,
                    "--input",
                    csv,
                    "--engine",
                    engine,
                    "--tables",
                    tmp.resolve("tables"),
                    "--tables-memory",
                    "32m",
                    "--output",
                    out);
            List<String> rows = new ArrayList<>();
            List<Row> results = parquet(out, "results").orderBy("instance_id").collectAsList();
            assertEquals(4, results.size());
            for (int i = 0; i < 3; i++) {
                Row r = results.get(i);
                String moves = r.getAs("moves");
                assertEquals("SOLVED", r.getAs("status"));
                assertEquals(List.of(6, 7, 8).get(i), (int) r.getAs("length"), moves);
                assertEquals(solved, tws.apply(r.getAs("start"), moves), moves);
                rows.add(r.getAs("length") + "|" + moves + "|" + r.getAs("nodes"));
            }
            assertEquals("UNSOLVABLE", results.get(3).getAs("status"));
            List<Row> errors = parquet(out, "errors").collectAsList();
            assertEquals(1, errors.size());
            Assertions.assertTrue(
                    errors.get(0).getString(errors.get(0).fieldIndex("reason")).contains("holds piece"),
                    errors::toString);
            byEngine.put(engine, rows);
        }
        assertEquals(byEngine.get("local"), byEngine.get("spark"));
    }

    /**
     * Uniformly random 2x2x2 positions (all six faces, the powers metric) solved by table descent: the share at each
     * optimal length is the published distribution's (1, 18, 243, ... 64,736 of 88,179,840; ../shared/DEFINITIONS.md),
     * each count within five standard deviations (and one) of its expectation. 30,000 positions: the plan builds the
     * whole space's table (10 s) and descends, where 3,000 chose IDA* with two corner tables and took 50 s.
     */
    @Test
    void randomPocketCubesFollowThePublishedDistribution() throws IOException {
        long[] published = {
            1, 18, 243, 2_874, 28_000, 205_416, 1_168_516, 5_402_628, 20_776_176, 45_391_616, 15_139_616, 64_736
        };
        long total = 88_179_840L;
        int n = 30_000;
        Path out = tmp.resolve("random");
        run(
                "solve",
                "--puzzle",
                DefinitionCommandsTest.puzzleFile("2x2x2.tws"),
                "--random",
                String.valueOf(n),
                "--seed",
                "2",
                "--output",
                out);
        long[] got = new long[published.length];
        for (Row r : parquet(out, "results").collectAsList()) {
            assertEquals("SOLVED", r.getAs("status"));
            got[(int) r.getAs("length")]++;
        }
        for (int d = 0; d < published.length; d++) {
            double p = (double) published[d] / total;
            double mean = n * p;
            double sigma = Math.sqrt(n * p * (1 - p));
            int depth = d;
            Assertions.assertTrue(
                    Math.abs(got[d] - mean) <= 5 * sigma + 1,
                    () -> "length " + depth + ": " + got[depth] + " of " + n + ", expected about " + mean);
        }
        assertEquals(n, Arrays.stream(got).sum());
    }

    /**
     * {@code tables build --puzzle FILE}: the pattern databases written once (five small ones for 8 MB: corners and
     * edges four at a time), a truncated file found and rebuilt to the same bytes, and a solve that reads them.
     */
    @Test
    void tablesBuildWritesADefinitionsTablesAndRebuildsADamagedOne() throws IOException {
        Path tables = tmp.resolve("tables");
        String[] build = {
            "build",
            "--puzzle",
            DefinitionCommandsTest.puzzleFile("3x3x3.tws").toString(),
            "--tables-memory",
            "8m",
            "--tables",
            tables.toString()
        };
        assertEquals(0, TablesCommand.run(build));
        List<Path> files;
        try (Stream<Path> list = Files.list(tables)) {
            files = list.sorted().toList();
        }
        assertEquals(5, files.size(), files::toString);
        byte[] whole = Files.readAllBytes(files.get(0));
        Files.write(files.get(0), Arrays.copyOf(whole, whole.length / 2));
        assertEquals(0, TablesCommand.run(build));
        Assertions.assertArrayEquals(whole, Files.readAllBytes(files.get(0)));
        Path csv = Files.write(tmp.resolve("one.csv"), List.of("scramble", "R U2 F' L"));
        Path out = tmp.resolve("out");
        run(
                "solve",
                "--puzzle",
                DefinitionCommandsTest.puzzleFile("3x3x3.tws"),
                "--input",
                csv,
                "--tables",
                tables,
                "--tables-memory",
                "8m",
                "--output",
                out);
        Row r = parquet(out, "results").collectAsList().get(0);
        assertEquals("L' F U2 R'", r.getAs("moves"));
    }

    /**
     * The hard-instance path: with {@code --split-nodes 100} every 3x3x3 scramble (each needs more nodes) is searched
     * again as prefixes of two moves in Spark tasks, and the rows (moves, lengths, nodes) are the unsplit search's.
     */
    @Test
    void splitCubeSearchesGiveTheUnsplitRows() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("3x3x3.tws");
        Path csv = Files.write(
                tmp.resolve("cubes.csv"),
                List.of("scramble", "F' R2 U L2 B D' R", "U R2 F B R B2 R U2", "R U2 F' L D2 B R' U F2"));
        Map<String, List<String>> rows = new HashMap<>();
        for (String split : List.of("0", "100")) {
            Path out = tmp.resolve("split-" + split);
            run(
                    "solve",
                    "--puzzle",
                    file,
                    "--input",
                    csv,
                    "--engine",
                    "spark",
                    "--tables",
                    tmp.resolve("tables"),
                    "--tables-memory",
                    "32m",
                    "--split-nodes",
                    split,
                    "--split-depth",
                    "2",
                    "--output",
                    out);
            List<String> got = new ArrayList<>();
            for (Row r : parquet(out, "results").orderBy("instance_id").collectAsList()) {
                assertEquals("SOLVED", r.getAs("status"));
                Assertions.assertTrue((long) r.getAs("nodes") > 100, "more nodes than --split-nodes");
                got.add(r.getAs("length") + "|" + r.getAs("moves") + "|" + r.getAs("nodes"));
            }
            assertEquals(3, got.size());
            rows.put(split, got);
        }
        assertEquals(rows.get("0"), rows.get("100"));
    }
}
