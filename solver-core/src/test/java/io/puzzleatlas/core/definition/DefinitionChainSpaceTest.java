package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
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

    /**
     * The listed metric through the chain: the dihedral group of a hexagon (12 elements of 720 ranks) from a turn L and
     * a reflection X, without their inverses. Five L take L back: a path, not the undirected graph's cycle.
     */
    @Test
    void listedMovesStepBackByTheirInverses() {
        Definition d = DefinitionExamples.json(
                "d6", List.of("L", "X"), List.of(new int[] {1, 2, 3, 4, 5, 0}, new int[] {5, 4, 3, 2, 1, 0}));
        DefinitionKind kind = new DefinitionKind(d, "d6");
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("d6-listed");
        assertTrue(p.ranksThroughChain());
        assertFalse(p.chainSpace(p.defaultGoal()).reversible());
        long[] h = kind.atlas(p, null, 1, SearchControl.NONE).get(0).summary().histogram();
        assertArrayEquals(BruteForceBfs.histogram(d, Metric.LISTED), h);
        assertArrayEquals(DefinitionSpaceTest.histogram(p.space()), h, "the per-orbit ranks");
        assertEquals(12, LongStream.of(h).sum());
        PuzzleSolver solver = kind.solver(p, null);
        long lInverse = p.defaultGoal();
        for (int k = 0; k < 5; k++) {
            lInverse = p.applyMove(lInverse, 0);
        }
        SolveResult r = solver.solve(lInverse, p.defaultGoal(), Budget.UNLIMITED);
        assertEquals(1, r.length());
        assertEquals(p.defaultGoal(), p.replay(lInverse, r.moves()));
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 50; i++) {
            long start = p.defaultGoal();
            for (int k = 0; k < 10; k++) {
                start = p.applyMove(start, random.nextInt(p.moveCount()));
            }
            SolveResult s = solver.solve(start, p.defaultGoal(), Budget.UNLIMITED);
            assertEquals(p.defaultGoal(), p.replay(start, s.moves()));
            assertTrue(s.length() < h.length);
        }
    }
}
