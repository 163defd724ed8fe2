package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.core.table.RankedSpace;
import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A definition as a kind: its text form, moves, atlas and solver. */
class DefinitionKindTest {
    private final DefinitionKind small = DefinitionKind.of(DefinitionExamples.path("twisty-small.tws"));

    @Test
    void namesAndMetrics() {
        assertEquals(
                List.of("twisty-small", "twisty-small-powers", "twisty-small-generators", "twisty-small-listed"),
                small.names());
        // A and B have order 6 (a 3-cycle of edges, one flipped going round), C order 4
        assertEquals(
                List.of("A", "A2", "A3", "A2'", "A'", "B", "B2", "B3", "B2'", "B'", "C", "C2", "C'"),
                small.puzzle("twisty-small").moveNames());
        assertEquals(
                List.of("A", "A'", "B", "B'", "C", "C'"),
                small.puzzle("twisty-small-generators").moveNames());
        assertEquals(List.of("A", "B", "C"), small.puzzle("twisty-small-listed").moveNames());
        assertNull(small.puzzle("lrx9"));
    }

    @Test
    void textIsEachSetsPiecesThenOrientations() {
        DefinitionPuzzle p = (DefinitionPuzzle) small.puzzle("twisty-small");
        String solved = "1 2 3 4 0 0 0 0 1 1 2 2 0 0 0 0";
        assertEquals(solved, p.format(p.defaultGoal()));
        assertEquals(p.defaultGoal(), p.parse(solved));
        // A: slot i receives slot q[i]'s piece, turned by the twist of its source slot
        // (corner twists 1 2 0 0 by source: slot 0 gets slot 1's piece turned 2)
        assertEquals("2 3 1 4 2 0 1 0 1 2 1 2 0 0 1 0", p.format(p.replay(p.defaultGoal(), "A")));
        assertEquals(p.defaultGoal(), p.replay(p.defaultGoal(), "A A'"));
        assertThrows(InvalidBoardException.class, () -> p.parse("1 2 3 4 1 0 0 0 1 1 2 2 0 0 0 0"), "a twisted corner");
        assertThrows(InvalidBoardException.class, () -> p.parse("2 1 3 4 0 0 0 0 1 1 2 2 0 0 0 0"), "odd corners");
        assertThrows(InvalidBoardException.class, () -> p.parse("1 2 3 4 0 0 0 0 1 1 1 2 0 0 0 0"), "three 1s");
        assertThrows(InvalidBoardException.class, () -> p.parse("1 2 3"));
    }

    /** Counts twsearch 2022 (cpp-0a8bfb0) gave for this file with -g and -q -g while this was written. */
    @Test
    void atlasMatchesTwsearch() {
        assertArrayEquals(
                new long[] {1, 13, 83, 415, 1584, 4000, 6592, 8786, 7718, 1912},
                small.atlas(small.puzzle("twisty-small"), null, 1, SearchControl.NONE)
                        .get(0)
                        .summary()
                        .histogram());
        assertArrayEquals(
                new long[] {1, 6, 25, 94, 324, 1011, 2788, 5549, 7669, 8255, 4798, 584},
                small.atlas(small.puzzle("twisty-small-generators"), null, 1, SearchControl.NONE)
                        .get(0)
                        .summary()
                        .histogram());
    }

    @Test
    void atlasMatchesTheBruteForceSearch() {
        for (Metric m : Metric.values()) {
            SpaceSummary s = small.atlas(small.puzzle("twisty-small-" + m.word()), null, 2, SearchControl.NONE)
                    .get(0)
                    .summary();
            long[] expected = BruteForceBfs.histogram(small.definition(), m);
            assertArrayEquals(expected, s.histogram());
            assertEquals(expected[expected.length - 1], s.deepest().length);
        }
    }

    @Test
    void solutionsReplayToTheGoalAndAreOptimal() {
        DefinitionPuzzle p = (DefinitionPuzzle) small.puzzle("twisty-small");
        PuzzleSolver solver = small.solver(p, SolverSettings.fromSystem());
        long[] h = BruteForceBfs.histogram(small.definition(), Metric.POWERS);
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20; i++) {
            long start = p.defaultGoal();
            for (int k = 0; k < 30; k++) {
                start = p.applyMove(start, random.nextInt(p.moveCount()));
            }
            SolveResult r = solver.solve(start, p.defaultGoal(), Budget.UNLIMITED);
            assertEquals(Status.SOLVED, r.status());
            assertEquals(p.defaultGoal(), p.replay(start, r.moves()));
            assertTrue(r.length() < h.length);
        }
        // the deepest states need the radius
        long deepest =
                small.atlas(p, null, 1, SearchControl.NONE).get(0).summary().deepest()[0];
        assertEquals(
                h.length - 1,
                solver.solve(deepest, p.defaultGoal(), Budget.UNLIMITED).length());
    }

    /** M12's boards are its 95,040 elements (not the 239,500,800 even arrangements): the others do not parse. */
    @Test
    void boardsOfASmallGroupAreItsElements() {
        Definition m12 = DefinitionExamples.json(
                "m12", List.of("a", "b"), List.of(DefinitionGroupOrderTest.M12_A, DefinitionGroupOrderTest.M12_B));
        DefinitionPuzzle p = new DefinitionPuzzle("m12", m12, Metric.GENERATORS);
        assertEquals(95_040L, p.boardCount());
        long solved = p.defaultGoal();
        long board = p.replay(solved, "a b b' a b");
        assertTrue(p.reachable(board, solved));
        assertEquals(board, p.parse(p.format(board)));
        // M12 is sharply 5-transitive: no element but the identity fixes 9 points
        assertThrows(InvalidBoardException.class, () -> p.parse("1 2 0 3 4 5 6 7 8 9 10 11"), "a 3-cycle");
        assertThrows(InvalidBoardException.class, () -> p.parse("1 0 2 3 4 5 6 7 8 9 10 11"), "odd");
    }

    /** The exact number of states: the group's order, or with identical pieces the solved state's orbit. */
    @Test
    void stateCounts() {
        assertEquals(BigInteger.valueOf(31_104), ((DefinitionPuzzle) small.puzzle("twisty-small")).stateCount());
        DefinitionKind coset = DefinitionKind.of(DefinitionExamples.path("lrx-coset-16.json"));
        assertEquals(
                BigInteger.valueOf(12_870),
                ((DefinitionPuzzle) coset.puzzle("lrx-coset-16")).stateCount(),
                "16 choose 8: LRX moves make every arrangement");
        // a 4-cycle on two pairs of identical pieces: 4 states (the group's 4 elements, none fixing 0 0 1 1) of 6 ranks
        Definition turn =
                DefinitionReaderTest.parse("turn.json", "{\"moves\": {\"T\": [1, 2, 3, 0]}, \"solved\": [0, 0, 1, 1]}");
        DefinitionPuzzle p = new DefinitionPuzzle("turn", turn, Metric.GENERATORS);
        assertEquals(6, p.boardCount());
        assertEquals(BigInteger.valueOf(4), p.stateCount());
        DefinitionKind cube = DefinitionKind.of(DefinitionExamples.path("2x2x2.tws"));
        assertEquals(BigInteger.valueOf(88_179_840), ((DefinitionPuzzle) cube.puzzle("2x2x2")).stateCount());
    }

    /** M24 on 24 distinct points: too many to rank per orbit (24!), so its boards are chain ranks. */
    @Test
    void tooBigToRankPerOrbitRanksThroughTheChain() {
        Definition m24 = DefinitionExamples.json(
                "m24", List.of("a", "b"), List.of(DefinitionGroupOrderTest.M24_A, DefinitionGroupOrderTest.M24_B));
        DefinitionPuzzle p = (DefinitionPuzzle) new DefinitionKind(m24, "m24").puzzle("m24");
        assertEquals(BigInteger.valueOf(244_823_040), p.stateCount());
        assertEquals(244_823_040L, p.boardCount());
        assertThrows(TooLargeException.class, p::space);
        long board = p.replay(p.defaultGoal(), "a b a b");
        assertTrue(board >= 0);
        assertEquals(board, p.parse(p.format(board)));
    }

    /** As the registry's contract for every kind: a space rank is the instance id, for the default goal and another. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {"twisty-small.tws", "lrx-coset-16.json", "2x2x2.tws", "m12.json", "m24.json"})
    void spaceRanksAreInstanceIds(String file) {
        DefinitionKind kind = DefinitionKind.of(DefinitionExamples.path(file));
        Puzzle puzzle = kind.puzzle(kind.names().get(0));
        SplittableRandom random = new SplittableRandom(file.hashCode());
        long otherGoal = puzzle.board(random.nextLong(puzzle.boardCount()), puzzle.defaultGoal());
        for (long goal : new long[] {puzzle.defaultGoal(), otherGoal}) {
            RankedSpace space = kind.space(puzzle, goal);
            assertEquals(puzzle.boardCount(), space.size());
            assertEquals(goal, space.goal());
            for (int i = 0; i < 2_000; i++) {
                long r = i < Math.min(100, space.size()) ? i : random.nextLong(space.size());
                long state = space.unrank(r);
                assertEquals(puzzle.format(puzzle.board(r, goal)), kind.stateText(puzzle, state));
                assertEquals(r, space.rank(state));
                assertEquals(r, puzzle.rank(puzzle.board(r, goal), goal));
                assertEquals(r, puzzle.parse(puzzle.format(r)));
            }
        }
    }
}
