package io.puzzleatlas.core.definition;

import java.util.List;

/**
 * Move names by index, found from a span of a text (a scramble's token) without making a String of it: an open
 * addressing table on {@link String#hashCode}'s hash of the span's characters, each hit checked character by character.
 * A bulk solve of scrambles looks up thirty names a row here.
 */
final class MoveNames {
    private final String[] names;
    /** Index + 1 of the name in each cell (0: empty); the table is at least twice the names. */
    private final int[] cells;

    private final int mask;

    MoveNames(List<String> names) {
        this.names = names.toArray(new String[0]);
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
            String name = names[cells[c] - 1];
            if (name.length() == length && text.regionMatches(from, name, 0, length)) {
                return cells[c] - 1;
            }
        }
        return -1;
    }

    /** {@link Character#isWhitespace}, answered without a table for the ASCII characters of move names. */
    static boolean blank(char c) {
        if (c < 128) {
            return c == ' ' || (c >= 9 && c <= 13) || (c >= 28 && c <= 31);
        }
        return Character.isWhitespace(c);
    }
}
