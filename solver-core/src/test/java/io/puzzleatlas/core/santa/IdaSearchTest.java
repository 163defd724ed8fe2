package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IdaSearchTest {
    private static final SearchBudget PLENTY = new SearchBudget(Long.MAX_VALUE, 0);
    private static final TestCube CUBE2 = new TestCube(2);
    private static final TestCube CUBE3 = new TestCube(3);
    private static final PuzzleType TYPE2 = CUBE2.type("testcube2");
    private static final PuzzleType TYPE3 = CUBE3.type("testcube3");

    private static Map<Integer, SantaPuzzle> wreaths(List<String[]> rows) {
        StringBuilder text = new StringBuilder(PuzzlesReader.HEADER + "\n");
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            text.append(i).append(',').append(TinyWreath.TYPE).append(',');
            text.append(r[0]).append(',').append(r[1]).append(',').append(r[2]).append('\n');
        }
        return PuzzlesReader.read("puzzles.csv", text.toString(), PuzzleInfoReader.read("info", TinyWreath.infoText()));
    }

    private static String text(SantaPuzzle puzzle, int[] moves) {
        return new RowResult(puzzle, RowStatus.OPTIMAL, moves, 0, 0, 0).movesText();
    }

    /** The first sequence of {@code length} moves, in move index order, whose state the test's replay finds solved. */
    private static int[] firstSolution(TestCube cube, String[] start, String[] goal, int wildcards, int length) {
        int m = cube.moves.size();
        int[] seq = new int[length];
        long count = (long) Math.pow(m, length);
        for (long code = 0; code < count; code++) {
            long c = code;
            for (int i = length - 1; i >= 0; i--) {
                seq[i] = (int) (c % m);
                c /= m;
            }
            String[] s = start;
            for (int move : seq) {
                s = cube.apply(s, move);
            }
            if (TestCube.mismatches(s, goal) <= wildcards) {
                return seq;
            }
        }
        return null;
    }

    @Test
    void tinyWreathLengthsAreTheIndependentBreadthFirstSearchsWithSmallTables() {
        List<String[]> rows = TinyWreath.rows(40, 7);
        Map<Integer, SantaPuzzle> puzzles = wreaths(rows);
        for (int id = 0; id < rows.size(); id++) {
            String[] goal = rows.get(id)[0].split(";");
            String[] start = rows.get(id)[1].split(";");
            int wildcards = Integer.parseInt(rows.get(id)[2]);
            SantaPuzzle puzzle = puzzles.get(id);
            PatternHeuristic h = PatternHeuristic.of(puzzle, 200);
            SearchOutcome found = IdaSearch.search(puzzle, PLENTY, h);
            int optimal = TinyWreath.optimal(start, goal, wildcards);
            int row = id;
            assertTrue(found.solved(), () -> "row " + row);
            assertEquals(optimal, found.moves().length, () -> "row " + row);
            assertEquals(optimal, found.lowerBound(), () -> "row " + row);
            assertTrue(
                    TinyWreath.mismatches(TinyWreath.replay(start, text(puzzle, found.moves())), goal) <= wildcards,
                    () -> "row " + row);
            assertTrue(h.estimate(puzzle.initialState()) <= optimal, () -> "row " + row);
        }
    }

    @Test
    void cube2LengthsAreTheIndependentSearchsAndTheFirstInMoveOrder() {
        Random random = new Random(46);
        String[] goal = CUBE2.colours();
        for (int row = 0; row < 12; row++) {
            int wildcards = row % 3 == 2 ? 4 : 0;
            String[] start = CUBE2.scramble(goal, wildcards == 0 ? 1 + row % 6 : 1 + row % 4, random);
            SantaPuzzle puzzle = TestCube.puzzle(row, TYPE2, goal, start, wildcards);
            // tables far smaller than the 7 corners: several partial tables, max of them
            SearchOutcome found = IdaSearch.search(puzzle, PLENTY, PatternHeuristic.of(puzzle, 30_000));
            int optimal =
                    wildcards == 0 ? CUBE2.optimal(start, goal, 3) : CUBE2.optimalWithin(start, goal, wildcards, 4);
            int r = row;
            assertTrue(found.solved(), () -> "row " + r);
            assertEquals(optimal, found.moves().length, () -> "row " + r);
            String moves = text(puzzle, found.moves());
            assertTrue(TestCube.mismatches(CUBE2.replay(start, moves), goal) <= wildcards, () -> "row " + r);
            if (optimal <= 4) {
                assertArrayEquals(
                        firstSolution(CUBE2, start, goal, wildcards, optimal), found.moves(), () -> "row " + r);
            }
        }
    }

    @Test
    void cube3ShortScramblesAreSolvedOptimallyForColoursAndDistinctLabels() {
        Random random = new Random(2023);
        for (int row = 0; row < 8; row++) {
            String[] goal = row % 2 == 0 ? CUBE3.colours() : CUBE3.distinct();
            String[] start = CUBE3.scramble(goal, 1 + row % 6, random);
            SantaPuzzle puzzle = TestCube.puzzle(row, TYPE3, goal, start, 0);
            SearchOutcome found = IdaSearch.search(puzzle, PLENTY, PatternHeuristic.of(puzzle, 200_000));
            int optimal = CUBE3.optimal(start, goal, 3);
            int r = row;
            assertTrue(found.solved(), () -> "row " + r);
            assertEquals(optimal, found.moves().length, () -> "row " + r);
            assertEquals(optimal, found.lowerBound(), () -> "row " + r);
            assertArrayEquals(goal, CUBE3.replay(start, text(puzzle, found.moves())), () -> "row " + r);
            if (optimal <= 3) {
                assertArrayEquals(firstSolution(CUBE3, start, goal, 0, optimal), found.moves(), () -> "row " + r);
            }
        }
    }

    @Test
    void aSpentBudgetReturnsTheThresholdProven() {
        String[] goal = CUBE3.colours();
        String[] start = CUBE3.scramble(goal, 7, new Random(5));
        SantaPuzzle puzzle = TestCube.puzzle(0, TYPE3, goal, start, 0);
        PatternHeuristic h = PatternHeuristic.of(puzzle, 200_000);
        int optimal = CUBE3.optimal(start, goal, 4);
        int first = Math.max(1, h.estimate(puzzle.initialState()));
        assertTrue(first < optimal, "the first threshold leaves iterations to prove");

        SearchOutcome one = IdaSearch.search(puzzle, new SearchBudget(1, 0), h);
        assertFalse(one.solved());
        assertEquals(1, one.nodes());
        assertEquals(first, one.lowerBound());

        SearchOutcome all = IdaSearch.search(puzzle, PLENTY, h);
        assertEquals(optimal, all.moves().length);
        // a budget one node short of the whole search stops in the last iteration: everything shorter is proven
        SearchOutcome most = IdaSearch.search(puzzle, new SearchBudget(all.nodes() - 1, 0), h);
        assertFalse(most.solved());
        assertEquals(all.nodes() - 1, most.nodes());
        assertEquals(optimal, most.lowerBound());
    }

    @Test
    void breadthFirstSearchWhereTheSpaceIsSmallPatternsElsewhere() {
        SantaPuzzle two = TestCube.puzzle(0, TYPE2, CUBE2.colours(), CUBE2.colours(), 0);
        SantaPuzzle three = TestCube.puzzle(0, TYPE3, CUBE3.colours(), CUBE3.colours(), 0);
        // cube 2: 8 corners of 3 orientations; cube 3: also 12 edges of 2 and 3 centre pairs of 2
        assertEquals(40_320.0 * 6_561, PatternHeuristic.stateSpace(two));
        assertEquals(40_320.0 * 6_561 * 479_001_600.0 * 4_096 * 6 * 8, PatternHeuristic.stateSpace(three));
        String[] goal = CUBE2.colours();
        String[] start = CUBE2.scramble(goal, 9, new Random(1));
        SantaPuzzle puzzle = TestCube.puzzle(0, TYPE2, goal, start, 0);
        SearchOutcome bfs = SantaSearch.search(puzzle, PLENTY);
        assertEquals(GoalBfs.search(puzzle, PLENTY).nodes(), bfs.nodes());
        assertTrue(Replayer.replay(puzzle, bfs.moves()).solved());
    }

    @Test
    void twoFacesOfCube2WithEveryCornerInOneTableWhoseLastTwistIsImplied() {
        // turning two adjacent faces moves 6 corners; all 6 fit one table only with the last twist left out
        PuzzleType type =
                PuzzleType.of("twofaces", List.of("a0l0", "a1l0"), List.of(CUBE2.moves.get(0), CUBE2.moves.get(4)));
        String[] goal = CUBE2.colours();
        Random random = new Random(6);
        for (int row = 0; row < 6; row++) {
            String[] start = goal;
            for (int i = 0; i < 3 + row; i++) {
                start = CUBE2.apply(start, new int[] {0, 1, 4, 5}[random.nextInt(4)]);
            }
            SantaPuzzle puzzle = TestCube.puzzle(row, type, goal, start, 0);
            PatternHeuristic h = PatternHeuristic.of(puzzle, 200_000);
            assertEquals(720L * 243, h.entries()[0]);
            SearchOutcome found = IdaSearch.search(puzzle, PLENTY, h);
            int optimal = twoFaces(start, goal);
            int r = row;
            assertEquals(optimal, found.moves().length, () -> "row " + r);
            String[] s = start;
            for (int m : found.moves()) {
                s = CUBE2.apply(s, new int[] {0, 1, 4, 5}[m]);
            }
            assertArrayEquals(goal, s, () -> "row " + r);
        }
    }

    /** Breadth-first from {@code start} over the two faces' quarter turns until {@code goal}. */
    private static int twoFaces(String[] start, String[] goal) {
        Map<String, Integer> seen = new HashMap<>();
        ArrayDeque<String[]> queue = new ArrayDeque<>();
        seen.put(String.join(";", start), 0);
        queue.add(start);
        while (!queue.isEmpty()) {
            String[] s = queue.poll();
            int d = seen.get(String.join(";", s));
            if (Arrays.equals(s, goal)) {
                return d;
            }
            for (int m : new int[] {0, 1, 4, 5}) {
                String[] t = CUBE2.apply(s, m);
                if (seen.putIfAbsent(String.join(";", t), d + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return -1;
    }

    @Test
    void aRingOf64StickersInBlocksOfFourIsAMultisetTable() {
        int[] turn = new int[64];
        for (int i = 0; i < 64; i++) {
            turn[i] = (i + 1) % 64;
        }
        int[] swap = new int[64];
        for (int i = 0; i < 64; i++) {
            swap[i] = i < 2 ? 1 - i : i;
        }
        // the swap splits the ring into 64 single-sticker pieces (alone, the turn would carry all 64 as one piece)
        PuzzleType type = PuzzleType.of("ring64", List.of("t", "s"), List.of(turn, swap));
        String[] goal = new String[64];
        String[] start = new String[64];
        for (int i = 0; i < 64; i++) {
            goal[i] = "L" + i / 4;
            start[i] = "L" + ((i + 59) % 64) / 4; // the goal turned back 5 stickers
        }
        SantaPuzzle puzzle = TestCube.puzzle(0, type, goal, start, 0);
        PatternHeuristic h = PatternHeuristic.of(puzzle, 1_000_000);
        assertEquals(635_376L, h.entries()[0]); // C(64, 4): one colour of four among 64 slots
        SearchOutcome found = IdaSearch.search(puzzle, PLENTY, h);
        assertEquals("t.t.t.t.t", text(puzzle, found.moves()));
        assertTrue(h.estimate(puzzle.initialState()) <= 5);
    }
}
