package io.puzzleatlas.core.cube;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The pocket cube against its written rules, the published distance counts and an independent search. */
class PocketCubeTest {
    private static final String SOLVED = "UUUURRRRFFFFDDDDLLLLBBBB";
    private final PocketCube htm = (PocketCube) PuzzleRegistry.puzzle("pocket-cube");
    private final PocketCube qtm = (PocketCube) PuzzleRegistry.puzzle("pocket-cube-qtm");

    private String after(PocketCube p, String moves) {
        return p.format(p.replay(p.parse(SOLVED), moves));
    }

    private static String face(String cube, char face) {
        int f = PocketCube.FACES.indexOf(face);
        return cube.substring(4 * f, 4 * f + 4);
    }

    @Test
    void movesMoveTheStickersTheRulesSay() {
        // U: R's top row goes to F (and F's to L, L's to B, B's to R); U itself stays U.
        String u = after(htm, "U");
        assertEquals("UUUUBBRRRRFFDDDDFFLLLLBB", u);
        // R: F's right column (F2, F4) goes to U's right column; R itself stays R.
        String r = after(htm, "R");
        assertEquals("RRRR", face(r, 'R'));
        assertEquals('F', face(r, 'U').charAt(1));
        assertEquals('F', face(r, 'U').charAt(3));
        assertEquals('U', face(r, 'U').charAt(0));
        // F: U's bottom row (U3, U4) goes to R's left column (R1, R3).
        String f = after(htm, "F");
        assertEquals("FFFF", face(f, 'F'));
        assertEquals('U', face(f, 'R').charAt(0));
        assertEquals('U', face(f, 'R').charAt(2));
        assertEquals('R', face(f, 'R').charAt(1));
        // the D-B-L corner (D3 B4 L3) never moves
        for (String m : htm.moveNames()) {
            String c = after(htm, m);
            assertEquals("DBL", "" + c.charAt(14) + c.charAt(23) + c.charAt(18), m);
        }
    }

    @Test
    void turnsComposeAsTheyShould() {
        long s = htm.parse(SOLVED);
        for (String face : List.of("U", "R", "F")) {
            assertEquals(s, htm.replay(s, face + " " + face + " " + face + " " + face), face + "^4");
            assertEquals(htm.replay(s, face + " " + face), htm.replay(s, face + "2"), face + "2");
            assertEquals(s, htm.replay(s, face + " " + face + "'"), face + " then " + face + "'");
            assertEquals(htm.replay(s, face + "'"), qtm.replay(s, face + "'"), "both metrics");
        }
        assertEquals(-1, qtm.replay(s, "U2"), "U2 is no quarter turn");
    }

    @Test
    void textRoundTripsAndWhitespaceIsIgnored() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 1000; i++) {
            long b = htm.randomBoard(random, htm.defaultGoal());
            String text = htm.format(b);
            assertEquals(b, htm.parse(text));
            assertEquals(
                    b,
                    htm.parse(" " + text.substring(0, 4) + "\t" + text.substring(4, 13) + " " + text.substring(13)
                            + " "));
            assertEquals(b, htm.board(htm.rank(b, 0), 0), "rank and board are inverse");
        }
        assertEquals(3_674_160, htm.boardCount());
    }

    @Test
    void invalidCubesAreRefusedNamingWhatIsWrong() {
        assertEquals("expected 24 sticker letters, got 23", message(SOLVED.substring(1)));
        assertEquals("sticker B4 'X' is not one of U R F D L B", message(SOLVED.substring(0, 23) + "X"));
        assertEquals("colour U appears 5 times, not 4", message("UUUUURRRFFFFDDDDLLLLBBBB"));
        // U4 and R1 swapped: the URF corner shows U U F... no: R U F, with its U sticker in second place
        // giving colours that no corner has in that order.
        assertTrue(
                message("UUURURRRFFFFDDDDLLLLBBBB").startsWith("stickers U4 R1 F2 (RUF) are no corner of the cube"),
                message("UUURURRRFFFFDDDDLLLLBBBB"));
        // UFL repainted as URF and DRB as DBL: URF and DBL twice, the colour counts still 4 each
        String twice = repaint(repaint(SOLVED, new int[] {2, 8, 17}, "URF"), new int[] {15, 7, 22}, "DBL");
        assertEquals("corner URF appears twice (at URF and UFL)", message(twice));
        // the D-B-L corner and the D-R-B corner exchanged
        String swapped = repaint(repaint(SOLVED, new int[] {14, 23, 18}, "DRB"), new int[] {15, 7, 22}, "DBL");
        assertTrue(message(swapped).startsWith("the D-B-L corner must stay at D3 B4 L3"), message(swapped));
    }

    /** {@code cube} with the stickers at {@code at} painted {@code colours}. */
    private static String repaint(String cube, int[] at, String colours) {
        char[] c = cube.toCharArray();
        for (int k = 0; k < 3; k++) {
            c[at[k]] = colours.charAt(k);
        }
        return new String(c);
    }

    private String message(String text) {
        return assertThrows(InvalidBoardException.class, () -> htm.parse(text)).getMessage();
    }

    @Test
    void aTwistedCornerIsUnsolvable() {
        // URF twisted clockwise in place: its stickers U R F shown at positions R1 F2 U4
        String twisted = repaint(SOLVED, new int[] {3, 4, 9}, "FUR");
        long board = htm.parse(twisted);
        assertFalse(htm.reachable(board, htm.defaultGoal()));
        SolveResult r = new CubeSolver(htm).solve(board, htm.defaultGoal(), Budget.of(null, null));
        assertEquals(Status.UNSOLVABLE, r.status());
    }

    @Test
    void distanceCountsAreThePublishedOnes() {
        assertArrayEquals(
                new long[] {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644},
                new CubeSolver(htm).table().histogram(),
                "half-turn metric: God's number 11");
        assertArrayEquals(
                new long[] {1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276},
                new CubeSolver(qtm).table().histogram(),
                "quarter-turn metric: God's number 14");
    }

    @Test
    void answersAreOptimalTieBrokenAndReplayToTheGoal() {
        SplittableRandom random = new SplittableRandom(11);
        for (PocketCube p : List.of(htm, qtm)) {
            CubeSolver solver = new CubeSolver(p);
            for (int i = 0; i < 300; i++) {
                long goal = i % 3 == 0 ? p.randomBoard(random, 0) : p.defaultGoal();
                long start = goal;
                for (int k = 0; k < 1 + random.nextInt(6); k++) {
                    start = p.applyMove(start, random.nextInt(p.moveCount()));
                }
                SolveResult r = solver.solve(start, goal, Budget.of(null, null));
                assertEquals(Status.SOLVED, r.status());
                assertEquals(goal, p.replay(start, r.moves()), "replays to the goal");
                String expected = bfs(p, start, goal);
                assertEquals(expected, r.moves(), p.name() + " from " + p.format(start) + " to " + p.format(goal));
                assertEquals(expected.isEmpty() ? 0 : expected.split(" ").length, r.length());
            }
            // every one of a sample of random cubes replays, at its table distance
            for (int i = 0; i < 2000; i++) {
                long start = p.randomBoard(random, 0);
                SolveResult r = solver.solve(start, p.defaultGoal(), Budget.of(null, null));
                assertEquals(p.defaultGoal(), p.replay(start, r.moves()));
                assertEquals(solver.table().get(p.rank(start, 0)), r.length());
            }
        }
    }

    /**
     * An independent answer: breadth-first search over cubie states from {@code start}, moves tried in their listed
     * order; the first path found to each state is the smallest among its shortest.
     */
    private static String bfs(PocketCube p, long start, long goal) {
        Map<Long, String> path = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        path.put(start, "");
        queue.add(start);
        while (!queue.isEmpty()) {
            long s = queue.poll();
            if (s == goal) {
                return path.get(s);
            }
            for (int m = 0; m < p.moveCount(); m++) {
                long t = p.applyMove(s, m);
                if (!path.containsKey(t)) {
                    String q = path.get(s);
                    path.put(
                            t,
                            q.isEmpty()
                                    ? p.moveNames().get(m)
                                    : q + " " + p.moveNames().get(m));
                    queue.add(t);
                }
            }
        }
        throw new AssertionError("goal not reached");
    }
}
