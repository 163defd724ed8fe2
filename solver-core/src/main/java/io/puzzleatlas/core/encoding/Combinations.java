package io.puzzleatlas.core.encoding;

/**
 * Colexicographic ranking of k-subsets of {0..n-1} given as bit masks (n &lt;= 32).
 *
 * <p>The rank of a subset with elements {@code c_1 < c_2 < ... < c_k} is {@code sum C(c_i, i)}, a bijection onto
 * {@code [0, C(n, k))} (the combinatorial number system). The rotation game's one-colour abstraction ranks its 8-of-24
 * masks this way.
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

    /**
     * CHUNK_RANK[chunk][below][b]: the colex contribution of the bits of byte {@code b} placed at bits
     * {@code 8*chunk..8*chunk+7} when {@code below} set bits lie under them, so the rank of a mask of up to 24 bits is
     * three lookups ({@link #rank24}).
     */
    private static final int[][][] CHUNK_RANK = new int[3][25][256];

    static {
        for (int chunk = 0; chunk < 3; chunk++) {
            for (int below = 0; below <= 24; below++) {
                for (int b = 0; b < 256; b++) {
                    long sum = 0;
                    int i = below;
                    for (int bit = 0; bit < 8; bit++) {
                        if ((b & (1 << bit)) != 0) {
                            i++;
                            sum += i < MAX_N ? BINOMIAL[chunk * 8 + bit][i] : 0;
                        }
                    }
                    CHUNK_RANK[chunk][below][b] = (int) Math.min(Integer.MAX_VALUE, sum);
                }
            }
        }
    }

    private Combinations() {}

    /** Colex rank of a subset of {0..23}: equal to {@link #rank}, in three table lookups. */
    public static int rank24(int mask) {
        int low = mask & 0xFF;
        int mid = (mask >>> 8) & 0xFF;
        int below = Integer.bitCount(low);
        return CHUNK_RANK[0][0][low]
                + CHUNK_RANK[1][below][mid]
                + CHUNK_RANK[2][below + Integer.bitCount(mid)][(mask >>> 16) & 0xFF];
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
