package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Boards above 16 cells (5x5, 4x5, 3x6): answers of the pattern-database solver against an independent search written
 * here (plain IDA* with Manhattan distance over a tile array, moves in letter order; and breadth-first search for the
 * optimal length), every answer replayed.
 */
class TwentyFourPuzzleTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    static Path tables;

    private static SlidingSolver solver(SlidingPuzzle puzzle, String partition) {
        return new SlidingSolver(puzzle, new PatternDatabaseCache(tables, true, 2, QUIET), partition);
    }

    @Test
    void registryNamesTheFiveByFive() {
        assertEquals(
                "twenty-four-puzzle",
                PuzzleRegistry.puzzle("twenty-four-puzzle").name());
        assertEquals("twenty-four-puzzle", PuzzleRegistry.puzzle("sliding-5x5").name());
        assertEquals("sliding-4x5", PuzzleRegistry.puzzle("sliding-4x5").name());
        assertTrue(PuzzleRegistry.kind("twenty-four-puzzle").names().contains("twenty-four-puzzle"));
        assertThrows(IllegalArgumentException.class, () -> new SlidingPuzzle(5, 6));
    }

    /**
     * Same optimal, lexicographically smallest string as the test's own Manhattan IDA*, for canonical and relabelled
     * goals.
     */
    @ParameterizedTest
    @CsvSource({
        "5, 5, 24, 30, 3-3-3-3-3-3-3-3",
        "5, 5, 0, 30, 3-3-3-3-3-3-3-3",
        "5, 5, 12, 26, 3-3-3-3-3-3-3-3",
        "4, 5, 19, 30, 3-3-3-3-3-4",
        "3, 6, 0, 30, 3-3-3-4-4"
    })
    void agreesWithManhattanIdaStarOnScrambles(int rows, int cols, int goalBlank, int maxSteps, String partition) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        WideBoards boards = puzzle.wide();
        SlidingSolver solver = solver(puzzle, partition);
        byte[] canonical = SlidingTiles.canonicalGoal(puzzle.cellCount(), goalBlank);
        SplittableRandom random = new SplittableRandom(rows * 1000L + cols * 100L + goalBlank);
        for (int i = 0; i < 8; i++) {
            // half the instances toward a relabelled goal of the same class
            String goal = i % 2 == 0 ? SlidingTiles.format(canonical) : relabelledGoal(canonical, random);
            String start = boards.scramble(goal, 10 + random.nextInt(maxSteps - 9), random);
            String expected = manhattanIdaStar(
                    puzzle,
                    SlidingTiles.relabel(SlidingTiles.parse(puzzle, start), SlidingTiles.parse(puzzle, goal)),
                    goalBlank);
            SolveResult got = solver.solveText(start, goal, Budget.UNLIMITED);
            assertEquals(Status.SOLVED, got.status(), start);
            assertEquals(expected, got.moves(), start + " -> " + goal);
            assertEquals(goal, boards.replay(start, got.moves()));
            assertTrue(got.nodes() > 0);
        }
    }

    /** Short scrambles: the optimal length equals a breadth-first search's. */
    @Test
    void optimalLengthMatchesBreadthFirstSearch() {
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        WideBoards boards = puzzle.wide();
        SlidingSolver solver = solver(puzzle, "3-3-3-3-3-3-3-3");
        String goal = boards.defaultGoal();
        SplittableRandom random = new SplittableRandom(25);
        for (int i = 0; i < 6; i++) {
            String start = boards.scramble(goal, 8 + random.nextInt(6), random);
            SolveResult got = solver.solveText(start, goal, Budget.UNLIMITED);
            assertEquals(breadthFirstDistance(puzzle, start, goal), got.length(), start);
            assertEquals(goal, boards.replay(start, got.moves()));
        }
    }

    @Test
    void solvedUnsolvableAndBudget() {
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        WideBoards boards = puzzle.wide();
        SlidingSolver solver = solver(puzzle, "3-3-3-3-3-3-3-3");
        String goal = boards.defaultGoal();
        SolveResult solved = solver.solveText(goal, goal, Budget.UNLIMITED);
        assertEquals(Status.SOLVED, solved.status());
        assertEquals("", solved.moves());
        String swapped = goal.replaceFirst("^1 2 ", "2 1 ");
        assertEquals(
                Status.UNSOLVABLE,
                solver.solveText(swapped, goal, Budget.UNLIMITED).status());
        assertTrue(!boards.reachable(swapped, goal));
        String far = boards.scramble(goal, 200, new SplittableRandom(7));
        assertEquals(
                Status.BUDGET_EXCEEDED,
                solver.solveText(far, goal, Budget.of(1000L, null)).status());
    }

    @Test
    void textBoardsAreValidatedAndDrawnFromTheGoalsClass() {
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        WideBoards boards = puzzle.wide();
        String goal = boards.defaultGoal();
        assertEquals("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", goal);
        assertEquals(goal, boards.canonical("  1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x "));
        assertThrows(InvalidBoardException.class, () -> boards.canonical("1 2 3"));
        assertThrows(InvalidBoardException.class, () -> boards.canonical(goal.replace(" 24 ", " 23 ")));
        assertThrows(InvalidBoardException.class, () -> boards.canonical(goal.replace(" 24 ", " 25 ")));
        assertThrows(UnsupportedOperationException.class, () -> puzzle.parse(goal));
        SplittableRandom random = new SplittableRandom(3);
        int[] blanks = new int[25];
        for (int i = 0; i < 400; i++) {
            String b = boards.random(goal, random);
            assertTrue(boards.reachable(b, goal), b);
            blanks[SlidingTiles.blankCell(SlidingTiles.parse(puzzle, b))]++;
        }
        for (int c = 0; c < 25; c++) {
            assertTrue(blanks[c] > 0, "blank never on cell " + c);
        }
        assertNull(boards.replay(goal, "d"));
        assertEquals(goal, boards.replay(goal, "lr"));
    }

    /** The packed and the tile-array parity agree on every size up to 16 cells they share. */
    @Test
    void invariantAgreesWithPackedBoards() {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        SplittableRandom random = new SplittableRandom(16);
        for (int i = 0; i < 200; i++) {
            long board = puzzle.board(random.nextLong(puzzle.boardCount()), puzzle.canonicalGoal(random.nextInt(16)));
            assertEquals(puzzle.invariant(board), SlidingTiles.invariant(SlidingTiles.of(board, 16), 4));
        }
    }

    @Test
    void korfFelnerPartitionCoversTheBoardAndTurnsWithTheBlank() {
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        assertEquals(Partition.KORF_FELNER, Partition.defaultSpec(puzzle, 6));
        assertEquals(Partition.KORF_FELNER, Partition.defaultSpec(puzzle, 8));
        assertEquals("4-5-5-5-5", Partition.defaultSpec(puzzle, 5));
        Partition blankFirst = Partition.parse(Partition.KORF_FELNER, puzzle, 0);
        assertArrayEquals(new int[] {1, 2, 5, 6, 7, 12}, blankFirst.patterns()[0]);
        assertArrayEquals(new int[] {17, 18, 19, 22, 23, 24}, blankFirst.patterns()[3]);
        // blank last: the shape turned half a turn, tile t's goal cell is t - 1
        Partition blankLast = Partition.parse(Partition.KORF_FELNER, puzzle, 24);
        assertArrayEquals(new int[] {13, 18, 19, 20, 23, 24}, blankLast.patterns()[0]);
        assertArrayEquals(new int[] {1, 2, 3, 6, 7, 8}, blankLast.patterns()[3]);
        assertEquals(4, Partition.parse(Partition.KORF_FELNER, puzzle, 4).patterns().length);
        assertEquals(4, Partition.parse(Partition.KORF_FELNER, puzzle, 12).patterns().length);
        assertThrows(
                IllegalArgumentException.class,
                () -> Partition.parse(Partition.KORF_FELNER, new SlidingPuzzle(4, 4), 15));
    }

    @Test
    void patternSpaceRanksTwentyFiveCells() {
        PatternSpace space = new PatternSpace(25, 6);
        assertEquals(127_512_000L, space.size());
        int[] cells = new int[6];
        SplittableRandom random = new SplittableRandom(6);
        for (int i = 0; i < 2000; i++) {
            int r = random.nextInt((int) space.size());
            space.unrank(r, cells);
            assertEquals(r, space.rank(cells));
        }
        assertEquals(24, PatternSpace.select((1 << 25) - 1, 24));
        assertEquals(20, PatternSpace.select(1 << 3 | 1 << 20, 1));
    }

    private static String relabelledGoal(byte[] canonical, SplittableRandom random) {
        // swap two pairs of tile labels: same blank cell, same reachability class
        byte[] g = canonical.clone();
        int[] tiles = new int[4];
        for (int k = 0; k < 4; k++) {
            int t;
            do {
                t = 1 + random.nextInt(g.length - 1);
            } while (contains(tiles, k, t));
            tiles[k] = t;
        }
        for (int c = 0; c < g.length; c++) {
            for (int k = 0; k < 4; k++) {
                if (canonical[c] == tiles[k]) {
                    g[c] = (byte) tiles[k ^ 1];
                }
            }
        }
        return SlidingTiles.format(g);
    }

    private static boolean contains(int[] a, int n, int v) {
        for (int i = 0; i < n; i++) {
            if (a[i] == v) {
                return true;
            }
        }
        return false;
    }

    /** Plain IDA* with Manhattan distance ({@link FromScratchIda}): the smallest optimal string. */
    static String manhattanIdaStar(SlidingPuzzle puzzle, byte[] start, int goalBlank) {
        return new FromScratchIda(puzzle, board -> manhattan(board, puzzle.cols(), goalBlank)).solve(start);
    }

    private static int manhattan(byte[] board, int cols, int goalBlank) {
        int h = 0;
        for (int c = 0; c < board.length; c++) {
            int t = board[c];
            if (t != 0) {
                int g = SlidingPuzzle.goalCell(t, goalBlank);
                h += Math.abs(c / cols - g / cols) + Math.abs(c % cols - g % cols);
            }
        }
        return h;
    }

    private static int breadthFirstDistance(SlidingPuzzle puzzle, String start, String goal) {
        Map<String, Integer> seen = new HashMap<>();
        ArrayDeque<byte[]> queue = new ArrayDeque<>();
        byte[] s = SlidingTiles.parse(puzzle, start);
        seen.put(Arrays.toString(s), 0);
        queue.add(s);
        String target = Arrays.toString(SlidingTiles.parse(puzzle, goal));
        while (!queue.isEmpty()) {
            byte[] b = queue.poll();
            int d = seen.get(Arrays.toString(b));
            if (Arrays.toString(b).equals(target)) {
                return d;
            }
            int blank = SlidingTiles.blankCell(b);
            for (int m = 0; m < 4; m++) {
                int t = puzzle.neighbour(blank, m);
                if (t >= 0) {
                    byte[] n = b.clone();
                    n[blank] = n[t];
                    n[t] = 0;
                    if (seen.putIfAbsent(Arrays.toString(n), d + 1) == null) {
                        queue.add(n);
                    }
                }
            }
        }
        return -1;
    }
}
