package io.puzzleatlas.core.search;

import java.util.Arrays;

/**
 * The canonical move sequences of a permutation puzzle, from the products of its moves: a move never follows one with
 * which it makes the identity or a single move (U U', U U2), nor a commuting move of larger index (U D, never D U). The
 * smallest optimal move string never holds such a pair, as the shorter or the swapped string would beat it (Korf 1997
 * prunes the same products). A state is the last move plus one ({@link #START} before any).
 */
public final class CanonicalMoves implements MoveAutomaton {
    private final boolean[][] allowed;

    private CanonicalMoves(boolean[][] allowed) {
        this.allowed = allowed;
    }

    /**
     * The automaton of {@code n} moves whose products are known as arrays (any encoding in which equal permutations are
     * equal arrays).
     *
     * @param products {@code products[a][b]}: move a, then move b
     * @param singles each move alone
     * @param identity no move
     */
    public static CanonicalMoves of(int[][][] products, int[][] singles, int[] identity) {
        int n = singles.length;
        boolean[][] allowed = new boolean[n + 1][n];
        Arrays.fill(allowed[START], true);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                int[] ab = products[a][b];
                boolean prune = Arrays.equals(ab, identity) || (b < a && Arrays.equals(ab, products[b][a]));
                for (int c = 0; c < n && !prune; c++) {
                    prune = Arrays.equals(ab, singles[c]);
                }
                allowed[a + 1][b] = !prune;
            }
        }
        return new CanonicalMoves(allowed);
    }

    @Override
    public int next(int state, int move) {
        return allowed[state][move] ? move + 1 : REFUSED;
    }

    /** The moves that may follow {@code state}, by move index (for a kernel's inner loop; not to be changed). */
    public boolean[] after(int state) {
        return allowed[state];
    }
}
