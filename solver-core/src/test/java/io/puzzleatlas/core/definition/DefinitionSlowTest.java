package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The searches of definitions that take seconds: the whole pocket cube (88,179,840 states), LRX of 9, M12 in A12. */
@Tag("slow")
class DefinitionSlowTest {
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

    /** M12 through its chain and through the per-orbit ranks (A12: 239,500,800 ranks): same levels, same deepest boards. */
    @Test
    void m12ChainAgreesWithThePerOrbitRanks() {
        DefinitionKind kind = new DefinitionKind(DefinitionChainSpaceTest.m12(), "m12");
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m12");
        io.puzzleatlas.core.atlas.SpaceSummary viaChain =
                kind.atlas(p, null, 1, io.puzzleatlas.core.atlas.SearchControl.NONE).get(0).summary();
        DefinitionSpace perOrbit = p.space();
        io.puzzleatlas.core.table.TwoBitBreadthFirstSearch.Result r = io.puzzleatlas.core.table.TwoBitBreadthFirstSearch
                .run(perOrbit.size(), perOrbit.goal(), t -> perOrbit.predecessors(), 1);
        org.junit.jupiter.api.Assertions.assertArrayEquals(viaChain.histogram(), r.histogram());
        // the per-orbit ranks are the boards: the chain's deepest states, turned into boards, are the same
        assertArrayEquals(r.deepestRanks(), viaChain.deepest());
    }
}
