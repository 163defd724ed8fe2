package io.puzzleatlas.core.santa;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code puzzles.csv} ({@code id,puzzle_type,solution_state,initial_state,num_wildcards}) against the types of
 * {@code puzzle_info.csv}. A row is refused in one line naming its id when its type is unknown, a state is not of the
 * type's width, {@code num_wildcards} is not a non-negative integer, or the initial state's labels are not the
 * solution's (as a multiset: no sequence of moves could reach it).
 */
public final class PuzzlesReader {
    public static final String HEADER = "id,puzzle_type,solution_state,initial_state,num_wildcards";
    /** Distinct labels a row may hold: a label is a {@code short}. */
    public static final int MAX_LABELS = Short.MAX_VALUE;

    private PuzzlesReader() {}

    /** The puzzles by id, in file order. */
    public static Map<Integer, SantaPuzzle> read(String file, String text, Map<String, PuzzleType> types) {
        CsvText csv = new CsvText(file, text, HEADER);
        Map<Integer, SantaPuzzle> puzzles = new LinkedHashMap<>();
        for (int r = 0; r < csv.records(); r++) {
            int line = csv.line(r);
            List<String> f = csv.fields(r, 5);
            int id = SubmissionReader.id(csv, line, f.get(0));
            String at = "id " + id + ": ";
            if (puzzles.containsKey(id)) {
                throw csv.error(line, at + "repeats");
            }
            PuzzleType type = types.get(f.get(1));
            if (type == null) {
                throw csv.error(line, at + "unknown puzzle_type " + CsvText.shorten(f.get(1)));
            }
            int wildcards = nonNegative(f.get(4));
            if (wildcards < 0) {
                throw csv.error(
                        line, at + "num_wildcards '" + CsvText.shorten(f.get(4)) + "' is not a non-negative integer");
            }
            String[] solution = f.get(2).split(";", -1);
            String[] initial = f.get(3).split(";", -1);
            for (String[] s : List.of(solution, initial)) {
                if (s.length != type.width()) {
                    throw csv.error(
                            line,
                            at + (s == solution ? "solution_state" : "initial_state") + " has " + s.length
                                    + " stickers, " + type.name() + " has " + type.width());
                }
            }
            Map<String, Integer> index = new HashMap<>();
            short[] goal = intern(solution, index);
            if (index.size() > MAX_LABELS) {
                throw csv.error(line, at + index.size() + " distinct labels, at most " + MAX_LABELS);
            }
            int known = index.size();
            short[] start = intern(initial, index);
            if (index.size() != known || !sameCounts(goal, start, known)) {
                throw csv.error(line, at + "initial_state's labels are not solution_state's (as a multiset)");
            }
            String[] labels = new String[known];
            index.forEach((label, i) -> labels[i] = label);
            puzzles.put(id, new SantaPuzzle(id, type, start, Goal.of(goal, wildcards), labels));
        }
        return puzzles;
    }

    private static short[] intern(String[] labels, Map<String, Integer> index) {
        short[] out = new short[labels.length];
        for (int i = 0; i < labels.length; i++) {
            Integer l = index.get(labels[i]);
            if (l == null) {
                l = index.size();
                index.put(labels[i], l);
            }
            out[i] = (short) Math.min(l, MAX_LABELS);
        }
        return out;
    }

    private static boolean sameCounts(short[] a, short[] b, int labels) {
        int[] count = new int[labels];
        for (int i = 0; i < a.length; i++) {
            count[a[i]]++;
            count[b[i]]--;
        }
        for (int c : count) {
            if (c != 0) {
                return false;
            }
        }
        return true;
    }

    /** {@code s} as a non-negative int, or -1 when it is not one. */
    static int nonNegative(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(s);
    }
}
