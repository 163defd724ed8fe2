package io.puzzleatlas.core.santa;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A wreath-like type written for the tests, with its own independent solver: two rings of six stickers on a board of
 * ten, sharing stickers 0 and 3 (the shape of wreath_6/6); moves {@code l} and {@code r} turn a ring by one. States
 * here are {@code String[]} and the search is a plain breadth-first search over joined strings, sharing nothing with
 * the core's search but the file format.
 */
final class TinyWreath {
    static final String TYPE = "tinywreath";
    static final int[][] RINGS = {{0, 1, 2, 3, 4, 5}, {0, 6, 7, 3, 8, 9}};
    static final String[] NAMES = {"l", "r"};
    /** Every move as an array-form permutation: index 2g is generator g, 2g + 1 its inverse. */
    static final int[][] MOVES = moves();

    private TinyWreath() {}

    private static int[][] moves() {
        int[][] moves = new int[4][];
        for (int g = 0; g < 2; g++) {
            int[] p = new int[10];
            int[] inv = new int[10];
            for (int i = 0; i < 10; i++) {
                p[i] = i;
                inv[i] = i;
            }
            int[] ring = RINGS[g];
            for (int j = 0; j < ring.length; j++) {
                p[ring[j]] = ring[(j + 1) % ring.length];
                inv[ring[(j + 1) % ring.length]] = ring[j];
            }
            moves[2 * g] = p;
            moves[2 * g + 1] = inv;
        }
        return moves;
    }

    /** {@code puzzle_info.csv}'s text for the type. */
    static String infoText() {
        return "puzzle_type,allowed_moves\n" + TYPE + ",\"{'l': " + Arrays.toString(MOVES[0]) + ", 'r': "
                + Arrays.toString(MOVES[2]) + "}\"\n";
    }

    /** Index of a move name ({@code l}, {@code -l}, {@code r}, {@code -r}). */
    static int move(String name) {
        boolean inverse = name.startsWith("-");
        return 2 * Arrays.asList(NAMES).indexOf(inverse ? name.substring(1) : name) + (inverse ? 1 : 0);
    }

    static String[] apply(String[] state, int move) {
        String[] next = new String[state.length];
        for (int i = 0; i < state.length; i++) {
            next[i] = state[MOVES[move][i]];
        }
        return next;
    }

    /** {@code state} after {@code walk} random moves drawn from {@code random}. */
    static String[] scramble(String[] state, int walk, Random random) {
        for (int i = 0; i < walk; i++) {
            state = apply(state, random.nextInt(4));
        }
        return state;
    }

    static int mismatches(String[] state, String[] goal) {
        int n = 0;
        for (int i = 0; i < state.length; i++) {
            n += state[i].equals(goal[i]) ? 0 : 1;
        }
        return n;
    }

    /** The optimal length by breadth-first search over the states reachable from {@code start}. */
    static int optimal(String[] start, String[] goal, int wildcards) {
        Map<String, Integer> depth = new HashMap<>();
        ArrayDeque<String[]> queue = new ArrayDeque<>();
        queue.add(start);
        depth.put(String.join(";", start), 0);
        while (!queue.isEmpty()) {
            String[] s = queue.poll();
            int d = depth.get(String.join(";", s));
            if (mismatches(s, goal) <= wildcards) {
                return d;
            }
            for (int m = 0; m < 4; m++) {
                String[] t = apply(s, m);
                if (depth.putIfAbsent(String.join(";", t), d + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return -1;
    }

    /** Replays a submission's moves text from {@code start}. */
    static String[] replay(String[] start, String moves) {
        String[] s = start;
        if (!moves.isEmpty()) {
            for (String name : moves.split("\\.")) {
                s = apply(s, move(name));
            }
        }
        return s;
    }

    /** One line of {@code puzzles.csv}. */
    static String row(int id, String[] goal, String[] start, int wildcards) {
        return id + "," + TYPE + "," + String.join(";", goal) + "," + String.join(";", start) + "," + wildcards + "\n";
    }

    /** {@code count} rows: colourings, distinct labels and wildcards, scrambled by walks of up to 14 moves. */
    static List<String[]> rows(int count, long seed) {
        Random random = new Random(seed);
        List<String[]> rows = new ArrayList<>();
        String[] colours = "A;A;A;B;B;B;C;C;D;D".split(";");
        String[] distinct = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9".split(";");
        for (int i = 0; i < count; i++) {
            boolean colouring = i % 3 != 2;
            String[] goal = colouring ? colours : distinct;
            int walk = colouring ? random.nextInt(15) : random.nextInt(8);
            String wildcards = i % 4 == 3 ? "2" : "0";
            rows.add(new String[] {String.join(";", goal), String.join(";", scramble(goal, walk, random)), wildcards});
        }
        return rows;
    }
}
