package io.puzzleatlas.core.encoding;

/**
 * Lehmer-code ranking of permutations stored four bits per element in a {@code long} (element {@code i} in bits
 * {@code 4i..4i+3}), for up to 16 elements.
 *
 * <p>The rank of a permutation of {@code 0..n-1} is its index in lexicographic order, so {@code 0 <= rank < n!}; for n
 * &lt;= 16 that fits in a long. Ranking is O(n) with one popcount per element; unranking is O(n^2) in the worst case,
 * which is a few dozen steps for n &lt;= 16. The parity of a permutation equals the parity of the sum of its Lehmer
 * digits, so ranks {@code 2k} and {@code 2k+1} always have opposite parities (they differ in the last two elements).
 */
public final class Permutations {
    /** FACTORIAL[n] = n! for 0 <= n <= 20. */
    private static final long[] FACTORIAL = new long[21];

    static {
        FACTORIAL[0] = 1;
        for (int i = 1; i < FACTORIAL.length; i++) {
            FACTORIAL[i] = FACTORIAL[i - 1] * i;
        }
    }

    private Permutations() {}

    /** n! for 0 <= n <= 20. */
    public static long factorial(int n) {
        return FACTORIAL[n];
    }

    /** Element {@code i} of a packed permutation. */
    public static int get(long packed, int i) {
        return (int) (packed >>> (i << 2)) & 0xF;
    }

    /** The packed permutation with element {@code i} set to {@code value} (previously any value). */
    public static long set(long packed, int i, int value) {
        int shift = i << 2;
        return (packed & ~(0xFL << shift)) | ((long) value << shift);
    }

    /** Packs {@code values[0..n)} four bits each. */
    public static long pack(int[] values, int n) {
        long packed = 0;
        for (int i = n - 1; i >= 0; i--) {
            packed = (packed << 4) | values[i];
        }
        return packed;
    }

    /** 0, 1, ..., 15 as a nibble list, lowest first: the values an unranking has not placed yet. */
    public static final long IDENTITY_LIST = 0xFEDC_BA98_7654_3210L;

    /** The nibble list {@code list} with its entry {@code index} taken out (the later ones move down): no scan. */
    public static long without(long list, int index) {
        int shift = index << 2;
        long below = (1L << shift) - 1;
        return (list & below) | ((list >>> 4) & ~below);
    }

    /** The identity permutation 0, 1, ..., n-1. */
    public static long identity(int n) {
        long packed = 0;
        for (int i = n - 1; i >= 0; i--) {
            packed = (packed << 4) | i;
        }
        return packed;
    }

    /** Lehmer rank in [0, n!) of a packed permutation of 0..n-1. */
    public static long rank(long packed, int n) {
        long rank = 0;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            int v = (int) (packed >>> (i << 2)) & 0xF;
            int smallerUnseen = v - Integer.bitCount(seen & ((1 << v) - 1));
            rank = rank * (n - i) + smallerUnseen;
            seen |= 1 << v;
        }
        return rank;
    }

    /** Lehmer digits read from {@link #LOW_TABLE} rather than by division. */
    private static final int LOW_DIGITS = 7;
    /**
     * The last {@value #LOW_DIGITS} Lehmer digits of every value below 7! (place values 6!, 5!, ..., 0!; the same
     * whatever n is), packed four bits each, the first lowest: 20 KB.
     */
    private static final int[] LOW_TABLE = new int[(int) FACTORIAL[LOW_DIGITS]];

    static {
        for (int v = 0; v < LOW_TABLE.length; v++) {
            int rest = v;
            int packed = 0;
            for (int j = 0; j < LOW_DIGITS; j++) {
                int f = (int) FACTORIAL[LOW_DIGITS - 1 - j];
                packed |= (rest / f) << (4 * j);
                rest %= f;
            }
            LOW_TABLE[v] = packed;
        }
    }

    /**
     * The packed permutation of 0..n-1 whose Lehmer rank is {@code rank}. The values not yet placed are kept as a list
     * of nibbles in one long, so the digit-th of them is one shift and taking it out two masks, with no scan. The last
     * seven digits come from one table lookup (a division per digit was three quarters of the magic board's table
     * build).
     */
    public static long unrank(long rank, int n) {
        return unrank(rank, n, -1);
    }

    /**
     * Of the two permutations of 0..n-1 (n &gt;= 2) whose Lehmer ranks are {@code rank} and {@code rank ^ 1}, the one
     * of parity {@code parity}: they differ only in their last two elements, and in parity. A sliding board's tile
     * sequence is unranked this way, from half its Lehmer rank and the parity its goal class demands.
     */
    public static long unrankWithParity(long rank, int n, int parity) {
        return unrank(rank & ~1L, n, parity);
    }

    /**
     * {@link #unrank(long, int)}; with {@code parity} 0 or 1, digit n-2 (of place value 1) is chosen to give that
     * parity.
     */
    private static long unrank(long rank, int n, int parity) {
        int lowCount = Math.min(n, LOW_DIGITS);
        int high = n - lowCount;
        long unused = IDENTITY_LIST;
        long packed = 0;
        int lowDigits = 0;
        int digitSum = 0;
        for (int i = 0; i < n; i++) {
            int digit;
            if (i < high) {
                long f = FACTORIAL[n - 1 - i];
                // a rank that fits an int (so does f, when not above it) divides several times faster as one
                digit = rank < f ? 0 : rank <= Integer.MAX_VALUE ? (int) rank / (int) f : (int) (rank / f);
                rank -= digit * f;
            } else {
                if (i == high) { // rank < lowCount! now: its digits are the table's last lowCount ones
                    lowDigits = LOW_TABLE[(int) rank] >>> (4 * (LOW_DIGITS - lowCount));
                }
                digit = lowDigits & 0xF;
                lowDigits >>>= 4;
            }
            if (parity >= 0 && i == n - 2) { // the parity of a permutation is that of its digit sum
                digit = (digitSum & 1) ^ parity;
            }
            digitSum += digit;
            packed |= ((unused >>> (digit << 2)) & 0xF) << (i << 2);
            unused = without(unused, digit);
        }
        return packed;
    }

    /** 0 for an even permutation of 0..n-1, 1 for an odd one. */
    public static int parity(long packed, int n) {
        int parity = 0;
        int seen = 0;
        for (int i = 0; i < n; i++) {
            int v = (int) (packed >>> (i << 2)) & 0xF;
            parity ^= (v - Integer.bitCount(seen & ((1 << v) - 1))) & 1;
            seen |= 1 << v;
        }
        return parity;
    }
}
