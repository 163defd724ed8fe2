package io.puzzleatlas.core.sliding;

/** The move string of a sliding-puzzle search's path of move numbers (0..3 = d l r u). */
final class SlidingPuzzlePath {
    private static final String LETTERS = "dlru";

    private SlidingPuzzlePath() {
    }

    static String moves(byte[] path, int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = LETTERS.charAt(path[i]);
        }
        return new String(chars);
    }
}
