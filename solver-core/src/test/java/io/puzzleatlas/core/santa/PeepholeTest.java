package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Peephole} checked by this test's own replayer (string arrays, the file's {@code new[i] = old[p[i]]}): loops
 * cut, detours replaced by their shortest equivalent, the node budget kept, and on a board as wide as cube_33/33/33
 * (6,534 stickers, 198 moves) a long random walk shortened where its moves commute.
 */
class PeepholeTest {
    private static final SearchBudget PLENTY = new SearchBudget(10_000_000, 0);

    private static SantaPuzzle wreath(String[] goal, String[] start) {
        return PuzzlesReader.read(
                        "p.csv",
                        PuzzlesReader.HEADER + "\n" + TinyWreath.row(0, goal, start, 0),
                        PuzzleInfoReader.read("i.csv", TinyWreath.infoText()))
                .get(0);
    }

    private static int[] moves(String text) {
        String[] names = text.split("\\.");
        int[] moves = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            moves[i] = TinyWreath.move(names[i]);
        }
        return moves;
    }

    private static String text(SantaPuzzle puzzle, int[] moves) {
        return new RowResult(puzzle, RowStatus.IMPROVED, moves, 0, 0, 0).movesText();
    }

    @Test
    void aLoopIsCutAndTheRestKept() {
        String[] goal = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9".split(";");
        // the goal after -r.-l: "l.r" solves it; "l.l.-l.r" returns to the state after l, then solves it
        String[] start = TinyWreath.replay(goal, "-r.-l");
        SantaPuzzle puzzle = wreath(goal, start);
        Peephole.Outcome out = Peephole.improve(puzzle, moves("l.l.-l.r"), PLENTY);
        assertEquals("l.r", text(puzzle, out.moves()));
        // a path that passes the goal ends there
        assertEquals(
                "l.r",
                text(puzzle, Peephole.improve(puzzle, moves("l.r.l.-l"), PLENTY).moves()));
    }

    @Test
    void detoursShortenTowardsTheOptimumAndEveryResultReplays() {
        Random random = new Random(46);
        String[] goal = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9".split(";");
        for (int trial = 0; trial < 20; trial++) {
            List<String> walk = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                walk.add(List.of("l", "-l", "r", "-r").get(random.nextInt(4)));
            }
            String incumbent = String.join(".", walk);
            // the start from which the walk reaches the goal: the goal under the walk's inverse
            String[] start = goal;
            for (int i = walk.size() - 1; i >= 0; i--) {
                String m = walk.get(i);
                start = TinyWreath.replay(start, m.startsWith("-") ? m.substring(1) : "-" + m);
            }
            SantaPuzzle puzzle = wreath(goal, start);
            int optimal = TinyWreath.optimal(start, goal, 0);
            String better = text(
                    puzzle, Peephole.improve(puzzle, moves(incumbent), PLENTY).moves());
            int length = better.isEmpty() ? 0 : better.split("\\.").length;
            assertArrayEquals(goal, TinyWreath.replay(start, better), incumbent + " -> " + better);
            assertTrue(length >= optimal && length <= walk.size(), incumbent + " -> " + better);
            if (optimal < walk.size()) {
                assertTrue(length < walk.size(), "a walk of 30 on 10 stickers holds a detour: " + incumbent);
            }
        }
    }

    @Test
    void theNodeBudgetIsKept() {
        String[] goal = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9".split(";");
        // l turns a ring of six: five turns are one turn back, a state one move from the start
        SantaPuzzle puzzle = wreath(goal, TinyWreath.replay(goal, "l"));
        assertEquals(
                "-l",
                text(
                        puzzle,
                        Peephole.improve(puzzle, moves("l.l.l.l.l"), PLENTY).moves()));
        Peephole.Outcome out = Peephole.improve(puzzle, moves("l.l.l.l.l"), new SearchBudget(1, 0));
        assertEquals(1, out.nodes());
        assertEquals("l.l.l.l.l", text(puzzle, out.moves())); // one move tried: -l never was
    }

    /** A board of 6,534 stickers and 99 generators, each eight 4-cycles on stickers drawn at random. */
    @Test
    void aLongWalkOnAWideBoardIsShortenedWhereItsMovesCommute() {
        int width = 6534;
        int generators = 99;
        Random random = new Random(33);
        StringBuilder info = new StringBuilder("puzzle_type,allowed_moves\nwide,\"{");
        int[][] perms = new int[generators][];
        for (int g = 0; g < generators; g++) {
            int[] p = new int[width];
            for (int i = 0; i < width; i++) {
                p[i] = i;
            }
            // 4-cycles over stickers drawn at random: most pairs of generators touch no common sticker, so commute
            for (int c = 0; c < 8; c++) {
                int[] cycle = {
                    random.nextInt(width), random.nextInt(width), random.nextInt(width), random.nextInt(width)
                };
                if (cycle[0] == cycle[1]
                        || cycle[0] == cycle[2]
                        || cycle[0] == cycle[3]
                        || cycle[1] == cycle[2]
                        || cycle[1] == cycle[3]
                        || cycle[2] == cycle[3]
                        || p[cycle[0]] != cycle[0]
                        || p[cycle[1]] != cycle[1]
                        || p[cycle[2]] != cycle[2]
                        || p[cycle[3]] != cycle[3]) {
                    continue;
                }
                for (int j = 0; j < 4; j++) {
                    p[cycle[j]] = cycle[(j + 1) % 4];
                }
            }
            perms[g] = p;
            info.append(g == 0 ? "" : ", ").append("'g").append(g).append("': [");
            for (int i = 0; i < width; i++) {
                info.append(i == 0 ? "" : ", ").append(p[i]);
            }
            info.append(']');
        }
        info.append("}\"\n");
        Map<String, PuzzleType> types = PuzzleInfoReader.read("info.csv", info.toString());
        String[] goal = new String[width];
        for (int i = 0; i < width; i++) {
            goal[i] = "N" + i;
        }
        int[] walk = new int[3000];
        for (int i = 0; i < walk.length; i++) {
            walk[i] = random.nextInt(2 * generators);
        }
        // the test's own replay: the start is the goal under the walk's inverse, moves as new[i] = old[p[i]]
        String[] start = goal.clone();
        for (int i = walk.length - 1; i >= 0; i--) {
            int[] p = perms[walk[i] / 2];
            String[] next = new String[width];
            for (int k = 0; k < width; k++) {
                if (walk[i] % 2 == 0) {
                    next[p[k]] = start[k]; // undoing g: old[p[k]] = new[k]
                } else {
                    next[k] = start[p[k]]; // undoing -g: applying g
                }
            }
            start = next;
        }
        SantaPuzzle puzzle = PuzzlesReader.read(
                        "p.csv",
                        PuzzlesReader.HEADER + "\n0,wide," + String.join(";", goal) + "," + String.join(";", start)
                                + ",0\n",
                        types)
                .get(0);
        assertTrue(Replayer.replay(puzzle, walk).solved());
        long budget = 3_000_000;
        Peephole.Outcome out = Peephole.improve(puzzle, walk, new SearchBudget(budget, 0));
        assertTrue(out.nodes() <= budget, "nodes " + out.nodes());
        // a random walk over 198 moves rarely returns soon: a move and its inverse a few moves apart, what lies
        // between commuting with them, is what there is to cut
        assertTrue(out.moves().length < walk.length - 50, "length " + out.moves().length);
        // replayed by the test: every move as new[i] = old[p[i]]
        String[] state = start;
        for (int m : out.moves()) {
            int[] p = perms[m / 2];
            String[] next = new String[width];
            for (int k = 0; k < width; k++) {
                if (m % 2 == 0) {
                    next[k] = state[p[k]];
                } else {
                    next[p[k]] = state[k];
                }
            }
            state = next;
        }
        assertArrayEquals(goal, state);
    }
}
