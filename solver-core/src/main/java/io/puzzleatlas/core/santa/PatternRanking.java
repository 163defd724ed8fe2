package io.puzzleatlas.core.santa;

import java.util.Arrays;

/**
 * The ranks of a {@link PiecePattern}'s abstract states ({@link PieceKinds}: kinds in {@code a[0..slots)}, orientations
 * in {@code a[slots..2*slots)}): the kinds' placement (a partial permutation in mixed radix when every tracked kind is
 * one piece, else the multiset permutation's index by multinomials) times the orientations of the tracked pieces (base
 * {@code |G|}; when every piece is tracked, {@code G} is cyclic and every move keeps the orientations' sum, the last
 * one is implied and left out, as Korf's corner table does). Rank and unrank are an inverse pair over {@code [0,
 * entries)}. Immutable; the methods take the caller's work arrays.
 */
final class PatternRanking {
    private final int slots;
    private final int kinds;
    private final int blank;
    private final int[] count;
    private final boolean distinct;
    private final boolean impliedLast;
    private final int[] exponent;
    private final int r;
    private final long oriSpace;
    private final long entries;

    /**
     * The ranks of {@code orbit}'s abstract states with {@code kinds} tracked kinds of {@code kindCount} pieces each;
     * {@code free} when no kind shows the same content in two orientations.
     */
    PatternRanking(PieceOrbit orbit, int kinds, int[] kindCount, boolean free) {
        this.slots = orbit.slots;
        this.kinds = kinds;
        this.blank = kinds;
        this.r = orbit.groupSize();
        this.count = Arrays.copyOf(kindCount, kinds + 1);
        int t = 0;
        boolean single = true;
        for (int c : kindCount) {
            t += c;
            single &= c == 1;
        }
        this.count[blank] = slots - t;
        this.distinct = single && slots <= 62;
        this.exponent = cyclicExponents(orbit);
        this.impliedLast = distinct && free && t == slots && r > 1 && exponent != null && sumKept(orbit, exponent);
        long ori = 1;
        for (int i = 0; i < (impliedLast ? t - 1 : t) && r > 1; i++) {
            ori *= r;
        }
        this.oriSpace = ori;
        this.entries = placements(slots, count) * ori;
    }

    /** Entries of a pattern of {@code orbit} tracking kinds with {@code counts} (the rest blank); an upper bound. */
    static double entries(PieceOrbit orbit, int[] counts) {
        double n = 1;
        int placed = 0;
        for (int c : counts) {
            for (int i = 1; i <= c; i++) {
                n = n * (orbit.slots - placed) / i;
                placed++;
                n *= orbit.groupSize();
            }
        }
        return n;
    }

    /** Element -> exponent of a generator when {@code G} is cyclic, else null. */
    private static int[] cyclicExponents(PieceOrbit orbit) {
        int r = orbit.groupSize();
        for (int x = 0; x < r; x++) {
            int[] exp = new int[r];
            Arrays.fill(exp, -1);
            int e = 0;
            for (int j = 0; j < r; j++) {
                if (exp[e] >= 0) {
                    break;
                }
                exp[e] = j;
                e = orbit.compose[x][e];
            }
            if (Arrays.stream(exp).allMatch(v -> v >= 0)) {
                return exp;
            }
        }
        return null;
    }

    /** Whether every action keeps the sum of the orientations' exponents (mod |G|). */
    private static boolean sumKept(PieceOrbit orbit, int[] exponent) {
        for (int[] tw : orbit.twist) {
            int sum = 0;
            for (int g : tw) {
                sum += exponent[g];
            }
            if (sum % orbit.groupSize() != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The multinomial {@code slots! / prod(count!)}: the product of C(left, c) over the tracked kinds (the blanks
     * last).
     */
    private static long placements(int slots, int[] count) {
        long n = 1;
        int left = slots;
        for (int k = 0; k < count.length - 1; k++) {
            long choose = 1;
            for (int i = 1; i <= count[k]; i++) {
                choose = choose * (left - i + 1) / i;
            }
            n *= choose;
            left -= count[k];
        }
        return n;
    }

    /** The number of ranks. */
    long entries() {
        return entries;
    }

    /**
     * Whether every tracked kind is one piece (and the slots fit a {@code long}'s bits): then the states are also
     * ranked from the kinds' slots and orientations ({@link #rankKinds}, {@link #unrankKinds}).
     */
    boolean distinct() {
        return distinct;
    }

    /**
     * The rank of the abstract state with kinds {@code a[at..at+slots)} and orientations {@code a[at+slots..)}; -1 when
     * the kinds' counts are not the pattern's. Uses {@code work[4*slots..]}.
     */
    long rank(int[] a, int at, int[] work) {
        int o = at + slots;
        if (distinct) {
            int pos = 4 * slots;
            int ori = pos + kinds;
            long seen = 0;
            for (int p = 0; p < slots; p++) {
                int k = a[at + p];
                if (k != blank) {
                    if ((seen & (1L << k)) != 0) {
                        return -1;
                    }
                    seen |= 1L << k;
                    work[pos + k] = p;
                    work[ori + k] = a[o + p];
                }
            }
            if (Long.bitCount(seen) != kinds) {
                return -1;
            }
            return rankKinds(work, pos, ori);
        }
        int left = 4 * slots;
        for (int k = 0; k <= kinds; k++) {
            work[left + k] = count[k];
        }
        long multi = entries / oriSpace;
        long seq = 0;
        long oris = 0;
        int rest = slots;
        for (int p = 0; p < slots; p++) {
            int k = a[at + p];
            for (int j = 0; j < k; j++) {
                int c = work[left + j];
                if (c > 0) {
                    seq += multi * c / rest;
                }
            }
            int c = work[left + k];
            if (c == 0) {
                return -1;
            }
            multi = multi * c / rest;
            work[left + k] = c - 1;
            rest--;
            if (k != blank && r > 1) {
                oris = oris * r + a[o + p];
            }
        }
        return seq * oriSpace + oris;
    }

    /** The rank of the tracked kinds at slots {@code w[pos..pos+kinds)} in orientations {@code w[ori..ori+kinds)}. */
    long rankKinds(int[] w, int pos, int ori) {
        long used = 0;
        long seq = 0;
        for (int j = 0; j < kinds; j++) {
            int p = w[pos + j];
            seq = seq * (slots - j) + p - Long.bitCount(used & ((1L << p) - 1));
            used |= 1L << p;
        }
        long oris = 0;
        if (r > 1) {
            int n = impliedLast ? kinds - 1 : kinds;
            for (int j = 0; j < n; j++) {
                oris = oris * r + w[ori + j];
            }
        }
        return seq * oriSpace + oris;
    }

    /** Writes the slots and orientations of the tracked kinds of {@code rank} to {@code w[pos..)}, {@code w[ori..)}. */
    void unrankKinds(long rank, int[] w, int pos, int ori) {
        long seq = rank / oriSpace;
        long oris = rank % oriSpace;
        int n = impliedLast ? kinds - 1 : kinds;
        for (int j = kinds - 1; j >= 0; j--) {
            int o = 0;
            if (r > 1 && j < n) {
                o = (int) (oris % r);
                oris /= r;
            }
            w[ori + j] = o;
        }
        if (impliedLast) {
            int sum = 0;
            for (int j = 0; j < n; j++) {
                sum += exponent[w[ori + j]];
            }
            int want = ((-sum) % r + r) % r;
            for (int g = 0; g < r; g++) {
                if (exponent[g] == want) {
                    w[ori + n] = g;
                }
            }
        }
        for (int j = kinds - 1; j >= 0; j--) { // Lehmer digits first, then the d-th free slot for each
            w[pos + j] = (int) (seq % (slots - j));
            seq /= slots - j;
        }
        long used = 0;
        for (int j = 0; j < kinds; j++) {
            long free = ~used;
            for (int d = w[pos + j]; d > 0; d--) {
                free &= free - 1;
            }
            int p = Long.numberOfTrailingZeros(free);
            used |= 1L << p;
            w[pos + j] = p;
        }
    }

    /** Writes the abstract state of {@code rank} into {@code a[0..2*slots)}. Uses {@code work[4*slots..]}. */
    void unrank(long rank, int[] a, int[] work) {
        if (distinct) {
            int pos = 4 * slots;
            int ori = pos + kinds;
            unrankKinds(rank, work, pos, ori);
            Arrays.fill(a, 0, slots, blank);
            Arrays.fill(a, slots, 2 * slots, 0);
            for (int j = 0; j < kinds; j++) {
                a[work[pos + j]] = j;
                a[slots + work[pos + j]] = work[ori + j];
            }
            return;
        }
        long seq = rank / oriSpace;
        long oris = rank % oriSpace;
        int left = 4 * slots;
        for (int k = 0; k <= kinds; k++) {
            work[left + k] = count[k];
        }
        long multi = entries / oriSpace;
        int rest = slots;
        for (int p = 0; p < slots; p++) {
            for (int k = 0; k <= kinds; k++) {
                int c = work[left + k];
                if (c == 0) {
                    continue;
                }
                long n = multi * c / rest;
                if (seq < n) {
                    a[p] = k;
                    multi = n;
                    work[left + k] = c - 1;
                    break;
                }
                seq -= n;
            }
            rest--;
        }
        long digits = oris;
        for (int p = slots - 1; p >= 0; p--) {
            if (a[p] != blank && r > 1) {
                a[slots + p] = (int) (digits % r);
                digits /= r;
            } else {
                a[slots + p] = 0;
            }
        }
    }
}
