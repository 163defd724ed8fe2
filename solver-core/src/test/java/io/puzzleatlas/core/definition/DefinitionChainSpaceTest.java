package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Ranks through the stabiliser chain: exactly the group's order, and the same search as the per-orbit ranks. */
class DefinitionChainSpaceTest {
    static Definition m12() {
        return DefinitionExamples.json("m12", List.of("a", "b"),
                List.of(DefinitionGroupOrderTest.M12_A, DefinitionGroupOrderTest.M12_B));
    }

    @Test
    void ranksAreTheGroupsElements() {
        DefinitionPuzzle p = new DefinitionPuzzle("m12", m12(), Metric.GENERATORS);
        ChainSpace chain = p.chainSpace(p.defaultGoal());
        assertEquals(95_040, chain.size());
        int[] h = new int[12];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 2000; i++) {
            long r = random.nextLong(chain.size());
            chain.unrankElement(r, h);
            assertTrue(p.group().chain().contains(h));
            assertEquals(r, chain.rankElement(h));
        }
    }

    @Test
    void m12AtlasAgreesWithBruteForce() {
        DefinitionKind kind = new DefinitionKind(m12(), "m12");
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m12");
        assertTrue(p.ranksThroughChain());
        SpaceSummary viaChain = kind.atlas(p, null, 1, SearchControl.NONE).get(0).summary();
        assertEquals(95_040, viaChain.states());
        assertArrayEquals(BruteForceBfs.histogram(m12(), Metric.GENERATORS), viaChain.histogram());
        // and a solve through the chain's table takes the radius from each
        io.puzzleatlas.core.search.PuzzleSolver solver = kind.solver(p, null);
        for (long board : java.util.Arrays.copyOf(viaChain.deepest(), 5)) {
            io.puzzleatlas.core.search.SolveResult solved = solver.solve(board, p.defaultGoal(),
                    io.puzzleatlas.core.search.Budget.UNLIMITED);
            assertEquals(viaChain.radius(), solved.length());
            assertEquals(p.defaultGoal(), p.replay(board, solved.moves()));
        }
    }

    @Test
    void pocketCubeKeepsThePerOrbitRanks() {
        DefinitionPuzzle p = (DefinitionPuzzle) DefinitionKind.of(DefinitionExamples.path("2x2x2.tws")).puzzle("2x2x2");
        assertFalse(p.ranksThroughChain(), "its group has as many elements as its ranks");
    }
}
