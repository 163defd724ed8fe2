package io.puzzleatlas.core.definition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generator-list form (DEFINITIONS.md section 2): <code>{"name": ..., "moves": {NAME: [0-based
 * passive permutation], ...}, "solved": [labels]}</code>, one set, no orientations. A small JSON reader of its own
 * (objects keep their key order: the moves' order is the file's) that remembers each value's line and nests at most
 * {@value #MAX_DEPTH} deep.
 *
 * <p>CayleyPy's {@code puzzle_info.json} (the Kaggle CayleyPy competitions) is the same content under other keys, told
 * apart by them: <code>{"central_state": [labels], "generators": {NAME: [permutation], ...}}</code>. Its generators
 * list each inverse as a generator of its own ({@code f0}, {@code -f0}), so its default metric is
 * {@link Metric#LISTED}: every listed generator one move, nothing added.
 */
final class JsonDefinitionParser {
    private static final int MAX_DEPTH = 16;
    private static final String SUPPORTED = "name, moves, solved";
    private static final String CAYLEY_MOVES = "generators";
    private static final String CAYLEY_SOLVED = "central_state";
    private static final String CAYLEY_SUPPORTED = "name, central_state, generators";

    private final String file;
    private final String text;
    private int pos;
    private int line = 1;

    /**
     * A parsed value and the line it starts on: a String, Long, int[] (a list of numbers), List or Map of values,
     * Boolean or null.
     */
    private record Value(Object value, int line) {}

    JsonDefinitionParser(String file, String text) {
        this.file = file;
        this.text = text;
    }

    Definition parse() {
        Value root = value(0);
        skipSpace();
        if (pos < text.length()) {
            throw error(line, "text after the closing }");
        }
        if (!(root.value instanceof Map<?, ?> top)) {
            throw error(root.line, "expected an object {\"moves\": ...}");
        }
        // CayleyPy's puzzle_info.json is told by its keys: the same content under other names, inverses listed
        boolean cayley = top.containsKey(CAYLEY_MOVES) || top.containsKey(CAYLEY_SOLVED);
        String movesKey = cayley ? CAYLEY_MOVES : "moves";
        String solvedKey = cayley ? CAYLEY_SOLVED : "solved";
        String supported = cayley ? CAYLEY_SUPPORTED : SUPPORTED;
        String name = "";
        Value moves = null;
        Value solved = null;
        for (Map.Entry<?, ?> e : top.entrySet()) {
            Value v = (Value) e.getValue();
            String key = (String) e.getKey();
            if (key.equals("name")) {
                if (!(v.value instanceof String s)) {
                    throw error(v.line, "name must be a string");
                }
                name = s;
            } else if (key.equals(movesKey)) {
                moves = v;
            } else if (key.equals(solvedKey)) {
                solved = v;
            } else {
                throw error(v.line, "unsupported key " + shorten(key) + " (supported: " + supported + ")");
            }
        }
        if (moves == null) {
            throw error(root.line, "no \"" + movesKey + "\"");
        }
        if (!(moves.value instanceof Map<?, ?> moveMap)) {
            throw error(moves.line, movesKey + " must be an object of name: permutation");
        }
        if (moveMap.isEmpty()) {
            throw error(moves.line, "the move list is empty");
        }
        if (moveMap.size() > DefinitionReader.MAX_MOVES) {
            throw error(moves.line, "more than " + DefinitionReader.MAX_MOVES + " moves");
        }
        int n = -1;
        List<DefinedMove> list = new ArrayList<>();
        for (Map.Entry<?, ?> e : moveMap.entrySet()) {
            String moveName = (String) e.getKey();
            Value v = (Value) e.getValue();
            String bad = DefinitionText.badMoveName(moveName);
            if (bad != null) {
                throw error(v.line, bad);
            }
            int[] q = ints(v, "move " + moveName, Integer.MAX_VALUE);
            if (n == -1) {
                n = q.length;
                if (n == 0 || n > DefinitionReader.MAX_SLOTS) {
                    throw error(v.line, "a permutation of " + n + " points (1.." + DefinitionReader.MAX_SLOTS + ")");
                }
            } else if (q.length != n) {
                throw error(v.line, "move " + shorten(moveName) + " has " + q.length + " points, the first move " + n);
            }
            boolean[] seen = new boolean[n];
            for (int x : q) {
                if (x >= n) {
                    throw error(
                            v.line,
                            "not a permutation of 0.." + (n - 1) + ": " + x + " out of range in move "
                                    + shorten(moveName));
                }
                if (seen[x]) {
                    throw error(
                            v.line,
                            "not a permutation of 0.." + (n - 1) + ": " + x + " repeated in move " + shorten(moveName));
                }
                seen[x] = true;
            }
            list.add(new DefinedMove(moveName, new int[][] {q}, new int[][] {new int[n]}, v.line));
        }
        int[] values;
        if (solved == null) {
            values = new int[n];
            for (int i = 0; i < n; i++) {
                values[i] = i;
            }
        } else {
            values = ints(solved, solvedKey, Integer.MAX_VALUE);
            if (values.length != n) {
                throw error(solved.line, solvedKey + " has " + values.length + " labels for " + n + " points");
            }
        }
        String[][] texts = new String[1][];
        int[] labels = DefinitionReader.denseLabels(values, texts, 0);
        return new Definition(
                name,
                file,
                List.of(new PieceSet("P", n, 1)),
                new int[][] {labels},
                new int[][] {new int[n]},
                texts,
                list,
                cayley ? Metric.LISTED : Metric.GENERATORS);
    }

    private int[] ints(Value v, String what, int max) {
        if (v.value instanceof int[] numbers) {
            return numbers;
        }
        if (v.value instanceof List<?> items && items.isEmpty()) {
            return new int[0];
        }
        if (!(v.value instanceof List<?> items)) {
            throw error(v.line, what + " must be a list of numbers");
        }
        int[] out = new int[items.size()];
        for (int i = 0; i < out.length; i++) {
            Value item = (Value) items.get(i);
            if (!(item.value instanceof Long x)) {
                throw error(item.line, what + ": expected a whole number");
            }
            if (x < 0 || x > max) {
                throw error(item.line, what + ": number " + x + " out of range");
            }
            out[i] = (int) (long) x;
        }
        return out;
    }

    private Value value(int depth) {
        if (depth > MAX_DEPTH) {
            throw error(line, "nested more than " + MAX_DEPTH + " deep");
        }
        skipSpace();
        if (pos >= text.length()) {
            throw error(line, "unexpected end of file");
        }
        int start = line;
        char c = text.charAt(pos);
        switch (c) {
            case '{' -> {
                pos++;
                Map<String, Value> map = new LinkedHashMap<>();
                skipSpace();
                if (peek() == '}') {
                    pos++;
                    return new Value(map, start);
                }
                while (true) {
                    skipSpace();
                    int keyLine = line;
                    if (peek() != '"') {
                        throw error(line, "expected a \"key\"");
                    }
                    String key = string();
                    skipSpace();
                    expect(':');
                    Value v = value(depth + 1);
                    if (map.size() > DefinitionReader.MAX_MOVES) {
                        throw error(keyLine, "an object of more than " + DefinitionReader.MAX_MOVES + " keys");
                    }
                    if (map.put(key, v) != null) {
                        throw error(keyLine, "duplicate key " + shorten(key));
                    }
                    skipSpace();
                    char d = next();
                    if (d == '}') {
                        return new Value(map, start);
                    }
                    if (d != ',') {
                        throw error(line, "expected , or } after a value");
                    }
                }
            }
            case '[' -> {
                pos++;
                List<Value> list = new ArrayList<>();
                skipSpace();
                if (peek() == ']') {
                    pos++;
                    return new Value(list, start);
                }
                char first = peek();
                if (first == '-' || first >= '0' && first <= '9') {
                    return new Value(numbers(), start);
                }
                // the format's only lists are lists of numbers: refusing others bounds what a file can allocate
                throw error(line, "expected a list of whole numbers");
            }
            case '"' -> {
                return new Value(string(), start);
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    return new Value(number(), start);
                }
                for (String word : new String[] {"true", "false", "null"}) {
                    if (text.startsWith(word, pos)) {
                        pos += word.length();
                        return new Value(word.equals("null") ? null : Boolean.valueOf(word), start);
                    }
                }
                throw error(line, "unexpected character " + DefinitionText.describe(text.codePointAt(pos)));
            }
        }
    }

    /** A list of whole numbers straight into an int[] (no object per number: a permutation may be long). */
    private int[] numbers() {
        int[] out = new int[16];
        int n = 0;
        while (true) {
            skipSpace();
            int at = line;
            long x = number();
            if (x < 0 || x > Integer.MAX_VALUE) {
                throw error(at, "number " + x + " out of range");
            }
            if (n == DefinitionReader.MAX_SLOTS) {
                throw error(at, "a list longer than " + DefinitionReader.MAX_SLOTS + " numbers");
            }
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = (int) x;
            skipSpace();
            char d = next();
            if (d == ']') {
                return Arrays.copyOf(out, n);
            }
            if (d != ',') {
                throw error(line, "expected , or ] after a number");
            }
        }
    }

    private Long number() {
        int start = pos;
        if (peek() == '-') {
            pos++;
        }
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (pos < text.length() && (text.charAt(pos) == '.' || text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            throw error(line, "expected a whole number");
        }
        String digits = text.substring(start, pos);
        if (digits.isEmpty() || digits.equals("-")) {
            throw error(line, "expected a number");
        }
        if (digits.length() > 18) {
            throw error(line, "number too large: " + shorten(digits));
        }
        return Long.parseLong(digits);
    }

    private String string() {
        pos++; // the opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error(line, "unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == '"') {
                return wellFormed(sb.toString());
            }
            if (c == '\n' || c == '\r') {
                throw error(line, "unterminated string");
            }
            if (c == '\\') {
                if (pos >= text.length()) {
                    throw error(line, "unterminated string");
                }
                char e = text.charAt(pos++);
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error(line, "bad \\u escape");
                        }
                        try {
                            sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException x) {
                            throw error(line, "bad \\u escape");
                        }
                        pos += 4;
                    }
                    default -> throw error(line, "bad escape \\" + e);
                }
            } else {
                sb.append(c);
            }
        }
    }

    /**
     * The string as read, refused when a {@code \\u} escape left half a surrogate pair: no character, and no text
     * encoding can write it (it would come out as {@code ?}).
     */
    private String wellFormed(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw error(
                        line,
                        "string \"" + shorten(s) + "\" holds " + DefinitionText.describe(c)
                                + ": a \\u escape of half a surrogate pair is not Unicode text");
            }
        }
        return s;
    }

    private void skipSpace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (DefinitionReader.isLineEnd(text, pos)) {
                line++;
            } else if (DefinitionText.isStrayBlank(c)) {
                throw error(
                        line,
                        "unexpected character " + DefinitionText.describe(text.codePointAt(pos))
                                + ": separate values by plain spaces, tabs or line ends");
            } else if (c != ' ' && c != '\t' && c != '\r' && c != '\f') {
                return;
            }
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private char next() {
        if (pos >= text.length()) {
            throw error(line, "unexpected end of file");
        }
        return text.charAt(pos++);
    }

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error(line, pos >= text.length() ? "unexpected end of file" : "expected " + c);
        }
        pos++;
    }

    /**
     * A key or name fit for a one-line message: at most 40 characters, what cannot stand in a name (a newline) as '?'.
     */
    private static String shorten(String t) {
        return DefinitionText.printable(t);
    }

    private DefinitionException error(int at, String reason) {
        return new DefinitionException(file, at, reason);
    }
}
