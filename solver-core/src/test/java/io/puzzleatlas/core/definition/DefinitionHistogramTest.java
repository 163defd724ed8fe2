package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Depth histograms of definitions searched by the two-bit engine, against published numbers. */
class DefinitionHistogramTest {
    static long[] histogram(Definition d, Metric metric) {
        return DefinitionSpaceTest.histogram(new DefinitionSpace(new MoveSet(d, metric)));
    }

    static Definition urf() {
        return DefinitionExamples.only(DefinitionSpaceTest.example("2x2x2.tws"), "U", "F", "R");
    }

    /** Pancake graphs: diameter OEIS A058986, states at the diameter A067607. */
    @ParameterizedTest
    @CsvSource({"2, 1, 1", "3, 3, 1", "4, 4, 3", "5, 5, 20", "6, 7, 2", "7, 8, 35", "8, 9, 455", "9, 10, 5804"})
    void pancakes(int n, int diameter, long atDiameter) {
        long[] h = histogram(DefinitionExamples.pancake(n), Metric.GENERATORS);
        assertEquals(diameter, h.length - 1);
        assertEquals(atDiameter, h[h.length - 1]);
    }

    /** LRX (generators: L, L' = R, X): diameter n(n-1)/2. */
    @ParameterizedTest
    @CsvSource({"4", "5", "6", "7", "8", "9"})
    void lrxDiameter(int n) {
        long[] h = histogram(DefinitionExamples.lrx(n), Metric.GENERATORS);
        assertEquals(n * (n - 1) / 2, h.length - 1);
        long states = 0;
        for (long c : h) {
            states += c;
        }
        assertEquals(LongStream.rangeClosed(1, n).reduce(1, (a, b) -> a * b), states);
    }
}
