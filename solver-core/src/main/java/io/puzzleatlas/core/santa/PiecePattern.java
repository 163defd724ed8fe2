package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A pattern database (Culberson and Schaeffer 1998; Korf 1997 for the cube) over one orbit of pieces: the abstraction
 * keeps, of every slot of the orbit, only which tracked piece kind it holds and in which orientation; the pieces of the
 * other kinds are blanks. A kind is a piece's colours up to its orientations, read from the goal's target, so identical
 * pieces are one kind and a colouring's goal is one abstract state. The table holds, per abstract state, the fewest
 * moves to an abstract goal state, found by a breadth-first search over the abstract space from every goal state's
 * projection at once: the target's projection, or for {@code k} wildcards every abstract state whose tracked stickers
 * differ from the target in at most {@code k} places (a superset of the goal states' projections, so still a lower
 * bound). Any real solution maps to an abstract path, so the entry of a state's projection is an admissible lower
 * bound.
 *
 * <p>Ranks: the kinds' placement (a partial permutation in mixed radix when every tracked kind is one piece, else the
 * multiset permutation's index by multinomials) times the orientations of the tracked pieces (base {@code |G|}; when
 * every piece is tracked, {@code G} is cyclic and every move keeps the orientations' sum, the last one is implied and
 * left out, as Korf's corner table does). Entries are four bits: the depth, or 15 for a state not reached within 14
 * layers (at least 15 moves away, or never: a lower bound still). The search expands the states of the last layer
 * forwards, or, once that layer outnumbers the states not reached yet, tests each state not reached for a neighbour in
 * the layer (Korf's backward trick), so the last layers cost a scan. Immutable once built; the rank methods take the
 * caller's work arrays, so searches may share it.
 */
final class PiecePattern {
    /** Stored depths are capped here; 15 marks a state not reached. */
    static final int CAP = 14;

    private static final int NONE = 15;

    private final PieceOrbit orbit;
    private final int labels;
    private final int kinds;
    private final int blank;
    private final int[] count;
    private final boolean distinct;
    private final boolean impliedLast;
    private final int[] exponent;
    private final int r;
    private final int tracked;
    private final long oriSpace;
    private final long entries;
    /** Per content key (labels of a slot in frame order, base {@code labels}): kind * r + orientation, or -1. */
    private final int[] code;
    /** Per content key: the kind ({@link #blank} for any other content) and the orientation, without a division. */
    private final int[] kindOf;

    private final int[] oriOf;
    /** Per kind and element: the smallest element showing the same content (pieces with repeated colours). */
    private final int[][] canon;
    /** Per kind, its canonical content. */
    private final short[][] content;

    private final short[] target;
    private byte[] table;
    private long buildMillis;

    private PiecePattern(PieceOrbit orbit, short[] target, int labels, List<short[]> kindContents, int[] kindCount) {
        this.orbit = orbit;
        this.target = target.clone();
        this.labels = labels;
        this.kinds = kindContents.size();
        this.blank = kinds;
        this.r = orbit.groupSize();
        this.content = kindContents.toArray(new short[0][]);
        this.count = Arrays.copyOf(kindCount, kinds + 1);
        int t = 0;
        boolean single = true;
        for (int c : kindCount) {
            t += c;
            single &= c == 1;
        }
        this.tracked = t;
        this.count[blank] = orbit.slots - t;
        this.distinct = single && orbit.slots <= 62;
        this.canon = new int[kinds][r];
        boolean free = true;
        for (int k = 0; k < kinds; k++) {
            for (int g = 0; g < r; g++) {
                short[] shown = show(content[k], g);
                for (int h = 0; h <= g; h++) {
                    if (Arrays.equals(shown, show(content[k], h))) {
                        canon[k][g] = h;
                        free &= h == g;
                        break;
                    }
                }
            }
        }
        this.exponent = cyclicExponents(orbit);
        this.impliedLast =
                distinct && free && t == orbit.slots && r > 1 && exponent != null && sumKept(orbit, exponent);
        long ori = 1;
        for (int i = 0; i < (impliedLast ? t - 1 : t) && r > 1; i++) {
            ori *= r;
        }
        this.oriSpace = ori;
        this.entries = placements(orbit.slots, count) * ori;
        int keys = 1;
        for (int i = 0; i < orbit.size; i++) {
            keys *= labels;
        }
        this.code = new int[keys];
        Arrays.fill(code, -1);
        for (int k = 0; k < kinds; k++) {
            for (int g = 0; g < r; g++) {
                code[key(show(content[k], g))] = k * r + canon[k][g];
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

    /** A pattern of {@code orbit} tracking the kinds {@code kindContents} with their counts; not built yet. */
    static PiecePattern of(PieceOrbit orbit, short[] target, int labels, List<short[]> kindContents, int[] counts) {
        return new PiecePattern(orbit, target, labels, kindContents, counts);
    }

    long entries() {
        return entries;
    }

    long buildMillis() {
        return buildMillis;
    }

    /** Content of a kind shown in orientation {@code g}: {@code shown[i] = content[g[i]]}. */
    private short[] show(short[] c, int g) {
        return show(orbit, c, g);
    }

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

    /** Work arrays for one caller. */
    int[] work() {
        return new int[4 * orbit.slots + 2 * (kinds + 1)];
    }

    /** The stored lower bound for {@code state}'s projection (0 when the state's pieces are not the goal's). */
    int lookup(short[] state, int[] work) {
        int slots = orbit.slots;
        int[][] order = orbit.order;
        if (distinct) { // straight to each kind's slot and orientation
            int pos = 4 * slots;
            int ori = pos + kinds;
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
                    work[pos + kind] = p;
                    work[ori + kind] = oriOf[k];
                }
            }
            return Long.bitCount(seen) == kinds ? get(rankKinds(work, pos, ori)) : 0;
        }
        for (int p = 0; p < slots; p++) {
            int[] ord = order[p];
            int k = 0;
            for (int i = ord.length - 1; i >= 0; i--) {
                k = k * labels + state[ord[i]];
            }
            work[p] = kindOf[k];
            work[slots + p] = oriOf[k];
        }
        long rank = rank(work, 0, slots, work);
        return rank < 0 ? 0 : get(rank);
    }

    private int get(long rank) {
        return (table[(int) (rank >>> 1)] >>> (((int) rank & 1) << 2)) & 15;
    }

    private void set(long rank, int value) {
        int i = (int) (rank >>> 1);
        int shift = ((int) rank & 1) << 2;
        table[i] = (byte) ((table[i] & ~(15 << shift)) | (value << shift));
    }

    /**
     * The rank of the abstract state with kinds {@code a[at..at+slots)} and orientations {@code a[at+slots..)}; -1 when
     * the kinds' counts are not the pattern's. Uses {@code work[4*slots..]}.
     */
    private long rank(int[] a, int at, int slots, int[] work) {
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
    private long rankKinds(int[] w, int pos, int ori) {
        int slots = orbit.slots;
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
    private void unrankKinds(long rank, int[] w, int pos, int ori) {
        int slots = orbit.slots;
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

    /** Writes the abstract state of {@code rank} into {@code a[0..2*slots)}. */
    private void unrank(long rank, int[] a, int[] work) {
        int slots = orbit.slots;
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

    /** Applies action {@code act} to {@code a[0..2*slots)} into {@code b[at..at+2*slots)}. */
    private void apply(int act, int[] a, int[] b, int at) {
        int slots = orbit.slots;
        int[] src = orbit.source[act];
        int[] tw = orbit.twist[act];
        for (int p = 0; p < slots; p++) {
            int q = src[p];
            int k = a[q];
            b[at + p] = k;
            b[at + slots + p] = k == blank ? 0 : canon[k][orbit.compose[tw[p]][a[slots + q]]];
        }
    }

    /** Tracked stickers of abstract state {@code a} that differ from the target. */
    private int mismatches(int[] a) {
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

    /**
     * One layer of the search when every tracked kind is one piece, on the kinds' slots and orientations: the states of
     * depth {@code d + 1}, found forwards from depth {@code d} or backwards from the states not reached; returns how
     * many.
     */
    private long layerOfKinds(int d, boolean forwards) {
        int slots = orbit.slots;
        int actions = orbit.actions();
        int[][] dest = new int[actions][slots];
        for (int act = 0; act < actions; act++) {
            for (int p = 0; p < slots; p++) {
                dest[act][orbit.source[act][p]] = p;
            }
        }
        int[] w = new int[4 * kinds];
        int pos = 0;
        int ori = kinds;
        int npos = 2 * kinds;
        int nori = 3 * kinds;
        long fresh = 0;
        int want = forwards ? d : NONE;
        for (long s = 0; s < entries; s++) {
            if (get(s) != want) {
                continue;
            }
            unrankKinds(s, w, pos, ori);
            for (int act = 0; act < actions; act++) {
                int[] to = dest[act];
                int[] tw = orbit.twist[act];
                for (int j = 0; j < kinds; j++) {
                    int p = to[w[pos + j]];
                    w[npos + j] = p;
                    w[nori + j] = canon[j][orbit.compose[tw[p]][w[ori + j]]];
                }
                long t = rankKinds(w, npos, nori);
                if (forwards) {
                    if (get(t) == NONE) {
                        set(t, d + 1);
                        fresh++;
                    }
                } else if (get(t) == d) {
                    set(s, d + 1);
                    fresh++;
                    break;
                }
            }
        }
        return fresh;
    }

    /** Builds the table by breadth-first search from the goal's projections; {@code wildcards} as the goal's. */
    void build(int wildcards) {
        long started = System.nanoTime();
        if (entries > (1L << 32) - 2) {
            throw new IllegalStateException("pattern of " + entries + " entries");
        }
        table = new byte[(int) ((entries + 1) >>> 1)];
        Arrays.fill(table, (byte) 0xFF);
        int slots = orbit.slots;
        int[] a = new int[2 * slots];
        int[] b = new int[2 * slots];
        int[] work = work();
        long reached = 0;
        if (wildcards == 0) {
            short[] goal = target;
            int[] lookupWork = work();
            for (int p = 0; p < slots; p++) {
                int[] ord = orbit.order[p];
                int k = 0;
                for (int i = ord.length - 1; i >= 0; i--) {
                    k = k * labels + goal[ord[i]];
                }
                int c = code[k];
                lookupWork[p] = c < 0 ? blank : c / r;
                lookupWork[slots + p] = c < 0 ? 0 : c % r;
            }
            set(rank(lookupWork, 0, slots, lookupWork), 0);
            reached = 1;
        } else {
            for (long s = 0; s < entries; s++) {
                unrank(s, a, work);
                if (mismatches(a) <= wildcards) {
                    set(s, 0);
                    reached++;
                }
            }
        }
        long layer = reached;
        int actions = orbit.actions();
        for (int d = 0; d < CAP && layer > 0; d++) {
            long fresh = distinct ? layerOfKinds(d, layer <= entries - reached) : 0;
            if (distinct) {
                reached += fresh;
                layer = fresh;
                continue;
            }
            if (layer <= entries - reached) { // forwards from the layer
                for (long s = 0; s < entries; s++) {
                    if (get(s) != d) {
                        continue;
                    }
                    unrank(s, a, work);
                    for (int act = 0; act < actions; act++) {
                        apply(act, a, b, 0);
                        long t = rank(b, 0, slots, work);
                        if (get(t) == NONE) {
                            set(t, d + 1);
                            fresh++;
                        }
                    }
                }
            } else { // backwards: a state not reached with a neighbour in the layer
                for (long s = 0; s < entries; s++) {
                    if (get(s) != NONE) {
                        continue;
                    }
                    unrank(s, a, work);
                    for (int act = 0; act < actions; act++) {
                        apply(act, a, b, 0);
                        if (get(rank(b, 0, slots, work)) == d) {
                            set(s, d + 1);
                            fresh++;
                            break;
                        }
                    }
                }
            }
            reached += fresh;
            layer = fresh;
        }
        buildMillis = (System.nanoTime() - started) / 1_000_000;
    }
}
