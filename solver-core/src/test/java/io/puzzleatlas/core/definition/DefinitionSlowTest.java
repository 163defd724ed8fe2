package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The searches of definitions that take seconds: the whole pocket cube (88,179,840 states), three of its faces (OEIS
 * A079761, A079762), LRX of 9, M12 against brute force and in A12, M24's first levels against brute force.
 */
@Tag("slow")
class DefinitionSlowTest {
    /** DEFINITIONS.md: all six faces with powers. */
    @Test
    void allFacesPowers() {
        assertArrayEquals(
                new long[] {1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736},
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

    /**
     * M12 through its chain and through the per-orbit ranks (A12: 239,500,800 ranks): same levels, same deepest states.
     */
    @Test
    void m12ChainAgreesWithThePerOrbitRanks() {
        DefinitionKind kind = new DefinitionKind(DefinitionChainSpaceTest.m12(), "m12");
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m12");
        SpaceSummary viaChain =
                kind.atlas(p, null, 1, SearchControl.NONE).get(0).summary();
        DefinitionSpace perOrbit = p.space();
        TwoBitBreadthFirstSearch.Result r =
                TwoBitBreadthFirstSearch.run(perOrbit.size(), perOrbit.goal(), t -> perOrbit.predecessors(), 1);
        Assertions.assertArrayEquals(viaChain.histogram(), r.histogram());
        // the boards are chain ranks: the same deepest states, as labels
        int[] labels = new int[12];
        int[] orientations = new int[12];
        Set<String> perOrbitDeepest = new TreeSet<>();
        for (long rank : r.deepestRanks()) {
            perOrbit.unrank(rank, labels, orientations);
            perOrbitDeepest.add(
                    Arrays.stream(labels).mapToObj(Integer::toString).collect(Collectors.joining(" ")));
        }
        Set<String> chainDeepest = new TreeSet<>();
        for (long board : viaChain.deepest()) {
            chainDeepest.add(p.format(board));
        }
        assertEquals(perOrbitDeepest, chainDeepest);
    }

    /** OEIS A079761: the pocket cube by distance, half turns. */
    @Test
    void pocketCubeThreeFacesPowers() {
        assertArrayEquals(
                new long[] {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644},
                DefinitionHistogramTest.histogram(DefinitionHistogramTest.urf(), Metric.POWERS));
    }

    /** OEIS A079762: the pocket cube by distance, quarter turns. */
    @Test
    void pocketCubeThreeFacesGenerators() {
        assertArrayEquals(
                new long[] {1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276},
                DefinitionHistogramTest.histogram(DefinitionHistogramTest.urf(), Metric.GENERATORS));
    }

    /** M12 (data/puzzles/m12.json) in both metrics against brute force; a solve takes the radius from the deepest. */
    @Test
    void m12AtlasAgreesWithBruteForce() {
        DefinitionKind kind = DefinitionKind.of(DefinitionExamples.path("m12.json"));
        for (Metric metric : Metric.values()) {
            DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m12-" + metric.word());
            assertTrue(p.ranksThroughChain());
            SpaceSummary viaChain =
                    kind.atlas(p, null, 2, SearchControl.NONE).get(0).summary();
            assertEquals(95_040, viaChain.states());
            assertArrayEquals(BruteForceBfs.histogram(kind.definition(), metric), viaChain.histogram(), metric.word());
            PuzzleSolver solver = kind.solver(p, SolverSettings.fromSystem());
            for (long board : Arrays.copyOf(viaChain.deepest(), Math.min(5, viaChain.deepest().length))) {
                SolveResult solved = solver.solve(board, p.defaultGoal(), Budget.UNLIMITED);
                assertEquals(viaChain.radius(), solved.length());
                assertEquals(p.defaultGoal(), p.replay(board, solved.moves()));
            }
        }
    }

    /** The first 31 levels of M24 (about 190,000 states) through the chain against brute force. */
    @Test
    void m24FirstLevelsAgreeWithBruteForce() {
        DefinitionKind kind = DefinitionKind.of(DefinitionExamples.path("m24.json"));
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m24");
        RankedSpace space = kind.space(p, -1);
        TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                space.size(),
                space.goal(),
                t -> space.predecessors(),
                2,
                null,
                30,
                TwoBitBreadthFirstSearch.Observer.NONE);
        assertArrayEquals(BruteForceBfs.histogram(kind.definition(), Metric.GENERATORS, 30), r.histogram());
    }
}
