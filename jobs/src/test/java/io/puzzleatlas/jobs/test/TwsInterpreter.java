package io.puzzleatlas.jobs.test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An interpreter of the {@code .tws} format written for the tests, independent of the core's parser: sets, the solved
 * state and moves as {@code p'[i] = p[q[i]]}, {@code o'[i] = (o[q[i]] + t[q[i]]) mod n}, move names {@code NAME},
 * {@code NAMEk}, {@code NAME'} and {@code NAMEk'}, states as their text (each set's pieces, then its orientations where
 * it has more than one). Enough for the example files (no {@code #} inside a token, every keyword on its line).
 */
final class TwsInterpreter {
    private final List<String> sets = new ArrayList<>();
    private final Map<String, int[]> shape = new LinkedHashMap<>(); // slots, orientations
    private final Map<String, int[][]> solved = new LinkedHashMap<>(); // pieces, orientations
    private final Map<String, Map<String, int[][]>> moves = new LinkedHashMap<>(); // move -> set -> q, t

    TwsInterpreter(Path file) throws IOException {
        List<String> words = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            int hash = line.indexOf('#');
            for (String w : (hash >= 0 ? line.substring(0, hash) : line).trim().split("\\s+")) {
                if (!w.isEmpty()) {
                    words.add(w);
                }
            }
        }
        for (int i = 0; i < words.size(); ) {
            String w = words.get(i++);
            switch (w) {
                case "Name" -> i++;
                case "Set" -> {
                    String name = words.get(i++);
                    sets.add(name);
                    shape.put(name, new int[] {Integer.parseInt(words.get(i++)), Integer.parseInt(words.get(i++))});
                }
                case "Solved" -> i = block(words, i, solved);
                case "Move" -> {
                    Map<String, int[][]> m = new LinkedHashMap<>();
                    moves.put(words.get(i++), m);
                    i = block(words, i, m);
                }
                default -> throw new IllegalArgumentException("unexpected " + w);
            }
        }
        for (String s : sets) {
            int n = shape.get(s)[0];
            solved.computeIfAbsent(s, k -> new int[][] {range(n, 1), new int[n]});
        }
    }

    /** Reads SET rows until End: pieces, then orientations when the next word is not a set or End. */
    private int block(List<String> words, int i, Map<String, int[][]> into) {
        while (!words.get(i).equals("End")) {
            String set = words.get(i++);
            int n = shape.get(set)[0];
            int[] a = new int[n];
            for (int k = 0; k < n; k++) {
                a[k] = Integer.parseInt(words.get(i++));
            }
            int[] o = new int[n];
            if (!words.get(i).equals("End") && !shape.containsKey(words.get(i))) {
                for (int k = 0; k < n; k++) {
                    o[k] = Integer.parseInt(words.get(i++));
                }
            }
            into.put(set, new int[][] {a, o});
        }
        return i + 1;
    }

    private static int[] range(int n, int from) {
        int[] a = new int[n];
        for (int k = 0; k < n; k++) {
            a[k] = from + k;
        }
        return a;
    }

    /** The solved state's text. */
    String solved() {
        return text(solved);
    }

    /** Applies the space-separated move names to the state {@code text}. */
    String apply(String text, String names) {
        Map<String, int[][]> state = parse(text);
        for (String name : names.trim().split("\\s+")) {
            if (name.isEmpty()) {
                continue;
            }
            boolean inverse = name.endsWith("'");
            String base = inverse ? name.substring(0, name.length() - 1) : name;
            int power = 1;
            if (!moves.containsKey(base)) {
                int digits = base.length();
                while (digits > 0 && Character.isDigit(base.charAt(digits - 1))) {
                    digits--;
                }
                power = Integer.parseInt(base.substring(digits));
                base = base.substring(0, digits);
            }
            Map<String, int[][]> move = moves.get(base);
            if (move == null) {
                throw new IllegalArgumentException("no move " + name);
            }
            int times = inverse ? order(move) - power : power;
            for (int k = 0; k < times; k++) {
                state = step(state, move);
            }
        }
        return text(state);
    }

    /** Every move name's text in the powers metric, in the order the file lists the moves. */
    List<String> powerNames() {
        List<String> names = new ArrayList<>();
        for (Map.Entry<String, Map<String, int[][]>> e : moves.entrySet()) {
            int order = order(e.getValue());
            for (int k = 1; k < order; k++) {
                names.add(
                        2 * k <= order
                                ? (k == 1 ? e.getKey() : e.getKey() + k)
                                : (order - k == 1 ? e.getKey() : e.getKey() + (order - k)) + "'");
            }
        }
        return names;
    }

    private int order(Map<String, int[][]> move) {
        Map<String, int[][]> start = solved;
        Map<String, int[][]> s = step(start, move);
        int order = 1;
        while (!text(s).equals(text(start))) {
            s = step(s, move);
            order++;
        }
        return order;
    }

    private Map<String, int[][]> step(Map<String, int[][]> state, Map<String, int[][]> move) {
        Map<String, int[][]> out = new LinkedHashMap<>();
        for (String set : sets) {
            int[][] st = state.get(set);
            int[][] mv = move.get(set);
            if (mv == null) {
                out.put(set, st);
                continue;
            }
            int n = shape.get(set)[0];
            int mod = shape.get(set)[1];
            int[] p = new int[n];
            int[] o = new int[n];
            for (int i = 0; i < n; i++) {
                int from = mv[0][i] - 1;
                p[i] = st[0][from];
                o[i] = (st[1][from] + mv[1][from]) % mod;
            }
            out.put(set, new int[][] {p, o});
        }
        return out;
    }

    private Map<String, int[][]> parse(String text) {
        String[] t = text.trim().split("\\s+");
        Map<String, int[][]> state = new LinkedHashMap<>();
        int k = 0;
        for (String set : sets) {
            int n = shape.get(set)[0];
            int[] p = new int[n];
            int[] o = new int[n];
            for (int i = 0; i < n; i++) {
                p[i] = Integer.parseInt(t[k++]);
            }
            if (shape.get(set)[1] > 1) {
                for (int i = 0; i < n; i++) {
                    o[i] = Integer.parseInt(t[k++]);
                }
            }
            state.put(set, new int[][] {p, o});
        }
        return state;
    }

    private String text(Map<String, int[][]> state) {
        StringBuilder sb = new StringBuilder();
        for (String set : sets) {
            for (int v : state.get(set)[0]) {
                sb.append(sb.length() == 0 ? "" : " ").append(v);
            }
            if (shape.get(set)[1] > 1) {
                for (int v : state.get(set)[1]) {
                    sb.append(' ').append(v);
                }
            }
        }
        return sb.toString();
    }
}
