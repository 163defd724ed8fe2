package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * CayleyPy's {@code puzzle_info.json} ({@code central_state}, {@code generators} with the inverses listed): read into
 * the one model in the listed metric, the colourings it reaches counted level by level against a breadth-first search
 * over the file's arrays written here.
 */
class CayleyPyDefinitionTest {
    /** data/puzzles/cayleypy-6.json, as the file gives it. */
    static final int[] CENTRAL = {0, 0, 1, 1, 2, 3};

    static final List<String> NAMES = List.of("f0", "-f0", "f1", "-f1", "x");
    static final int[][] GENERATORS = {
        {1, 2, 3, 0, 4, 5}, {3, 0, 1, 2, 4, 5}, {0, 1, 3, 4, 5, 2}, {0, 1, 5, 2, 3, 4}, {5, 1, 2, 3, 4, 0}
    };

    /**
     * Distances TO the central state of every colouring that reaches it, by the rule {@code new[i] = old[p[i]]}: a
     * search from the central state stepping back by each generator's inverse.
     */
    static Map<List<Integer>, Integer> distancesToCentral() {
        int n = CENTRAL.length;
        List<int[]> inverses = new ArrayList<>();
        for (int[] p : GENERATORS) {
            int[] inv = new int[n];
            for (int i = 0; i < n; i++) {
                inv[p[i]] = i;
            }
            inverses.add(inv);
        }
        Map<List<Integer>, Integer> depth = new HashMap<>();
        ArrayDeque<List<Integer>> queue = new ArrayDeque<>();
        List<Integer> central = Arrays.stream(CENTRAL).boxed().toList();
        depth.put(central, 0);
        queue.add(central);
        while (!queue.isEmpty()) {
            List<Integer> s = queue.poll();
            for (int[] inv : inverses) {
                List<Integer> t = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    t.add(s.get(inv[i]));
                }
                if (depth.putIfAbsent(t, depth.get(s) + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return depth;
    }

    static long[] histogramOf(Map<List<Integer>, Integer> depth) {
        int radius = depth.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        long[] h = new long[radius + 1];
        depth.values().forEach(d -> h[d]++);
        return h;
    }

    @Test
    void readsCentralStateAndGeneratorsInTheListedMetric() {
        Definition d = DefinitionSpaceTest.example("cayleypy-6.json");
        assertEquals(Metric.LISTED, d.defaultMetric());
        assertEquals(NAMES, d.moves().stream().map(DefinedMove::name).toList());
        for (int m = 0; m < GENERATORS.length; m++) {
            for (int i = 0; i < CENTRAL.length; i++) {
                assertEquals(GENERATORS[m][i], d.moves().get(m).source(0, i), NAMES.get(m) + " slot " + i);
            }
        }
        assertArrayEquals(CENTRAL, d.solvedLabels(0));
        assertTrue(d.hasIdenticalPieces(), "repeated labels are identical pieces");
    }

    /** The colourings reached, level by level: 6! / (2! 2!) = 180 in all. */
    @Test
    void countsTheColouringsAsAnIndependentSearchDoes() {
        Definition d = DefinitionSpaceTest.example("cayleypy-6.json");
        long[] expected = histogramOf(distancesToCentral());
        assertEquals(180, Arrays.stream(expected).sum());
        assertArrayEquals(expected, DefinitionSpaceTest.histogram(new DefinitionSpace(new MoveSet(d, Metric.LISTED))));
        assertArrayEquals(expected, DefinitionSpaceTest.histogram(new DefinitionPuzzle("c", d, Metric.LISTED).space()));
    }

    /** Each case: a file, and the FILE:LINE: message it must give. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"central_state\": [0, 0, 1]} | t.json:1: no \"generators\"",
                "{\"generators\": {\"a\": [1, 2, 0]}, \"central_state\": [0, 1]} | t.json:1: central_state has 2 "
                        + "labels for 3 points",
                "{\"generators\": {\"a\": [1, 2, 0]}, \"moves\": {}} | t.json:1: unsupported key moves (supported: "
                        + "name, central_state, generators)",
                "{\"generators\": [1, 2, 0]} | t.json:1: generators must be an object of name: permutation",
                "{\"generators\": {\"a\": [1, 1, 0]}} | t.json:1: not a permutation of 0..2: 1 repeated in move a",
            })
    void refusesWithFileAndLine(String text, String message) {
        DefinitionException e = assertThrows(
                DefinitionException.class,
                () -> DefinitionReader.parse("t.json", text.getBytes(StandardCharsets.UTF_8)));
        assertEquals(message.strip(), e.getMessage());
    }
}
