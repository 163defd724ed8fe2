package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Boards ranked through the stabiliser chain: exactly the group's elements, text round trips, refusals of what is not
 * in the group, moves as the permutations themselves, and stepping through the tables as without them.
 */
class DefinitionChainSpaceTest {
    static Definition m12() {
        return DefinitionExamples.json(
                "m12", List.of("a", "b"), List.of(DefinitionGroupOrderTest.M12_A, DefinitionGroupOrderTest.M12_B));
    }

    static DefinitionPuzzle m24() {
        return (DefinitionPuzzle)
                DefinitionKind.of(DefinitionExamples.path("m24.json")).puzzle("m24");
    }

    @Test
    void ranksAreTheGroupsElements() {
        DefinitionPuzzle p = new DefinitionPuzzle("m12", m12(), Metric.GENERATORS);
        assertTrue(p.ranksThroughChain());
        ChainSpace chain = p.chainSpace();
        assertEquals(95_040, chain.size());
        assertEquals(95_040, p.boardCount());
        int[] h = new int[12];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 2000; i++) {
            long r = random.nextLong(chain.size());
            chain.unrankElement(r, h);
            assertTrue(p.group().chain().contains(h));
            assertEquals(r, chain.rankElement(h));
        }
    }

    /** The shipped files: the orders of DEFINITIONS.md, with their ATLAS generators. */
    @Test
    void mathieuFilesHaveTheirOrders() {
        DefinitionPuzzle m12 = (DefinitionPuzzle)
                DefinitionKind.of(DefinitionExamples.path("m12.json")).puzzle("m12");
        assertEquals(BigInteger.valueOf(95_040), m12.stateCount());
        assertEquals(95_040, m12.boardCount());
        DefinitionPuzzle m24 = m24();
        assertEquals(BigInteger.valueOf(244_823_040), m24.stateCount());
        assertEquals(BigInteger.valueOf(244_823_040), m24.group().order());
        assertEquals(244_823_040L, m24.boardCount());
        assertTrue(m24.ranksThroughChain(), "24 distinct pieces in one orbit: no per-orbit ranks");
        assertEquals(5, m12.chainSpace().tabledLevels(), "M12: a plain move table");
        assertEquals(3, m24.chainSpace().tabledLevels(), "M24: three of its seven levels");
        assertThrows(TooLargeException.class, m24::space);
        assertEquals(List.of("a", "b", "b'"), m24.moveNames());
    }

    /**
     * Random products of the generators, tracked as explicit arrays by the file's rule ({@link BruteForceBfs#apply}):
     * each board's text is the array, parses back to the board, and every move agrees with the permutation applied
     * directly.
     */
    @Test
    void m24BoardsAreTheirPermutations() {
        DefinitionPuzzle p = m24();
        Definition d = p.definition();
        ListedMoves listed = new ListedMoves(d);
        SplittableRandom random = new SplittableRandom(24);
        long solved = p.defaultGoal();
        assertEquals(text(BruteForceBfs.solved(d), 24), p.format(solved));
        for (int walk = 0; walk < 200; walk++) {
            long board = solved;
            int[] state = BruteForceBfs.solved(d);
            for (int step = random.nextInt(60); step >= 0; step--) {
                int m = random.nextInt(p.moveCount());
                board = p.applyMove(board, m);
                state = listed.apply(p.moveNames().get(m), state);
                assertEquals(text(state, 24), p.format(board));
            }
            assertEquals(board, p.parse(p.format(board)));
            assertTrue(p.reachable(board, solved));
            for (int m = 0; m < p.moveCount(); m++) {
                String after = text(listed.apply(p.moveNames().get(m), state), 24);
                assertEquals(after, p.format(p.applyMove(board, m)));
                assertEquals(p.applyMove(board, m), p.parse(after));
            }
        }
    }

    /** The listed moves of a one-set definition by metric name: {@code NAME} itself, {@code NAME'} its inverse. */
    private record ListedMoves(Definition d) {
        int[] apply(String name, int[] state) {
            String listed = name.endsWith("'") ? name.substring(0, name.length() - 1) : name;
            DefinedMove move = d.moves().stream()
                    .filter(m -> m.name().equals(listed))
                    .findFirst()
                    .orElseThrow();
            if (!name.endsWith("'")) {
                return BruteForceBfs.apply(d, move, state);
            }
            // the inverse: the last state of the move's cycle before it comes back
            int[] previous = state;
            for (int[] s = BruteForceBfs.apply(d, move, state);
                    !Arrays.equals(s, state);
                    s = BruteForceBfs.apply(d, move, s)) {
                previous = s;
            }
            return previous;
        }
    }

    private static String text(int[] state, int slots) {
        return IntStream.range(0, slots)
                .mapToObj(i -> Integer.toString(state[i]))
                .collect(Collectors.joining(" "));
    }

    @Test
    void statesOutsideTheGroupAreRefused() {
        DefinitionPuzzle p = m24();
        int[] odd = IntStream.range(0, 24).toArray();
        odd[0] = 1;
        odd[1] = 0;
        int[] threeCycle = IntStream.range(0, 24).toArray();
        threeCycle[0] = 1;
        threeCycle[1] = 2;
        threeCycle[2] = 0;
        for (int[] state : List.of(odd, threeCycle)) {
            InvalidBoardException e =
                    assertThrows(InvalidBoardException.class, () -> p.parse(text(state, 24)), Arrays.toString(state));
            assertTrue(e.getMessage().contains("244823040"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
        int[] twice = IntStream.range(0, 24).toArray();
        twice[1] = 0;
        assertThrows(InvalidBoardException.class, () -> p.parse(text(twice, 24)), "a piece twice");
        assertThrows(InvalidBoardException.class, () -> p.parse("0 1 2"), "too few");
        assertThrows(InvalidBoardException.class, () -> p.parse(text(odd, 23) + " 24"), "no piece 24");
        assertThrows(IllegalArgumentException.class, () -> p.format(p.boardCount()));
    }

    /** Stepping through tables of t = 0 .. L low levels gives the plain moves' ranks, in and out of order. */
    @Test
    void steppingTablesAgreeWithThePlainMoves() {
        for (DefinitionPuzzle p : List.of(new DefinitionPuzzle("m12", m12(), Metric.GENERATORS), m24())) {
            DefinitionGroup g = p.group();
            ChainSpace plain = new ChainSpace(g, -1, 0);
            int[] h = new int[g.degree()];
            int[] moved = new int[g.degree()];
            SplittableRandom random = new SplittableRandom(p.name().hashCode());
            Set<Integer> levels = new TreeSet<>();
            for (long entries : new long[] {0, 1 << 10, 1 << 13, 1 << 16, ChainSpace.TABLE_ENTRIES}) {
                ChainSpace tabled = new ChainSpace(g, -1, entries);
                levels.add(tabled.tabledLevels());
                NeighbourRanker ranker = tabled.predecessors();
                long[] out = new long[ranker.maxNeighbours()];
                long r = random.nextLong(tabled.size() - 300);
                for (int i = 0; i < 600; i++) {
                    // runs of consecutive ranks (a block's upper digits kept), then jumps
                    long rank = i < 300 ? r + i : random.nextLong(tabled.size());
                    assertEquals(g.movePoints.length, ranker.neighbours(rank, out, 0));
                    plain.unrankElement(rank, h);
                    for (int m = 0; m < g.movePoints.length; m++) {
                        for (int x = 0; x < h.length; x++) {
                            moved[x] = g.movePoints[m][h[x]];
                        }
                        long expected = plain.rankElement(moved);
                        assertEquals(expected, out[m], p.name() + " table " + entries + " rank " + rank);
                        assertEquals(expected, tabled.move(rank, m));
                        assertEquals(rank, tabled.unmove(expected, m));
                    }
                }
            }
            assertTrue(levels.containsAll(List.of(0, 1, 2, 3)), p.name() + ": tables of 0 to 3 levels " + levels);
        }
    }

    /** The space of the kind is the chain's, toward any goal, with the boards as its ranks. */
    @Test
    void kindSpaceIsTheChain() {
        DefinitionKind kind = DefinitionKind.of(DefinitionExamples.path("m24.json"));
        DefinitionPuzzle p = (DefinitionPuzzle) kind.puzzle("m24-generators");
        long goal = p.replay(p.defaultGoal(), "a b a b'");
        RankedSpace space = kind.space(p, goal);
        assertTrue(space instanceof ChainSpace);
        assertEquals(goal, space.goal());
        assertEquals(p.boardCount(), space.size());
        assertEquals(p.applyMove(goal, 1), space.move(goal, 1));
        assertEquals(p.defaultGoal(), kind.space(p, -1).goal());
    }

    @Test
    void pocketCubeKeepsThePerOrbitRanks() {
        DefinitionKind cube = DefinitionKind.of(DefinitionExamples.path("2x2x2.tws"));
        DefinitionPuzzle p = (DefinitionPuzzle) cube.puzzle("2x2x2");
        assertFalse(p.ranksThroughChain(), "its group has as many elements as its ranks");
        assertTrue(cube.space(p, -1) instanceof DefinitionSpace);
        DefinitionPuzzle coset = (DefinitionPuzzle)
                DefinitionKind.of(DefinitionExamples.path("lrx-coset-16.json")).puzzle("lrx-coset-16");
        assertFalse(coset.ranksThroughChain(), "identical pieces");
        // three faces fix a corner: the other seven corners are an orbit whose ranks the group fills
        DefinitionPuzzle urf = new DefinitionPuzzle("urf", DefinitionHistogramTest.urf(), Metric.POWERS);
        assertFalse(urf.ranksThroughChain());
        assertEquals(3_674_160, urf.boardCount());
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
        assertFalse(p.chainSpace().reversible());
        long[] h = kind.atlas(p, null, 1, SearchControl.NONE).get(0).summary().histogram();
        assertArrayEquals(BruteForceBfs.histogram(d, Metric.LISTED), h);
        assertArrayEquals(DefinitionSpaceTest.histogram(p.space()), h, "the per-orbit ranks");
        assertEquals(12, LongStream.of(h).sum());
        PuzzleSolver solver = kind.solver(p, SolverSettings.fromSystem());
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
