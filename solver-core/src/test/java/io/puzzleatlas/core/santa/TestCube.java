package io.puzzleatlas.core.santa;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * An N x N x N cube written for the tests from geometry alone (sharing nothing with the core but the file format): a
 * sticker is a cubie's centred coordinates and a face normal; generator {@code a<axis><layer>} turns every sticker of
 * that layer a quarter turn about the axis (middle layers too, as in the competition). States are {@code String[]};
 * moves are array-form permutations applied as {@code new[i] = old[p[i]]}, index {@code 2g} generator {@code g} and
 * {@code 2g + 1} its inverse. Its own breadth-first searches give optimal lengths.
 */
final class TestCube {
    final int n;
    final int width;
    final List<String> names = new ArrayList<>();
    /** Every move (generators and inverses interleaved). */
    final List<int[]> moves = new ArrayList<>();
    /** The face of every sticker, 0..5. */
    final int[] face;

    TestCube(int n) {
        this.n = n;
        List<int[]> stickers = new ArrayList<>(); // x, y, z (doubled, centred), normal axis, normal sign
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                for (int u = 0; u < n; u++) {
                    for (int v = 0; v < n; v++) {
                        int[] c = new int[3];
                        c[axis] = sign * (n - 1);
                        c[(axis + 1) % 3] = 2 * u - (n - 1);
                        c[(axis + 2) % 3] = 2 * v - (n - 1);
                        stickers.add(new int[] {c[0], c[1], c[2], axis, sign});
                    }
                }
            }
        }
        width = stickers.size();
        face = new int[width];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < width; i++) {
            int[] s = stickers.get(i);
            index.put(Arrays.toString(s), i);
            face[i] = 2 * s[3] + (s[4] > 0 ? 1 : 0);
        }
        for (int axis = 0; axis < 3; axis++) {
            for (int layer = 0; layer < n; layer++) {
                int[] p = new int[width];
                for (int i = 0; i < width; i++) {
                    int[] s = stickers.get(i);
                    if (s[axis] != 2 * layer - (n - 1)) {
                        p[i] = i;
                        continue;
                    }
                    p[index.get(Arrays.toString(turn(s, axis)))] = i; // the sticker moved onto its image
                }
                int[] inv = new int[width];
                for (int i = 0; i < width; i++) {
                    inv[p[i]] = i;
                }
                names.add("a" + axis + "l" + layer);
                names.add("-a" + axis + "l" + layer);
                moves.add(p);
                moves.add(inv);
            }
        }
    }

    /** A quarter turn about {@code axis} of a sticker (position and normal). */
    private static int[] turn(int[] s, int axis) {
        int a = (axis + 1) % 3;
        int b = (axis + 2) % 3;
        int[] t = s.clone();
        t[a] = -s[b];
        t[b] = s[a];
        int[] normal = new int[3];
        normal[s[3]] = s[4];
        int[] turned = normal.clone();
        turned[a] = -normal[b];
        turned[b] = normal[a];
        for (int k = 0; k < 3; k++) {
            if (turned[k] != 0) {
                t[3] = k;
                t[4] = turned[k];
            }
        }
        return t;
    }

    /** The generators as the competition's {@code puzzle_info.csv} would list them. */
    PuzzleType type(String name) {
        List<String> gen = new ArrayList<>();
        List<int[]> perms = new ArrayList<>();
        for (int i = 0; i < moves.size(); i += 2) {
            gen.add(names.get(i));
            perms.add(moves.get(i));
        }
        return PuzzleType.of(name, gen, perms);
    }

    /** Faces as colours {@code A..F}. */
    String[] colours() {
        String[] s = new String[width];
        for (int i = 0; i < width; i++) {
            s[i] = String.valueOf((char) ('A' + face[i]));
        }
        return s;
    }

    /** Every sticker its own label {@code N<i>}. */
    String[] distinct() {
        String[] s = new String[width];
        for (int i = 0; i < width; i++) {
            s[i] = "N" + i;
        }
        return s;
    }

    String[] apply(String[] state, int move) {
        int[] p = moves.get(move);
        String[] next = new String[width];
        for (int i = 0; i < width; i++) {
            next[i] = state[p[i]];
        }
        return next;
    }

    /** The state after the moves named in {@code text} ({@code .}-joined). */
    String[] replay(String[] start, String text) {
        String[] s = start;
        if (!text.isEmpty()) {
            for (String name : text.split("\\.")) {
                s = apply(s, names.indexOf(name));
            }
        }
        return s;
    }

    String[] scramble(String[] state, int walk, Random random) {
        String[] s = state;
        for (int i = 0; i < walk; i++) {
            s = apply(s, random.nextInt(moves.size()));
        }
        return s;
    }

    /** Every state within {@code depth} moves of {@code root}, with its depth. */
    Map<String, Integer> ball(String[] root, int depth) {
        Map<String, Integer> seen = new HashMap<>();
        ArrayDeque<String[]> queue = new ArrayDeque<>();
        seen.put(String.join(";", root), 0);
        queue.add(root);
        while (!queue.isEmpty()) {
            String[] s = queue.poll();
            int d = seen.get(String.join(";", s));
            if (d == depth) {
                continue;
            }
            for (int m = 0; m < moves.size(); m++) {
                String[] t = apply(s, m);
                if (seen.putIfAbsent(String.join(";", t), d + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return seen;
    }

    /** The optimal length from {@code start} to exactly {@code goal} when it is at most {@code 2 * half}, else -1. */
    int optimal(String[] start, String[] goal, int half) {
        Map<String, Integer> from = ball(start, half);
        Map<String, Integer> to = ball(goal, half);
        int best = -1;
        for (Map.Entry<String, Integer> e : from.entrySet()) {
            Integer d = to.get(e.getKey());
            if (d != null && (best < 0 || d + e.getValue() < best)) {
                best = d + e.getValue();
            }
        }
        return best;
    }

    /** The optimal length to any state with at most {@code wildcards} stickers off {@code goal}, within {@code max}. */
    int optimalWithin(String[] start, String[] goal, int wildcards, int max) {
        Map<String, Integer> ball = ball(start, max);
        int best = -1;
        for (Map.Entry<String, Integer> e : ball.entrySet()) {
            if (mismatches(e.getKey().split(";"), goal) <= wildcards && (best < 0 || e.getValue() < best)) {
                best = e.getValue();
            }
        }
        return best;
    }

    static int mismatches(String[] state, String[] goal) {
        int n = 0;
        for (int i = 0; i < goal.length; i++) {
            n += state[i].equals(goal[i]) ? 0 : 1;
        }
        return n;
    }

    /** A puzzle of this cube's {@code type}: labels interned in order of first appearance in the goal. */
    static SantaPuzzle puzzle(int id, PuzzleType type, String[] goal, String[] start, int wildcards) {
        Map<String, Short> ids = new HashMap<>();
        List<String> labels = new ArrayList<>();
        for (String g : goal) {
            if (!ids.containsKey(g)) {
                ids.put(g, (short) labels.size());
                labels.add(g);
            }
        }
        short[] target = new short[goal.length];
        short[] initial = new short[goal.length];
        for (int i = 0; i < goal.length; i++) {
            target[i] = ids.get(goal[i]);
            initial[i] = ids.get(start[i]);
        }
        return new SantaPuzzle(id, type, initial, Goal.of(target, wildcards), labels.toArray(new String[0]));
    }
}
