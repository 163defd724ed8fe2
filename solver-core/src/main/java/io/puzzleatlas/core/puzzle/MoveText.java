package io.puzzleatlas.core.puzzle;

import java.util.List;

/**
 * Move sequences as text for one puzzle, made once per solver: single-letter names are written back to back
 * ({@code dlru}), longer ones, and every puzzle's that asks for it ({@link Puzzle#spacedMoves()}), with single spaces
 * ({@code U R2 F'}, {@code L X R}), without looking at the names again for every answer.
 */
public final class MoveText {
    private final String[] names;
    /** The names' letters when every name is one character, else null. */
    private final char[] letters;

    public MoveText(Puzzle puzzle) {
        List<String> list = puzzle.moveNames();
        this.names = list.toArray(new String[0]);
        char[] l = puzzle.spacedMoves() ? null : new char[names.length];
        for (int i = 0; i < names.length && l != null; i++) {
            if (names[i].length() == 1) {
                l[i] = names[i].charAt(0);
            } else {
                l = null;
            }
        }
        this.letters = l;
    }

    /** The text of the first {@code length} moves of {@code moves}. */
    public String of(int[] moves, int length) {
        if (letters != null) {
            char[] text = new char[length];
            for (int i = 0; i < length; i++) {
                text[i] = letters[moves[i]];
            }
            return new String(text);
        }
        StringBuilder sb = new StringBuilder(length * 3);
        for (int i = 0; i < length; i++) {
            sb.append(i == 0 ? "" : " ").append(names[moves[i]]);
        }
        return sb.toString();
    }
}
