package io.puzzleatlas.core.atlas;

import java.util.Arrays;

/**
 * A group of cell permutations acting on cell masks (up to 24 cells) through byte-indexed lookup tables. Construction
 * checks that the permutations form a group (identity, closure), which the census's orbit weights rely on.
 */
final class MaskSymmetries {
    private final int cells;
    private final int[][] perms;
    /** IMAGE[g][chunk][byte]: where the bits of one byte of a mask go under g. */
    private final int[][][] image;

    MaskSymmetries(int cells, int[][] perms) {
        this.cells = cells;
        this.perms = perms.clone();
        this.image = new int[perms.length][3][256];
        for (int g = 0; g < perms.length; g++) {
            if (perms[g].length != cells || !isPermutation(perms[g])) {
                throw new IllegalArgumentException("symmetry " + g + " is not a permutation of " + cells + " cells");
            }
            for (int chunk = 0; chunk < 3; chunk++) {
                for (int b = 0; b < 256; b++) {
                    int out = 0;
                    for (int bit = 0; bit < 8; bit++) {
                        int c = chunk * 8 + bit;
                        if ((b & (1 << bit)) != 0 && c < cells) {
                            out |= 1 << perms[g][c];
                        }
                    }
                    image[g][chunk][b] = out;
                }
            }
        }
        checkGroup();
    }

    int size() {
        return perms.length;
    }

    /** The mask of the cells {@code mask}'s cells go to under symmetry {@code g}. */
    int apply(int g, int mask) {
        int[][] t = image[g];
        return t[0][mask & 0xFF] | t[1][(mask >>> 8) & 0xFF] | t[2][mask >>> 16];
    }

    /** A board packed two bits per cell with its cells moved by symmetry {@code g}. */
    long apply(int g, long board) {
        long out = 0;
        int[] p = perms[g];
        for (int c = 0; c < cells; c++) {
            out |= ((board >>> (c << 1)) & 3) << (p[c] << 1);
        }
        return out;
    }

    /** Number of distinct images of {@code mask}, or 0 when some image is numerically smaller. */
    int orbitSizeIfCanonical(int mask) {
        int[] seen = new int[perms.length];
        int n = 0;
        for (int g = 0; g < perms.length; g++) {
            int im = apply(g, mask);
            if (im < mask) {
                return 0;
            }
            boolean fresh = true;
            for (int i = 0; i < n && fresh; i++) {
                fresh = seen[i] != im;
            }
            if (fresh) {
                seen[n++] = im;
            }
        }
        return n;
    }

    private static boolean isPermutation(int[] p) {
        boolean[] hit = new boolean[p.length];
        for (int v : p) {
            if (v < 0 || v >= p.length || hit[v]) {
                return false;
            }
            hit[v] = true;
        }
        return true;
    }

    private void checkGroup() {
        int[] identity = new int[cells];
        Arrays.setAll(identity, i -> i);
        if (!contains(identity)) {
            throw new IllegalArgumentException("symmetries must include the identity");
        }
        for (int[] a : perms) {
            for (int[] b : perms) {
                int[] ab = new int[cells];
                for (int c = 0; c < cells; c++) {
                    ab[c] = a[b[c]];
                }
                if (!contains(ab)) {
                    throw new IllegalArgumentException("symmetries are not closed under composition");
                }
            }
        }
    }

    private boolean contains(int[] p) {
        for (int[] q : perms) {
            if (Arrays.equals(p, q)) {
                return true;
            }
        }
        return false;
    }
}
