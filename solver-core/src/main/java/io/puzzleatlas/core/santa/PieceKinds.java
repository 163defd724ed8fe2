package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The abstraction of a {@link PiecePattern}: of every slot of one orbit, only which tracked piece kind it holds and in
 * which orientation; the pieces of the other kinds are blanks. A kind is a piece's colours up to its orientations, read
 * from the goal's target, so identical pieces are one kind and a colouring's goal is one abstract state; a kind whose
 * colours repeat shows the same content in several orientations, which count as one (the smallest). A slot's content is
 * read as a key (its labels in frame order, base {@code labels}) into two small tables, kind and orientation, so a
 * projection costs no division. Abstract states are {@code int[2 * slots]}: the kinds ({@link #blank} for any other
 * content), then the orientations. Immutable.
 */
final class PieceKinds {
    private final PieceOrbit orbit;
    private final int labels;
    private final short[] target;
    private final int kinds;
    private final int blank;
    /** Per kind, its canonical content. */
    private final short[][] content;
    /** Per kind and element: the smallest element showing the same content (pieces with repeated colours). */
    private final int[][] canon;
    /** Whether no kind shows the same content in two orientations. */
    private final boolean free;
    /** Per content key: the kind ({@link #blank} for any other content) and the orientation, without a division. */
    private final int[] kindOf;

    private final int[] oriOf;

    /** The projection of {@code orbit} tracking the kinds {@code kindContents} of {@code target}. */
    PieceKinds(PieceOrbit orbit, short[] target, int labels, List<short[]> kindContents) {
        this.orbit = orbit;
        this.target = target.clone();
        this.labels = labels;
        this.kinds = kindContents.size();
        this.blank = kinds;
        int r = orbit.groupSize();
        this.content = kindContents.toArray(new short[0][]);
        this.canon = new int[kinds][r];
        boolean noRepeat = true;
        for (int k = 0; k < kinds; k++) {
            for (int g = 0; g < r; g++) {
                short[] shown = show(orbit, content[k], g);
                for (int h = 0; h <= g; h++) {
                    if (Arrays.equals(shown, show(orbit, content[k], h))) {
                        canon[k][g] = h;
                        noRepeat &= h == g;
                        break;
                    }
                }
            }
        }
        this.free = noRepeat;
        int keys = 1;
        for (int i = 0; i < orbit.size; i++) {
            keys *= labels;
        }
        int[] code = new int[keys]; // kind * r + orientation, or -1
        Arrays.fill(code, -1);
        for (int k = 0; k < kinds; k++) {
            for (int g = 0; g < r; g++) {
                code[key(show(orbit, content[k], g))] = k * r + canon[k][g];
            }
        }
        this.kindOf = new int[keys];
        this.oriOf = new int[keys];
        for (int key = 0; key < keys; key++) {
            kindOf[key] = code[key] < 0 ? blank : code[key] / r;
            oriOf[key] = code[key] < 0 ? 0 : code[key] % r;
        }
    }

    /**
     * The kinds of {@code orbit}'s pieces in {@code target}: each slot's colours in frame order, taken to their least
     * orientation; in order of first slot. Null when a slot's content key would not fit a small table.
     */
    static List<short[]> kinds(PieceOrbit orbit, short[] target, int labels, int[] slotKind) {
        if (Math.pow(labels, orbit.size) > 1 << 22) {
            return null;
        }
        List<short[]> kinds = new ArrayList<>();
        for (int p = 0; p < orbit.slots; p++) {
            short[] here = new short[orbit.size];
            for (int i = 0; i < orbit.size; i++) {
                here[i] = target[orbit.order[p][i]];
            }
            short[] least = null;
            for (int g = 0; g < orbit.groupSize(); g++) {
                short[] shown = show(orbit, here, g);
                if (least == null || Arrays.compare(shown, least) < 0) {
                    least = shown;
                }
            }
            int k = 0;
            while (k < kinds.size() && !Arrays.equals(kinds.get(k), least)) {
                k++;
            }
            if (k == kinds.size()) {
                kinds.add(least);
            }
            slotKind[p] = k;
        }
        return kinds;
    }

    /** Content of a kind shown in orientation {@code g}: {@code shown[i] = content[g[i]]}. */
    private static short[] show(PieceOrbit orbit, short[] c, int g) {
        int[] e = orbit.elements[g];
        short[] shown = new short[c.length];
        for (int i = 0; i < c.length; i++) {
            shown[i] = c[e[i]];
        }
        return shown;
    }

    private int key(short[] c) {
        int k = 0;
        for (int i = c.length - 1; i >= 0; i--) {
            k = k * labels + c[i];
        }
        return k;
    }

    /** The tracked kinds. */
    int count() {
        return kinds;
    }

    /** Whether no kind shows the same content in two orientations (each orientation is its own). */
    boolean free() {
        return free;
    }

    /** The projection of {@code state}: kinds to {@code a[0..slots)}, orientations to {@code a[slots..2*slots)}. */
    void project(short[] state, int[] a) {
        int slots = orbit.slots;
        int[][] order = orbit.order;
        for (int p = 0; p < slots; p++) {
            int[] ord = order[p];
            int k = 0;
            for (int i = ord.length - 1; i >= 0; i--) {
                k = k * labels + state[ord[i]];
            }
            a[p] = kindOf[k];
            a[slots + p] = oriOf[k];
        }
    }

    /** The projection of the target, as {@link #project}. */
    void projectTarget(int[] a) {
        project(target, a);
    }

    /**
     * When every tracked kind is one piece: each kind's slot of {@code state} to {@code w[pos+kind]} and its
     * orientation to {@code w[ori+kind]}; whether every kind was found.
     */
    boolean locate(short[] state, int[] w, int pos, int ori) {
        int slots = orbit.slots;
        int[][] order = orbit.order;
        long seen = 0;
        for (int p = 0; p < slots; p++) {
            int[] ord = order[p];
            int k = 0;
            for (int i = ord.length - 1; i >= 0; i--) {
                k = k * labels + state[ord[i]];
            }
            int kind = kindOf[k];
            if (kind != blank) {
                seen |= 1L << kind;
                w[pos + kind] = p;
                w[ori + kind] = oriOf[k];
            }
        }
        return Long.bitCount(seen) == kinds;
    }

    /** The orientation of a piece of {@code kind} in orientation {@code g} after element {@code twist}. */
    int turn(int kind, int twist, int g) {
        return canon[kind][orbit.compose[twist][g]];
    }

    /** Applies action {@code act} to abstract state {@code a[0..2*slots)} into {@code b[at..at+2*slots)}. */
    void apply(int act, int[] a, int[] b, int at) {
        int slots = orbit.slots;
        int[] src = orbit.source[act];
        int[] tw = orbit.twist[act];
        for (int p = 0; p < slots; p++) {
            int q = src[p];
            int k = a[q];
            b[at + p] = k;
            b[at + slots + p] = k == blank ? 0 : turn(k, tw[p], a[slots + q]);
        }
    }

    /** Tracked stickers of abstract state {@code a} that differ from the target. */
    int mismatches(int[] a) {
        int slots = orbit.slots;
        int n = 0;
        for (int p = 0; p < slots; p++) {
            int k = a[p];
            if (k == blank) {
                continue;
            }
            int[] g = orbit.elements[a[slots + p]];
            int[] ord = orbit.order[p];
            for (int i = 0; i < ord.length; i++) {
                if (content[k][g[i]] != target[ord[i]]) {
                    n++;
                }
            }
        }
        return n;
    }
}
