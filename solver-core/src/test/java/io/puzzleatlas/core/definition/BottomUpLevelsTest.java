package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The two-bit search's bottom-up levels ({@link NeighbourRanker#symmetric}) find exactly the levels the top-down search
 * finds, on permutation spaces with and without orientations, with one thread and two. Levels of at most
 * {@link TwoBitBreadthFirstSearch#RECORD_CAP} states are always top-down, so the spaces have larger ones.
 */
class BottomUpLevelsTest {
    /** The same ranker, saying it is not symmetric: every level top-down. */
    private static NeighbourRanker topDownOnly(NeighbourRanker r) {
        return new NeighbourRanker() {
            @Override
            public int maxNeighbours() {
                return r.maxNeighbours();
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                return r.neighbours(rank, out, at);
            }
        };
    }

    @ParameterizedTest
    @CsvSource({"pancake, 9", "pancake, 10", "urf-powers, 0", "urf-generators, 0"})
    void bottomUpLevelsEqualTopDownOnes(String family, int n) {
        Definition d = switch (family) {
            case "pancake" -> DefinitionExamples.pancake(n);
            case "lrx" -> DefinitionExamples.lrx(n);
            default -> DefinitionSpaceTest.example("lrx-coset-16.json");
        };
        DefinitionSpace space = new DefinitionSpace(new MoveSet(d, Metric.GENERATORS));
        assertTrue(space.predecessors().symmetric());
        long[] topDown = TwoBitBreadthFirstSearch.run(
                        space.size(), space.goal(), t -> topDownOnly(space.predecessors()), 1)
                .histogram();
        for (int threads = 1; threads <= 2; threads++) {
            long[] both = TwoBitBreadthFirstSearch.run(space.size(), space.goal(), t -> space.predecessors(), threads)
                    .histogram();
            assertArrayEquals(topDown, both, family + " " + n + ", " + threads + " threads: " + Arrays.toString(both));
        }
    }
}
