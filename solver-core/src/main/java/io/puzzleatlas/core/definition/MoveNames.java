package io.puzzleatlas.core.definition;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Move names by index, found from a span of a text (a scramble's token) without making a String of it: an open
 * addressing table on {@link String#hashCode}'s hash of the span's characters, each hit checked character by character.
 * A bulk solve of scrambles looks up thirty names a row here.
 */
final class MoveNames {
    /** The names' characters by index, compared with a token's in place. */
    private final char[][] chars;
    /** Index + 1 of the name in each cell (0: empty); the table is at least twice the names. */
    private final int[] cells;

    private final int mask;

    MoveNames(List<String> names) {
        chars = new char[names.size()][];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = names.get(i).toCharArray();
        }
        int size = Integer.highestOneBit(Math.max(2, names.size()) * 4 - 1);
        cells = new int[size];
        mask = size - 1;
        for (int i = 0; i < names.size(); i++) {
            int c = names.get(i).hashCode() & mask; // the names are distinct: MoveSet refuses a name twice
            while (cells[c] != 0) {
                c = (c + 1) & mask;
            }
            cells[c] = i + 1;
        }
    }

    /**
     * The indices of the whitespace-separated names of {@code text}, read in one pass (a name's hash taken while its
     * token is read); a name no move has is thrown as {@code unknown} makes it from the name.
     */
    int[] indices(String text, Function<String, RuntimeException> unknown) {
        int n = text.length();
        int[] out = new int[(n + 1) / 2]; // a name and a blank at least for each but the last
        int count = 0;
        int i = 0;
        while (true) {
            while (i < n && blank(text.charAt(i))) {
                i++;
            }
            int from = i;
            int hash = 0;
            char c;
            while (i < n && !blank(c = text.charAt(i))) {
                hash = 31 * hash + c;
                i++;
            }
            if (from == i) {
                return count == out.length ? out : Arrays.copyOf(out, count);
            }
            int m = find(text, from, i, hash);
            if (m < 0) {
                throw unknown.apply(text.substring(from, i));
            }
            out[count++] = m;
        }
    }

    /** The index of the name {@code text[from, to)}, or -1 when no move has that name. */
    int find(String text, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) {
            h = 31 * h + text.charAt(i);
        }
        return find(text, from, to, h);
    }

    /**
     * As {@link #find(String, int, int)}, given the span's {@link String#hashCode} hash (computed while reading it).
     */
    int find(String text, int from, int to, int hash) {
        int length = to - from;
        for (int c = hash & mask; cells[c] != 0; c = (c + 1) & mask) {
            char[] name = chars[cells[c] - 1];
            if (name.length == length && same(text, from, name)) {
                return cells[c] - 1;
            }
        }
        return -1;
    }

    /** Whether {@code text} has {@code name}'s characters from {@code from} on. */
    private static boolean same(String text, int from, char[] name) {
        for (int k = 0; k < name.length; k++) {
            if (text.charAt(from + k) != name[k]) {
                return false;
            }
        }
        return true;
    }

    /** {@link Character#isWhitespace}, answered without a table for the ASCII characters of move names. */
    static boolean blank(char c) {
        if (c < 128) {
            return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
        }
        return Character.isWhitespace(c);
    }
}
