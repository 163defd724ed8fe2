package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.encoding.Permutations;

/**
 * The pocket cube's corners as cubies (after Kociemba's corner model): position {@code i} holds corner {@code cp[i]}
 * twisted by {@code co[i]} (0..2: which of the position's three stickers shows the corner's U or D colour). Corners and
 * positions are numbered URF 0, UFL 1, ULB 2, UBR 3, DFR 4, DLF 5, DBL 6, DRB 7; the D-B-L corner never moves. A state
 * is packed in a long: {@code cp[i]} at bits 3i, {@code co[i]} at bits 24 + 2i. States multiply as permutations with
 * twists: {@code (a * b).cp[i] = a.cp[b.cp[i]]}, {@code (a * b).co[i] = a.co[b.cp[i]] + b.co[i]} (mod 3), so applying
 * move {@code m} to {@code s} is {@code s * m}.
 */
final class Cubies {
    static final int CORNERS = 8;
    static final int DBL = 6;
    /** 7! placements of the seven moving corners. */
    static final int PERMS = 5040;
    /** 3^6 twists of the first six moving corners (the seventh makes the sum 0 mod 3). */
    static final int TWISTS = 729;

    static final int STATES = PERMS * TWISTS;
    static final long SOLVED = pack(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, new int[8]);

    /** The quarter turns U, R, F (clockwise as seen from outside the face). */
    static final long U = pack(new int[] {3, 0, 1, 2, 4, 5, 6, 7}, new int[] {0, 0, 0, 0, 0, 0, 0, 0});

    static final long R = pack(new int[] {4, 1, 2, 0, 7, 5, 6, 3}, new int[] {2, 0, 0, 1, 1, 0, 0, 2});
    static final long F = pack(new int[] {1, 5, 2, 3, 0, 4, 6, 7}, new int[] {1, 2, 0, 0, 2, 1, 0, 0});

    /** The positions whose corner moves (all but D-B-L), in coordinate order. */
    private static final int[] MOVING = {0, 1, 2, 3, 4, 5, 7};

    private Cubies() {}

    static long pack(int[] cp, int[] co) {
        long s = 0;
        for (int i = 0; i < CORNERS; i++) {
            s |= (long) cp[i] << (3 * i) | (long) co[i] << (24 + 2 * i);
        }
        return s;
    }

    static int cp(long s, int i) {
        return (int) (s >>> (3 * i)) & 7;
    }

    static int co(long s, int i) {
        return (int) (s >>> (24 + 2 * i)) & 3;
    }

    static long multiply(long a, long b) {
        long s = 0;
        for (int i = 0; i < CORNERS; i++) {
            int from = cp(b, i);
            s |= (long) cp(a, from) << (3 * i) | (long) ((co(a, from) + co(b, i)) % 3) << (24 + 2 * i);
        }
        return s;
    }

    static long inverse(long a) {
        long s = 0;
        for (int i = 0; i < CORNERS; i++) {
            int c = cp(a, i);
            s |= (long) i << (3 * c) | (long) ((3 - co(a, i)) % 3) << (24 + 2 * c);
        }
        return s;
    }

    static long power(long a, int n) {
        long s = SOLVED;
        for (int k = 0; k < n; k++) {
            s = multiply(s, a);
        }
        return s;
    }

    /** Sum of the twists mod 3: 0 for every cube the moves reach. */
    static int twist(long s) {
        int t = 0;
        for (int i = 0; i < CORNERS; i++) {
            t += co(s, i);
        }
        return t % 3;
    }

    /** The coordinate of an untwisted state with D-B-L home: placement * 729 + twists, in [0, 3,674,160). */
    static int coordinate(long s) {
        long perm = 0;
        for (int k = 0; k < MOVING.length; k++) {
            int c = cp(s, MOVING[k]);
            perm |= (long) (c == 7 ? 6 : c) << (4 * k);
        }
        int twists = 0;
        for (int k = 0; k < 6; k++) {
            twists = twists * 3 + co(s, MOVING[k]);
        }
        return (int) Permutations.rank(perm, 7) * TWISTS + twists;
    }

    /** The state of a coordinate ({@link #coordinate}'s inverse). */
    static long state(int coordinate) {
        long perm = Permutations.unrank(coordinate / TWISTS, 7);
        int[] cp = new int[CORNERS];
        int[] co = new int[CORNERS];
        cp[DBL] = DBL;
        for (int k = 0; k < MOVING.length; k++) {
            int c = (int) (perm >>> (4 * k)) & 0xF;
            cp[MOVING[k]] = c == 6 ? 7 : c;
        }
        int twists = coordinate % TWISTS;
        int sum = 0;
        for (int k = 5; k >= 0; k--) {
            co[MOVING[k]] = twists % 3;
            sum += twists % 3;
            twists /= 3;
        }
        co[7] = (3 - sum % 3) % 3;
        return pack(cp, co);
    }
}
