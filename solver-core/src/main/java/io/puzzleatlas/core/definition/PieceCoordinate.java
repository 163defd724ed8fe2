package io.puzzleatlas.core.definition;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * Where the pieces of one orbit of slots are. Distinct pieces: the Lehmer rank of their arrangement (k! ranks), halved
 * when every move is an even permutation of the orbit (only the arrangements of the solved state's parity are
 * reachable; an arrangement and the one with its last two pieces swapped have ranks 2j and 2j+1 and opposite parities,
 * so j ranks the right one). Identical pieces: the rank of the arrangement among all arrangements of the multiset in
 * lexicographic order (k! / prod(count!) ranks).
 */
final class PieceCoordinate extends Coordinate {
    /** Most slots of an orbit of distinct pieces (20! fits a long). */
    static final int MAX_DISTINCT = 20;

    /** Local value (0..distinct-1) of each label of the set, -1 for labels not in the orbit. */
    private final int[] local;
    /** The label of each local value. */
    private final int[] labelOf;
    /** How many pieces carry each local value. */
    private final int[] counts;

    private final boolean distinct;
    private final boolean evenOnly;
    /** Parity of the solved arrangement (the parity kept when evenOnly). */
    private final int parity;

    private final long size;
    private final long[] factorial;

    PieceCoordinate(int[] slots, int[] solvedLabels, int labelCount, boolean evenMoves) {
        super(slots);
        local = new int[labelCount];
        Arrays.fill(local, -1);
        int[] countByLabel = new int[labelCount];
        for (int g : slots) {
            countByLabel[solvedLabels[g]]++;
        }
        int distinctValues = 0;
        for (int l = 0; l < labelCount; l++) {
            if (countByLabel[l] > 0) {
                local[l] = distinctValues++;
            }
        }
        labelOf = new int[distinctValues];
        counts = new int[distinctValues];
        for (int l = 0; l < labelCount; l++) {
            if (local[l] >= 0) {
                labelOf[local[l]] = l;
                counts[local[l]] = countByLabel[l];
            }
        }
        int k = slots.length;
        distinct = distinctValues == k;
        if (distinct && k > MAX_DISTINCT) {
            throw new ArithmeticException(k + " distinct pieces in one orbit of slots");
        }
        factorial = new long[Math.min(k, MAX_DISTINCT) + 1];
        factorial[0] = 1;
        for (int i = 1; i < factorial.length; i++) {
            factorial[i] = factorial[i - 1] * i;
        }
        evenOnly = distinct && evenMoves && k >= 2;
        if (distinct) {
            int[] v = new int[k];
            for (int i = 0; i < k; i++) {
                v[i] = local[solvedLabels[slots[i]]];
            }
            parity = lehmerParity(v);
            size = evenOnly ? factorial[k] / 2 : factorial[k];
        } else {
            parity = 0;
            size = multinomial(counts, k);
        }
    }

    /** k! / prod(counts!), exactly, or an ArithmeticException past a long. */
    private static long multinomial(int[] counts, int k) {
        BigInteger n = BigInteger.ONE;
        int placed = 0;
        for (int c : counts) {
            for (int i = 1; i <= c; i++) {
                placed++;
                n = n.multiply(BigInteger.valueOf(placed)).divide(BigInteger.valueOf(i));
            }
        }
        // ranking multiplies a count of arrangements by a piece count (< 2^13): keep both in a long
        if (n.bitLength() > 50) {
            throw new ArithmeticException("more than 2^50 arrangements of an orbit's pieces");
        }
        return n.longValueExact();
    }

    private static int lehmerParity(int[] v) {
        int inversions = 0;
        for (int i = 0; i < v.length; i++) {
            for (int j = i + 1; j < v.length; j++) {
                inversions += v[j] < v[i] ? 1 : 0;
            }
        }
        return inversions & 1;
    }

    @Override
    long size() {
        return size;
    }

    @Override
    String describe() {
        return distinct
                ? slots.length + " distinct pieces" + (evenOnly ? ", even arrangements" : "")
                : slots.length + " pieces of " + counts.length + " kinds";
    }

    @Override
    long rank(int[] labels, int[] orientations, int[] scratch) {
        int k = slots.length;
        if (distinct) {
            long r = 0;
            int used = 0;
            for (int i = 0; i < k; i++) {
                int v = local[labels[slots[i]]];
                // the digit: values below v not used yet
                int digit = v - Integer.bitCount(used & ((1 << v) - 1));
                used |= 1 << v;
                r += digit * factorial[k - 1 - i];
            }
            return evenOnly ? r >>> 1 : r;
        }
        int[] rem = scratch;
        System.arraycopy(counts, 0, rem, 0, counts.length);
        long arrangements = size;
        long r = 0;
        for (int i = 0; i < k; i++) {
            int v = local[labels[slots[i]]];
            int left = k - i;
            for (int u = 0; u < v; u++) {
                // arrangements of the rest that start with u
                r += arrangements * rem[u] / left;
            }
            arrangements = arrangements * rem[v] / left;
            rem[v]--;
        }
        return r;
    }

    @Override
    void unrank(long r, int[] labels, int[] orientations, int[] scratch) {
        int k = slots.length;
        if (distinct) {
            long rest = evenOnly ? r << 1 : r;
            int used = 0;
            int inversions = 0;
            for (int i = 0; i < k; i++) {
                long f = factorial[k - 1 - i];
                int digit = (int) (rest / f);
                rest -= digit * f;
                inversions += digit;
                // the digit-th unused value
                int v = 0;
                for (int seen = -1; ; v++) {
                    if ((used & (1 << v)) == 0 && ++seen == digit) {
                        break;
                    }
                }
                used |= 1 << v;
                labels[slots[i]] = labelOf[v];
            }
            if (evenOnly && (inversions & 1) != parity) {
                int a = slots[k - 2];
                int b = slots[k - 1];
                int t = labels[a];
                labels[a] = labels[b];
                labels[b] = t;
            }
            return;
        }
        int[] rem = scratch;
        System.arraycopy(counts, 0, rem, 0, counts.length);
        long arrangements = size;
        for (int i = 0; i < k; i++) {
            int left = k - i;
            for (int u = 0; ; u++) {
                long starting = arrangements * rem[u] / left;
                if (r < starting) {
                    labels[slots[i]] = labelOf[u];
                    arrangements = starting;
                    rem[u]--;
                    break;
                }
                r -= starting;
            }
        }
    }

    /**
     * Distinct pieces: each step (move) as a permutation of the orbit's positions ({@code orbitSource[m][i]}: the
     * position whose piece position i receives), so {@link #step} works on the pieces' local values alone.
     */
    private int[][] orbitSource;

    @Override
    void prepare(MoveSet moves) {
        if (!distinct) {
            return;
        }
        int[] position = new int[moves.slotCount];
        for (int i = 0; i < slots.length; i++) {
            position[slots[i]] = i;
        }
        int[][] source = new int[moves.steps()][slots.length];
        for (int m = 0; m < source.length; m++) {
            for (int i = 0; i < slots.length; i++) {
                source[m][i] = position[moves.src[m][slots[i]]];
            }
        }
        orbitSource = source;
    }

    /**
     * Distinct pieces: unrank once into local values, then each move's Lehmer rank straight from them (Horner's rule
     * over the digits, the digits by popcount), with no label arrays; identical pieces: the general way.
     */
    @Override
    void step(MoveSet moves, int first, long digit, long place, long[] out, int at, Scratch x) {
        if (orbitSource == null) {
            super.step(moves, first, digit, place, out, at, x);
            return;
        }
        int[] v = x.scratch;
        localValues(digit, v);
        for (int m = 0; m < moves.count(); m++) {
            out[at + m] += rankAfter(v, orbitSource[first + m]) * place;
        }
    }

    /** Distinct pieces: each move's rank in turn, stopping at the first that passes. */
    @Override
    boolean anyStep(MoveSet moves, int first, long digit, LongPredicate test, long[] buffer, Scratch x) {
        if (orbitSource == null) {
            return super.anyStep(moves, first, digit, test, buffer, x);
        }
        int[] v = x.scratch;
        localValues(digit, v);
        for (int m = 0; m < moves.count(); m++) {
            if (test.test(rankAfter(v, orbitSource[first + m]))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The rank of the arrangement whose position i holds local value {@code v[source[i]]}: the Lehmer digits by
     * popcount, summed by Horner's rule.
     */
    private long rankAfter(int[] v, int[] source) {
        int k = source.length;
        long r = 0;
        int used = 0;
        for (int i = 0; i < k; i++) {
            int value = v[source[i]];
            r = r * (k - i) + value - Integer.bitCount(used & ((1 << value) - 1));
            used |= 1 << value;
        }
        return evenOnly ? r >>> 1 : r;
    }

    /** The local value of the piece at each orbit position of the arrangement of rank {@code r} (distinct pieces). */
    private void localValues(long r, int[] v) {
        int k = slots.length;
        long rest = evenOnly ? r << 1 : r;
        int free = (1 << k) - 1;
        int inversions = 0;
        for (int i = 0; i < k; i++) {
            long f = factorial[k - 1 - i];
            int digit = (int) (rest / f);
            rest -= digit * f;
            inversions += digit;
            int bits = free;
            for (int j = 0; j < digit; j++) {
                bits &= bits - 1;
            }
            int value = Integer.numberOfTrailingZeros(bits);
            free &= ~(1 << value);
            v[i] = value;
        }
        if (evenOnly && (inversions & 1) != parity) {
            int t = v[k - 2];
            v[k - 2] = v[k - 1];
            v[k - 1] = t;
        }
    }

    @Override
    String refuse(int[] labels, int[] orientations) {
        int[] seen = new int[counts.length];
        int[] v = new int[slots.length];
        for (int i = 0; i < slots.length; i++) {
            int l = labels[slots[i]];
            int x = l < local.length ? local[l] : -1;
            if (x < 0 || ++seen[x] > counts[x]) {
                return slotsText(slots) + " do not hold the pieces the solved state has there";
            }
            v[i] = x;
        }
        if (evenOnly && lehmerParity(v) != parity) {
            return "the pieces are an odd permutation away from the solved state, and every move is even";
        }
        return null;
    }
}
