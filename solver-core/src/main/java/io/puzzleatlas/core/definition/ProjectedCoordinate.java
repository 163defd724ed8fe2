package io.puzzleatlas.core.definition;

import java.util.Arrays;

/**
 * Some distinct pieces of one orbit, the rest not told apart: where each tracked piece is and, when the set has
 * orientations, how it is turned. A pattern database's coordinate (Culberson & Schaeffer 1998; Korf 1997 tracks the
 * 3x3x3's edges six at a time this way). The rank is the tracked pieces' slots as a partial permutation (piece t's slot
 * among those pieces 0..t-1 left free: {@code n (n-1) ... (n-k+1)} ranks, by Horner's rule), then their orientations in
 * piece order, base {@code modulus}.
 *
 * <p>Untracked slots unrank to one untracked label and orientation 0; ranking ignores them. Stepped without move
 * tables: the tracked pieces' slots follow a per-step destination table, k lookups and a rank per move.
 */
final class ProjectedCoordinate extends Coordinate {
    private final int n;
    private final int k;
    private final int modulus;
    /** Tracked index of each label of the set (-1: not tracked). */
    private final int[] track;
    /** The label of each tracked index. */
    private final int[] trackedLabel;
    /** The label written into untracked slots. */
    private final int blankLabel;

    private final long size;
    private final long orientationSize;
    /** Per step: where the piece in local slot i goes, and the twist it gains there. */
    private int[][] dest;

    private int[][] twist;

    /**
     * @param slots the orbit's global slots, ascending
     * @param tracked the labels followed (each on exactly one slot of the orbit), in the order they are ranked
     * @param labelCount labels of the set
     * @param blankLabel a label of the orbit that is not tracked
     * @param modulus the set's orientations (1: none)
     */
    ProjectedCoordinate(int[] slots, int[] tracked, int labelCount, int blankLabel, int modulus) {
        super(slots);
        this.n = slots.length;
        this.k = tracked.length;
        this.modulus = modulus;
        if (n > 62) {
            throw new ArithmeticException(n + " slots in one orbit: a projection ranks at most 62");
        }
        this.track = new int[labelCount];
        Arrays.fill(track, -1);
        this.trackedLabel = tracked.clone();
        for (int t = 0; t < k; t++) {
            track[tracked[t]] = t;
        }
        this.blankLabel = blankLabel;
        long places = 1;
        long orient = 1;
        for (int t = 0; t < k; t++) {
            places = Math.multiplyExact(places, n - t);
            orient = Math.multiplyExact(orient, modulus);
        }
        this.orientationSize = orient;
        this.size = Math.multiplyExact(places, orient);
    }

    @Override
    long size() {
        return size;
    }

    @Override
    String describe() {
        return k + " of " + n + " pieces" + (modulus > 1 ? " with orientations" : "");
    }

    /** The tracked labels, in rank order. */
    int[] tracked() {
        return trackedLabel.clone();
    }

    @Override
    long rank(int[] labels, int[] orientations, int[] scratch) {
        // scratch[t]: local slot of tracked piece t, orientation above bit 16
        for (int i = 0; i < n; i++) {
            int g = slots[i];
            int t = track[labels[g]];
            if (t >= 0) {
                scratch[t] = i | orientations[g] << 16;
            }
        }
        return rankPacked(scratch);
    }

    /** The rank of tracked pieces packed as {@code slot | orientation << 16}, in {@code v[0..k-1]}. */
    private long rankPacked(int[] v) {
        long used = 0;
        long r = 0;
        long o = 0;
        for (int t = 0; t < k; t++) {
            int i = v[t] & 0xFFFF;
            r = r * (n - t) + i - Long.bitCount(used & ((1L << i) - 1));
            used |= 1L << i;
            o = o * modulus + (v[t] >>> 16);
        }
        return r * orientationSize + o;
    }

    /** Writes the tracked pieces of rank {@code r} packed ({@link #rankPacked}) into {@code v[0..k-1]}. */
    private void unrankPacked(long r, int[] v) {
        long place = r / orientationSize;
        long o = r % orientationSize;
        for (int t = k - 1; t >= 0; t--) {
            v[t] = (int) (place % (n - t)) | (int) (o % modulus) << 16;
            place /= n - t;
            o /= modulus;
        }
        long used = 0;
        for (int t = 0; t < k; t++) {
            // the digit's free local slot: the (digit+1)-th zero bit of used
            int digit = v[t] & 0xFFFF;
            int i = 0;
            for (int seen = -1; ; i++) {
                if ((used & (1L << i)) == 0 && ++seen == digit) {
                    break;
                }
            }
            used |= 1L << i;
            v[t] = (v[t] & ~0xFFFF) | i;
        }
    }

    @Override
    void unrank(long r, int[] labels, int[] orientations, int[] scratch) {
        unrankPacked(r, scratch);
        for (int g : slots) {
            labels[g] = blankLabel;
            orientations[g] = 0;
        }
        for (int t = 0; t < k; t++) {
            int g = slots[scratch[t] & 0xFFFF];
            labels[g] = trackedLabel[t];
            orientations[g] = scratch[t] >>> 16;
        }
    }

    @Override
    String refuse(int[] labels, int[] orientations) {
        return null; // the whole state was checked by the puzzle's own ranks
    }

    @Override
    void prepare(MoveSet moves) {
        int steps = moves.steps();
        int[] local = new int[moves.slotCount];
        for (int i = 0; i < n; i++) {
            local[slots[i]] = i;
        }
        dest = new int[steps][n];
        twist = new int[steps][n];
        for (int m = 0; m < steps; m++) {
            for (int j = 0; j < n; j++) {
                int g = slots[j];
                int i = local[moves.src[m][g]];
                dest[m][i] = j;
                twist[m][i] = moves.add[m][g];
            }
        }
    }

    @Override
    void step(MoveSet moves, int first, long digit, long place, long[] out, int at, Scratch x) {
        if (dest == null) {
            super.step(moves, first, digit, place, out, at, x);
            return;
        }
        int[] v = x.scratch;
        int[] w = x.labelsOut;
        unrankPacked(digit, v);
        for (int m = 0; m < moves.count(); m++) {
            int[] d = dest[first + m];
            int[] tw = twist[first + m];
            for (int t = 0; t < k; t++) {
                int i = v[t] & 0xFFFF;
                int o = (v[t] >>> 16) + tw[i];
                w[t] = d[i] | (o >= modulus ? o - modulus : o) << 16;
            }
            out[at + m] += rankPacked(w) * place;
        }
    }
}
