package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code santa} on small files written here, a wreath of two rings of six stickers sharing two (the shape of
 * wreath_6/6), checked against this test's own breadth-first search and replayer: the OPTIMAL rows have the lengths the
 * search gives, every row of {@code submission.csv} reaches its goal, the incumbent is kept where the budget runs out,
 * and bad input is refused in one line with nothing written.
 */
class SantaCommandTest {
    private static final int[][] RINGS = {{0, 1, 2, 3, 4, 5}, {0, 6, 7, 3, 8, 9}};
    private static final String INFO = "puzzle_type,allowed_moves\n"
            + "wreath,\"{'l': [1, 2, 3, 4, 5, 0, 6, 7, 8, 9], 'r': [6, 1, 2, 8, 4, 5, 7, 3, 9, 0]}\"\n";
    private static final String HEADER = "id,puzzle_type,solution_state,initial_state,num_wildcards\n";
    private static final String COLOURS = "A;A;A;B;B;B;C;C;D;D";
    private static final String DISTINCT = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9";

    @TempDir
    Path tmp;

    /** The test's own moves: {@code l}, {@code -l}, {@code r}, {@code -r} as {@code new[i] = old[p[i]]}. */
    private static final Map<String, int[]> MOVES = moves();

    private static Map<String, int[]> moves() {
        Map<String, int[]> moves = new LinkedHashMap<>();
        String[] names = {"l", "r"};
        for (int g = 0; g < 2; g++) {
            int[] p = new int[10];
            int[] inv = new int[10];
            for (int i = 0; i < 10; i++) {
                p[i] = i;
                inv[i] = i;
            }
            int[] ring = RINGS[g];
            for (int j = 0; j < 6; j++) {
                p[ring[j]] = ring[(j + 1) % 6];
                inv[ring[(j + 1) % 6]] = ring[j];
            }
            moves.put(names[g], p);
            moves.put("-" + names[g], inv);
        }
        return moves;
    }

    private static String[] apply(String[] s, int[] p) {
        String[] t = new String[s.length];
        for (int i = 0; i < s.length; i++) {
            t[i] = s[p[i]];
        }
        return t;
    }

    private static int mismatches(String[] s, String[] goal) {
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            n += s[i].equals(goal[i]) ? 0 : 1;
        }
        return n;
    }

    /** Breadth-first search over joined strings: the fewest moves to a state within {@code wildcards} of the goal. */
    private static int optimal(String[] start, String[] goal, int wildcards) {
        Map<String, Integer> depth = new HashMap<>();
        ArrayDeque<String[]> queue = new ArrayDeque<>();
        queue.add(start);
        depth.put(String.join(";", start), 0);
        while (!queue.isEmpty()) {
            String[] s = queue.poll();
            int d = depth.get(String.join(";", s));
            if (mismatches(s, goal) <= wildcards) {
                return d;
            }
            for (int[] p : MOVES.values()) {
                String[] t = apply(s, p);
                if (depth.putIfAbsent(String.join(";", t), d + 1) == null) {
                    queue.add(t);
                }
            }
        }
        throw new AssertionError("unreachable");
    }

    private static String[] replay(String[] start, String moves) {
        String[] s = start;
        for (String name : moves.isEmpty() ? new String[0] : moves.split("\\.")) {
            s = apply(s, MOVES.get(name));
        }
        return s;
    }

    /** A walk of {@code length} random moves, as a submission writes it. */
    private static String walk(int length, Random random) {
        List<String> names = new ArrayList<>(MOVES.keySet());
        List<String> walk = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            walk.add(names.get(random.nextInt(names.size())));
        }
        return String.join(".", walk);
    }

    /** Rows of puzzles.csv ({@code goal, start, wildcards} by id) made by random walks, seeded. */
    private static Map<Integer, String[]> puzzles(int count, long seed) {
        Random random = new Random(seed);
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        for (int id = 0; id < count; id++) {
            String goal = id % 3 == 2 ? DISTINCT : COLOURS;
            String start = String.join(
                    ";", replay(goal.split(";"), walk(id % 3 == 2 ? random.nextInt(7) : random.nextInt(14), random)));
            rows.put(id, new String[] {goal, start, id % 4 == 3 ? "2" : "0"});
        }
        return rows;
    }

    private Path data(Map<Integer, String[]> rows, String sample) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(dir.resolve("puzzle_info.csv"), INFO);
        StringBuilder text = new StringBuilder(HEADER);
        rows.forEach((id, r) -> text.append(id + ",wreath," + r[0] + "," + r[1] + "," + r[2] + "\n"));
        Files.writeString(dir.resolve("puzzles.csv"), text);
        if (sample != null) {
            Files.writeString(dir.resolve("sample_submission.csv"), sample);
        }
        return dir;
    }

    /** {@code results/} read back with parquet-hadoop alone: id -> status, length, lower_bound. */
    private static Map<Integer, List<Object>> results(Path out) throws IOException {
        Map<Integer, List<Object>> rows = new LinkedHashMap<>();
        org.apache.hadoop.fs.Path part = new org.apache.hadoop.fs.Path(
                out.resolve("results").resolve("part-00000.zstd.parquet").toUri());
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(), part)
                .withConf(new Configuration())
                .build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                rows.put(
                        g.getInteger("id", 0),
                        List.of(
                                g.getString("status", 0),
                                g.getFieldRepetitionCount("length") == 0 ? -1 : g.getInteger("length", 0),
                                g.getInteger("lower_bound", 0)));
            }
        }
        return rows;
    }

    /** {@code submission.csv} as id -> moves, its header checked. */
    private static Map<Integer, String> submission(Path out) throws IOException {
        List<String> lines = Files.readAllLines(out.resolve("submission.csv"));
        assertEquals("id,moves", lines.get(0));
        Map<Integer, String> rows = new LinkedHashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            rows.put(Integer.parseInt(f[0]), f[1]);
        }
        return rows;
    }

    @Test
    void optimalRowsHaveTheTestsBreadthFirstLengthsAndEverySubmittedRowReplays() throws IOException {
        Map<Integer, String[]> rows = puzzles(30, 46);
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of("santa", "--data", data(rows, null), "--output", out);
        assertEquals(ExitCode.OK.code(), run.status(), run.err());
        Map<Integer, List<Object>> results = results(out);
        Map<Integer, String> submitted = submission(out);
        assertEquals(rows.keySet(), results.keySet());
        assertEquals(rows.keySet(), submitted.keySet());
        long score = 0;
        for (Map.Entry<Integer, String[]> r : rows.entrySet()) {
            String[] goal = r.getValue()[0].split(";");
            String[] start = r.getValue()[1].split(";");
            int wildcards = Integer.parseInt(r.getValue()[2]);
            int optimal = optimal(start, goal, wildcards);
            score += optimal;
            assertEquals(List.of("OPTIMAL", optimal, optimal), results.get(r.getKey()), "id " + r.getKey());
            String moves = submitted.get(r.getKey());
            assertEquals(optimal, moves.isEmpty() ? 0 : moves.split("\\.").length, "id " + r.getKey());
            assertTrue(mismatches(replay(start, moves), goal) <= wildcards, "id " + r.getKey());
        }
        assertTrue(run.out().contains("santa: incumbent no incumbent (0 rows)"), run.out());
        assertTrue(
                run.out().contains("santa: wreath score " + score + " (30 puzzles: 30 optimal, 0 improved,"),
                run.out());
        assertTrue(run.out().contains("santa: score " + score + " "), run.out());
    }

    @Test
    void theDatasSampleSubmissionIsKeptWhereTheBudgetRunsOut() throws IOException {
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        String far = "l.l.l.r.r.r";
        rows.put(0, new String[] {DISTINCT, String.join(";", replay(DISTINCT.split(";"), far)), "0"});
        rows.put(1, new String[] {COLOURS, COLOURS, "0"});
        String incumbentFar = "-r.-r.-r.-l.-l.-l";
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of(
                "santa",
                "--data",
                data(rows, "id,moves\n0," + incumbentFar + "\n1,l.-l\n"),
                "--max-nodes",
                20,
                "--output",
                out);
        assertEquals(ExitCode.OK.code(), run.status(), run.err());
        // 20 states: depth 1 from both ends and part of depth 2; no path of 2 moves or fewer
        assertEquals(List.of("INCUMBENT", 6, 3), results(out).get(0));
        assertEquals(List.of("OPTIMAL", 0, 0), results(out).get(1));
        assertEquals(Map.of(0, incumbentFar, 1, ""), submission(out));
        assertTrue(run.out().contains("santa: incumbent " + tmp.resolve("data") + ": sample_submission.csv (2 rows)"));
        assertTrue(run.out()
                .contains("santa: score 6 (2 puzzles: 1 optimal, 0 improved, 1 incumbent, 0 unsolved;"
                        + " incumbent 8)"));
    }

    @Test
    void anIncumbentRowMissingItsGoalIsReplacedByOursOrRefused() throws IOException {
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        rows.put(0, new String[] {DISTINCT, String.join(";", replay(DISTINCT.split(";"), "l.r")), "0"});
        Path data = data(rows, null);
        Path incumbent = Files.writeString(tmp.resolve("mine.csv"), "id,moves\n0,-l.-r\n");
        Path out = tmp.resolve("out");
        CliRun.of("santa", "--data", data, "--incumbent", incumbent, "--max-nodes", 1, "--output", out)
                .expectOneLine(ExitCode.REFUSED.code(), "mine.csv: id 0: the moves do not reach the goal");
        assertFalse(Files.exists(out.resolve("results")));
        assertFalse(Files.exists(out.resolve("submission.csv")));
        CliRun replaced = CliRun.of("santa", "--data", data, "--incumbent", incumbent, "--output", out);
        assertEquals(ExitCode.OK.code(), replaced.status(), replaced.err());
        assertEquals(List.of("OPTIMAL", 2, 2), results(out).get(0));
        assertEquals(Map.of(0, "-r.-l"), submission(out));
    }

    @Test
    void withoutAnIncumbentAnUnsolvedPuzzleIsRefusedAndNothingWritten() throws IOException {
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        rows.put(0, new String[] {COLOURS, COLOURS, "0"});
        rows.put(1, new String[] {DISTINCT, String.join(";", replay(DISTINCT.split(";"), "l.r.l")), "0"});
        Path out = tmp.resolve("out");
        CliRun.of("santa", "--data", data(rows, null), "--max-nodes", 2, "--output", out)
                .expectOneLine(ExitCode.REFUSED.code(), "santa: id 1 (wreath) has no solution", "nothing written");
        assertFalse(Files.exists(out));
    }

    @Test
    void anUnprovenIncumbentIsShortenedAndMarkedImproved() throws IOException {
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        rows.put(0, new String[] {DISTINCT, String.join(";", replay(DISTINCT.split(";"), "-r.-l")), "0"});
        // l.l.-l.r: back at the state after l, then r; too few nodes to prove the 2 moves shortest
        Path incumbent = Files.writeString(tmp.resolve("mine.csv"), "id,moves\n0,l.l.-l.r\n");
        Path out = tmp.resolve("out");
        CliRun run = CliRun.of(
                "santa", "--data", data(rows, null), "--incumbent", incumbent, "--max-nodes", 3, "--output", out);
        assertEquals(ExitCode.OK.code(), run.status(), run.err());
        assertEquals(List.of("IMPROVED", 2, 1), results(out).get(0));
        assertEquals(Map.of(0, "l.r"), submission(out));
        assertTrue(
                run.out()
                        .contains("santa: score 2 (1 puzzles: 0 optimal, 1 improved, 0 incumbent, 0 unsolved;"
                                + " incumbent 4)"),
                run.out());
    }

    /** Every row of {@code results/} but its time: id, type, status, length, lower bound, moves, nodes. */
    static List<String> rowsButTime(Path out) throws IOException {
        List<String> rows = new ArrayList<>();
        try (Stream<Path> parts = Files.list(out.resolve("results"))) {
            for (Path p : parts.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .sorted()
                    .toList()) {
                try (ParquetReader<Group> reader = ParquetReader.builder(
                                new GroupReadSupport(), new org.apache.hadoop.fs.Path(p.toUri()))
                        .withConf(new Configuration())
                        .build()) {
                    for (Group g = reader.read(); g != null; g = reader.read()) {
                        boolean solved = g.getFieldRepetitionCount("moves") > 0;
                        rows.add(g.getInteger("id", 0) + " " + g.getString("puzzle_type", 0) + " "
                                + g.getString("status", 0) + " " + (solved ? g.getInteger("length", 0) : "-") + " "
                                + g.getInteger("lower_bound", 0) + " " + (solved ? g.getString("moves", 0) : "-")
                                + " " + g.getLong("nodes", 0));
                    }
                }
            }
        }
        return rows;
    }

    @Test
    void aRunStoppedAfterSomePuzzlesResumesToTheRowsOfAnUninterruptedRun() throws IOException {
        Map<Integer, String[]> rows = puzzles(12, 7);
        Path data = data(rows, null);
        Path whole = tmp.resolve("whole");
        // in this JVM: one puzzle after another, so the seam stops after exactly five (Spark runs several at once)
        List<Object> args =
                List.of("santa", "--data", data, "--max-millis", 0, "--max-nodes", 200, "--engine", "local");
        CliRun first = CliRun.of(concat(args, "--output", whole).toArray());
        assertEquals(ExitCode.OK.code(), first.status(), first.err());
        Path out = tmp.resolve("out");
        FaultSeam.resetArrivals();
        System.setProperty(FaultSeam.STOP_PROPERTY, "santa-puzzle:5");
        try {
            CliRun.of(concat(args, "--output", out).toArray())
                    .expectOneLine(ExitCode.INTERNAL.code(), "stopped at fault seam santa-puzzle:5");
        } finally {
            System.clearProperty(FaultSeam.STOP_PROPERTY);
            FaultSeam.resetArrivals();
        }
        assertFalse(Files.exists(out.resolve("results")));
        assertFalse(Files.exists(out.resolve("submission.csv")));
        assertTrue(Files.isDirectory(out.resolve("_santa-checkpoint")));
        // without --resume the checkpoint is refused; with another budget too, in one line, and kept
        CliRun.of(concat(args, "--output", out).toArray())
                .expectOneLine(ExitCode.REFUSED.code(), "_santa-checkpoint holds the checkpoint of an earlier run");
        List<Object> other =
                List.of("santa", "--data", data, "--max-millis", 0, "--max-nodes", 201, "--engine", "local");
        CliRun.of(concat(other, "--output", out, "--resume").toArray())
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "was made by other data, incumbent, types or budget (was budget 200 nodes, 0 ms, now budget"
                                + " 201 nodes, 0 ms)");
        CliRun resumed = CliRun.of(concat(args, "--output", out, "--resume").toArray());
        assertEquals(ExitCode.OK.code(), resumed.status(), resumed.err());
        assertTrue(
                resumed.out().contains("santa: --resume: 5 searched puzzles kept by _santa-checkpoint, 7 to search"),
                resumed.out());
        assertEquals(rowsButTime(whole), rowsButTime(out));
        assertEquals(
                Files.readString(whole.resolve("submission.csv")), Files.readString(out.resolve("submission.csv")));
        assertFalse(Files.exists(out.resolve("_santa-checkpoint")));
    }

    private static List<Object> concat(List<Object> args, Object... more) {
        List<Object> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    @Test
    void aMissingDataOrIncumbentIsRefused() {
        Path out = tmp.resolve("out");
        CliRun.of("santa", "--data", tmp.resolve("none.zip"), "--output", out)
                .expectOneLine(ExitCode.REFUSED.code(), "--data " + tmp.resolve("none.zip") + ": no such file");
        CliRun.of("santa", "--data", tmp, "--incumbent", tmp.resolve("none.csv"), "--output", out)
                .expectOneLine(ExitCode.REFUSED.code(), "--incumbent " + tmp.resolve("none.csv") + ": no such file");
        CliRun.of("santa", "--data", tmp, "--engine", "local", "--master", "local[2]", "--output", out)
                .expectOneLine(ExitCode.USAGE.code(), "--engine local runs without Spark: --master and --conf");
        assertFalse(Files.exists(out));
    }

    /** Each bad input: one line naming the file and the fault, the documented status, nothing written. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "puzzles|0,cube,A;B,B;A,0|3|puzzles.csv:2: ",
                "puzzles|0,wreath,A;B;C,B;A;C,0|3|puzzles.csv:2: ",
                "info|1, 1, 3, 4, 5, 0, 6, 7, 8, 9|3|puzzle_info.csv:2: ",
                "incumbent|0,l.x|3|id 0: unknown move",
                "incumbent|7,l|3|id 7: no such puzzle",
                "incumbent|0,l|3|id 0: the moves do not reach the goal",
                "types|wreath,cube|2|--types: cube is not a type of",
            })
    void badInputIsOneLineAndNothingIsWritten(String what, String line, int status, String fragment)
            throws IOException {
        Map<Integer, String[]> rows = new LinkedHashMap<>();
        rows.put(0, new String[] {DISTINCT, String.join(";", replay(DISTINCT.split(";"), "l.r.l.r")), "0"});
        Path data = data(rows, null);
        List<Object> args = new ArrayList<>(List.of("santa", "--data", data, "--output", tmp.resolve("out")));
        switch (what) {
            case "puzzles" -> Files.writeString(data.resolve("puzzles.csv"), HEADER + line + "\n");
            case "info" ->
                Files.writeString(
                        data.resolve("puzzle_info.csv"),
                        "puzzle_type,allowed_moves\nwreath,\"{'l': [" + line + "]}\"\n");
            case "incumbent" -> {
                args.addAll(List.of("--incumbent", Files.writeString(tmp.resolve("in.csv"), "id,moves\n" + line)));
                args.addAll(List.of("--max-nodes", 1));
            }
            default -> args.addAll(List.of("--types", line));
        }
        CliRun.of(args.toArray()).expectOneLine(status, fragment);
        assertFalse(Files.exists(tmp.resolve("out").resolve("results")), Arrays.toString(args.toArray()));
        assertFalse(Files.exists(tmp.resolve("out").resolve("submission.csv")));
    }
}
