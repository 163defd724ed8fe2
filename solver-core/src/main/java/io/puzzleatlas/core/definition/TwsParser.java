package io.puzzleatlas.core.definition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The ksolve/twsearch text form (DEFINITIONS.md section 1): {@code Name}, {@code Set}, a {@code Solved} block and
 * {@code Move} blocks, each block closed by {@code End}; {@code #} comments. Read as whitespace-separated tokens that
 * remember their line, so a vector may wrap lines and every refusal names the line of the token at fault.
 */
final class TwsParser {
    private static final String SUPPORTED = "Name, Set, Solved, Move, End";
    private static final Set<String> KEYWORDS = Set.of("Name", "Set", "Solved", "Move", "End");

    private final String file;
    private final List<String> tokens = new ArrayList<>();
    private final List<Integer> lines = new ArrayList<>();
    private int at;

    private String name = "";
    private final List<PieceSet> sets = new ArrayList<>();
    private final Map<String, Integer> setIndex = new HashMap<>();
    /** Slots times orientations, over the sets so far. */
    private long totalPoints;

    private int[][] solvedValues;
    private int[][] solvedOrientations;
    private boolean solvedSeen;
    private final List<DefinedMove> moves = new ArrayList<>();
    private final Set<String> moveNames = new HashSet<>();

    TwsParser(String file, String text) {
        this.file = file;
        int line = 1;
        for (String l : text.split("\r\n|\r|\n", -1)) {
            int hash = l.indexOf('#');
            String body = hash >= 0 ? l.substring(0, hash) : l;
            for (int i = 0; i < body.length(); i++) {
                if (DefinitionText.isStrayBlank(body.charAt(i))) {
                    throw error(
                            line,
                            "unexpected character " + DefinitionText.describe(body.codePointAt(i)) + " at column "
                                    + (body.codePointCount(0, i) + 1) + ": separate tokens by plain spaces or tabs");
                }
            }
            for (String t : body.trim().split("[ \t\f]+")) {
                if (!t.isEmpty()) {
                    tokens.add(t);
                    lines.add(line);
                }
            }
            line++;
        }
    }

    Definition parse() {
        while (at < tokens.size()) {
            String keyword = tokens.get(at);
            int line = line();
            at++;
            switch (keyword) {
                case "Name" -> name = restOfLine(line);
                case "Set" -> set(line);
                case "Solved" -> solved(line);
                case "Move" -> move(line);
                case "End" -> throw error(line, "End without a Solved or Move block");
                default ->
                    throw error(line, "unsupported keyword " + shorten(keyword) + " (supported: " + SUPPORTED + ")");
            }
        }
        if (sets.isEmpty()) {
            throw error(lastLine(), "no Set");
        }
        if (moves.isEmpty()) {
            throw error(lastLine(), "no Move: the move list is empty");
        }
        int n = sets.size();
        int[][] labels = new int[n][];
        int[][] orientations = new int[n][];
        String[][] texts = new String[n][];
        for (int s = 0; s < n; s++) {
            int slots = sets.get(s).slots();
            int[] values = solvedValues == null || solvedValues[s] == null ? identity1(slots) : solvedValues[s];
            labels[s] = DefinitionReader.denseLabels(values, texts, s);
            orientations[s] = solvedOrientations == null || solvedOrientations[s] == null
                    ? new int[slots]
                    : solvedOrientations[s];
        }
        return new Definition(name, file, sets, labels, orientations, texts, moves, Metric.POWERS);
    }

    private static int[] identity1(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
        }
        return a;
    }

    private void set(int line) {
        if (solvedSeen || !moves.isEmpty()) {
            throw error(line, "Set after Solved or Move: declare every set first");
        }
        String setName = next("a set name after Set");
        if (isNumber(setName) || KEYWORDS.contains(setName)) {
            // a set's name opens its rows in a block: a number or a keyword there would read as a row or end the block
            throw error(
                    line,
                    "set name " + shorten(setName) + " is a " + (isNumber(setName) ? "number" : "keyword")
                            + ": name a set with a word that is neither a number nor " + SUPPORTED);
        }
        int slots = number("the number of slots of set " + setName, 1, DefinitionReader.MAX_SLOTS);
        int orientations = number("the number of orientations of set " + setName, 1, DefinitionReader.MAX_ORIENTATIONS);
        if (setIndex.containsKey(setName)) {
            throw error(line, "duplicate set name " + setName);
        }
        totalPoints += slots * orientations;
        if (totalPoints > DefinitionReader.MAX_POINTS) {
            throw error(
                    line,
                    String.format(
                            Locale.ROOT,
                            "%,d points (slots x orientations) in all, more than the %,d a definition may have",
                            totalPoints,
                            DefinitionReader.MAX_POINTS));
        }
        setIndex.put(setName, sets.size());
        sets.add(new PieceSet(setName, slots, orientations));
    }

    private void solved(int line) {
        if (solvedSeen) {
            throw error(line, "duplicate Solved block");
        }
        solvedSeen = true;
        solvedValues = new int[sets.size()][];
        solvedOrientations = new int[sets.size()][];
        block("Solved", line, (s, first, second, setLine) -> {
            PieceSet set = sets.get(s);
            for (int v : first.values) {
                if (v < 1 || v > set.slots()) {
                    throw error(first.line, "piece " + v + " out of range 1.." + set.slots() + " in set " + set.name());
                }
            }
            solvedValues[s] = first.values;
            if (second != null) {
                orientationRange(second, set, "orientation");
                solvedOrientations[s] = second.values;
            }
        });
    }

    private void move(int line) {
        String moveName = next("a move name after Move");
        String bad = DefinitionText.badMoveName(moveName);
        if (bad != null) {
            throw error(line, bad);
        }
        if (!moveNames.add(moveName)) {
            throw error(line, "duplicate move name " + shorten(moveName));
        }
        if (moves.size() == DefinitionReader.MAX_MOVES) {
            throw error(line, "more than " + DefinitionReader.MAX_MOVES + " moves");
        }
        int[][] perm = new int[sets.size()][];
        int[][] twist = new int[sets.size()][];
        block("Move " + moveName, line, (s, first, second, setLine) -> {
            PieceSet set = sets.get(s);
            int[] q = first.values;
            boolean[] seen = new boolean[q.length];
            for (int i = 0; i < q.length; i++) {
                if (q[i] < 1 || q[i] > set.slots()) {
                    throw error(
                            first.line,
                            "not a permutation of 1.." + set.slots() + ": " + q[i] + " out of range in set "
                                    + set.name());
                }
                if (seen[q[i] - 1]) {
                    throw error(
                            first.line,
                            "not a permutation of 1.." + set.slots() + ": " + q[i] + " repeated in set " + set.name());
                }
                seen[q[i] - 1] = true;
                q[i]--;
            }
            perm[s] = q;
            if (second != null) {
                orientationRange(second, set, "twist");
                twist[s] = second.values;
            } else {
                twist[s] = new int[q.length];
            }
        });
        moves.add(new DefinedMove(moveName, perm, twist, line));
    }

    private void orientationRange(Vector v, PieceSet set, String what) {
        for (int o : v.values) {
            if (o >= set.orientations()) {
                throw error(
                        v.line,
                        what + " " + o + " out of range 0.." + (set.orientations() - 1) + " in set " + set.name());
            }
        }
    }

    private record Vector(int[] values, int line) {}

    private interface SetEntry {
        void accept(int set, Vector first, Vector second, int line);
    }

    /** A block of set entries up to End: a set name, its vector and optionally a second vector. */
    private void block(String what, int openLine, SetEntry entry) {
        boolean[] done = new boolean[sets.size()];
        while (true) {
            if (at >= tokens.size()) {
                throw error(lastLine(), "missing End of " + what + " (opened at line " + openLine + ")");
            }
            int line = line();
            String t = tokens.get(at++);
            if (t.equals("End")) {
                return;
            }
            Integer s = setIndex.get(t);
            if (s == null) {
                if (KEYWORDS.contains(t)) {
                    throw error(line, "missing End of " + what + " (opened at line " + openLine + ") before " + t);
                }
                throw error(
                        line,
                        "unknown set " + shorten(t) + " in " + what + (sets.isEmpty() ? " (no Set declared)" : ""));
            }
            if (done[s]) {
                throw error(line, "set " + t + " twice in " + what);
            }
            done[s] = true;
            int slots = sets.get(s).slots();
            Vector first = vector(slots, t);
            Vector second = at < tokens.size() && isNumber(tokens.get(at)) ? vector(slots, t) : null;
            if (at < tokens.size() && isNumber(tokens.get(at))) {
                throw error(line(), "more than two rows of " + slots + " numbers for set " + t + " in " + what);
            }
            entry.accept(s, first, second, line);
        }
    }

    private Vector vector(int n, String setName) {
        int startLine = at < tokens.size() ? line() : lastLine();
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            if (at >= tokens.size() || !isNumber(tokens.get(at))) {
                boolean stray = at < tokens.size()
                        && !KEYWORDS.contains(tokens.get(at))
                        && !setIndex.containsKey(tokens.get(at));
                throw error(
                        at < tokens.size() ? line() : lastLine(),
                        "set " + setName + " needs " + n + " numbers, found " + i
                                + (stray ? ", then " + shorten(tokens.get(at)) : ""));
            }
            v[i] = parseNumber(tokens.get(at), line(), Integer.MAX_VALUE);
            at++;
        }
        return new Vector(v, startLine);
    }

    private static boolean isNumber(String t) {
        int start = t.startsWith("-") ? 1 : 0;
        if (t.length() == start) {
            return false;
        }
        for (int i = start; i < t.length(); i++) {
            if (t.charAt(i) < '0' || t.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private int parseNumber(String t, int line, int max) {
        if (t.startsWith("-")) {
            throw error(line, "negative number " + t);
        }
        if (t.length() > 9) {
            throw error(line, "number too large: " + (t.length() > 20 ? t.substring(0, 20) + "..." : t));
        }
        int v = Integer.parseInt(t);
        if (v > max) {
            throw error(line, "number too large: " + v + " (at most " + max + ")");
        }
        return v;
    }

    private int number(String what, int min, int max) {
        if (at >= tokens.size()) {
            throw error(lastLine(), "missing " + what);
        }
        String t = tokens.get(at);
        int line = line();
        if (!isNumber(t)) {
            throw error(line, "expected " + what + ", found " + shorten(t));
        }
        int v = parseNumber(t, line, max);
        if (v < min) {
            throw error(line, what + " must be at least " + min);
        }
        at++;
        return v;
    }

    /** The tokens left on {@code line}, joined by single spaces (a name may have several words). */
    private String restOfLine(int line) {
        StringBuilder sb = new StringBuilder();
        while (at < tokens.size() && lines.get(at) == line) {
            sb.append(sb.length() == 0 ? "" : " ").append(tokens.get(at++));
        }
        if (sb.length() == 0) {
            throw error(line, "missing a name after Name");
        }
        return sb.toString();
    }

    private String next(String what) {
        if (at >= tokens.size()) {
            throw error(lastLine(), "missing " + what);
        }
        return tokens.get(at++);
    }

    private static String shorten(String t) {
        return DefinitionText.printable(t);
    }

    private int line() {
        return lines.get(at);
    }

    private int lastLine() {
        return lines.isEmpty() ? 1 : lines.get(lines.size() - 1);
    }

    private DefinitionException error(int line, String reason) {
        return new DefinitionException(file, line, reason);
    }
}
