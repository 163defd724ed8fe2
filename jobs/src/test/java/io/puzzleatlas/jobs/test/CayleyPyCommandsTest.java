package io.puzzleatlas.jobs.test;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CayleyPy's {@code puzzle_info.json} as {@code --puzzle}: {@code explore} counts the colourings a breadth-first search
 * written here counts, level by level, and every answer of {@code solve} replays to the central state under the file's
 * own rule ({@code new[i] = old[p[i]]}) and is as short as that search says.
 */
@Tag("slow")
class CayleyPyCommandsTest extends SparkSuite {
    private static final String CENTRAL = "0 0 1 1 2 3";
    /** data/puzzles/cayleypy-6.json's generators, in file order. */
    private static final Map<String, int[]> GENERATORS = new LinkedHashMap<>();

    static {
        GENERATORS.put("f0", new int[] {1, 2, 3, 0, 4, 5});
        GENERATORS.put("-f0", new int[] {3, 0, 1, 2, 4, 5});
        GENERATORS.put("f1", new int[] {0, 1, 3, 4, 5, 2});
        GENERATORS.put("-f1", new int[] {0, 1, 5, 2, 3, 4});
        GENERATORS.put("x", new int[] {5, 1, 2, 3, 4, 0});
    }

    @TempDir
    Path tmp;

    private static String apply(String state, int[] p) {
        String[] labels = state.split(" ");
        String[] out = new String[labels.length];
        for (int i = 0; i < labels.length; i++) {
            out[i] = labels[p[i]];
        }
        return String.join(" ", out);
    }

    /** Distances TO the central state: from it, stepping back by each generator's inverse. */
    private static Map<String, Integer> distances() {
        Map<String, Integer> depth = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(CENTRAL));
        depth.put(CENTRAL, 0);
        while (!queue.isEmpty()) {
            String s = queue.poll();
            for (int[] p : GENERATORS.values()) {
                int[] inverse = new int[p.length];
                for (int i = 0; i < p.length; i++) {
                    inverse[p[i]] = i;
                }
                String t = apply(s, inverse);
                if (depth.putIfAbsent(t, depth.get(s) + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return depth;
    }

    @Test
    void exploreCountsTheColouringsAndSolveAnswersReplay() throws IOException {
        Path file = DefinitionCommandsTest.puzzleFile("cayleypy-6.json");
        Map<String, Integer> depth = distances();
        long[] expected = new long
                [depth.values().stream().mapToInt(Integer::intValue).max().orElseThrow() + 1];
        depth.values().forEach(d -> expected[d]++);
        assertEquals(180, depth.size(), "6! / (2! 2!) colourings");

        Path explored = tmp.resolve("explore");
        run("explore", "--puzzle", file, "--engine", "local", "--histogram-only", "--output", explored);
        List<Row> rows = parquet(explored, "histogram").orderBy(col("depth")).collectAsList();
        assertArrayEquals(
                expected,
                rows.stream().mapToLong(r -> r.getLong(r.fieldIndex("count"))).toArray());
        rows.forEach(r -> assertEquals("cayleypy-6-listed", r.getString(r.fieldIndex("puzzle"))));

        List<String> states = new ArrayList<>(depth.keySet());
        states.sort(null);
        List<String> lines = new ArrayList<>(List.of("start"));
        lines.addAll(states);
        Path csv = Files.write(tmp.resolve("states.csv"), lines);
        Path solved = tmp.resolve("solve");
        run("solve", "--puzzle", file, "--input", csv, "--engine", "local", "--output", solved);
        List<Row> results = parquet(solved, "results").collectAsList();
        assertEquals(180, results.size());
        for (Row r : results) {
            String start = r.getAs("start");
            String moves = r.getAs("moves");
            int length = r.getAs("length");
            assertEquals("SOLVED", r.getAs("status"));
            assertEquals(depth.get(start), length, () -> "optimal length of " + start);
            String s = start;
            for (String m : moves.isEmpty() ? new String[0] : moves.split(" ")) {
                s = apply(s, GENERATORS.get(m));
            }
            assertEquals(CENTRAL, s, () -> moves + " replayed from " + start);
        }
    }
}
