package io.puzzleatlas.core.encoding;

/**
 * Colexicographic ranking of k-subsets of {0..n-1} given as bit masks (n &lt;= 32).
 *
 * <p>The rank of a subset with elements {@code c_1 < c_2 < ... < c_k} is
 * {@code sum C(c_i, i)}, a bijection onto {@code [0, C(n, k))} (the combinatorial number
 * system). The rotation game's one-colour abstraction ranks its 8-of-24 masks this way.
 */
public final class Combinations {
    private static final int MAX_N = 33;
    /** BINOMIAL[n][k] = C(n, k). */
    private static final long[][] BINOMIAL = new long[MAX_N][MAX_N];

    static {
        for (int n = 0; n < MAX_N; n++) {
            BINOMIAL[n][0] = 1;
            for (int k = 1; k <= n; k++) {
                BINOMIAL[n][k] = BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k];
            }
        }
    }

    private Combinations() {
    }

    /** C(n, k), 0 when k &gt; n. */
    public static long binomial(int n, int k) {
        return k < 0 || k > n ? 0 : BINOMIAL[n][k];
    }

    /** Colex rank of the subset {@code mask}. */
    public static long rank(long mask) {
        long rank = 0;
        int i = 1;
        while (mask != 0) {
            int c = Long.numberOfTrailingZeros(mask);
            rank += BINOMIAL[c][i++];
            mask &= mask - 1;
        }
        return rank;
    }

    /** The k-subset of {0..n-1} with colex rank {@code rank}. */
    public static long unrank(long rank, int n, int k) {
        long mask = 0;
        int c = n - 1;
        for (int i = k; i >= 1; i--) {
            while (BINOMIAL[c][i] > rank) {
                c--;
            }
            rank -= BINOMIAL[c][i];
            mask |= 1L << c;
            c--;
        }
        return mask;
    }
}
