package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The whole pocket cube from its definition file (88,179,840 states; tens of seconds). */
@Tag("slow")
class DefinitionPocketCubeSlowTest {
    /** DEFINITIONS.md: all six faces with powers. */
    @Test
    void allFacesPowers() {
        assertArrayEquals(new long[] {1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736},
                DefinitionHistogramTest.histogram(DefinitionSpaceTest.example("2x2x2.tws"), Metric.POWERS));
    }

    /** The biggest example against the brute-force search: LRX of 9 in both metrics. */
    @Test
    void lrx9AgreesWithBruteForce() {
        Definition d = DefinitionSpaceTest.example("lrx9.json");
        for (Metric metric : Metric.values()) {
            assertArrayEquals(BruteForceBfs.histogram(d, metric), DefinitionHistogramTest.histogram(d, metric));
        }
    }
}
