package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Ranks through the stabiliser chain: exactly the group's order, and the same search as the per-orbit ranks. */
class DefinitionChainSpaceTest {
    static Definition m12() {
        return DefinitionExamples.json(
                "m12", List.of("a", "b"), List.of(DefinitionGroupOrderTest.M12_A, DefinitionGroupOrderTest.M12_B));
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
    void pocketCubeKeepsThePerOrbitRanks() {
        DefinitionPuzzle p = (DefinitionPuzzle)
                DefinitionKind.of(DefinitionExamples.path("2x2x2.tws")).puzzle("2x2x2");
        assertFalse(p.ranksThroughChain(), "its group has as many elements as its ranks");
    }
}
