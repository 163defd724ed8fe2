package io.puzzleatlas.core.santa;

import java.util.Arrays;
import java.util.List;

/**
 * A pattern database (Culberson and Schaeffer 1998; Korf 1997 for the cube) over one orbit of pieces: the abstraction
 * ({@link PieceKinds}) keeps, of every slot of the orbit, only which tracked piece kind it holds and in which
 * orientation; the pieces of the other kinds are blanks. The table holds, per abstract state (ranked by
 * {@link PatternRanking}), the fewest moves to an abstract goal state, found by a breadth-first search over the
 * abstract space from every goal state's projection at once: the target's projection, or for {@code k} wildcards every
 * abstract state whose tracked stickers differ from the target in at most {@code k} places (a superset of the goal
 * states' projections, so still a lower bound). Any real solution maps to an abstract path, so the entry of a state's
 * projection is an admissible lower bound.
 *
 * <p>Entries are four bits: the depth, or 15 for a state not reached within 14 layers (at least 15 moves away, or
 * never: a lower bound still). The search expands the states of the last layer forwards, or, once that layer outnumbers
 * the states not reached yet, tests each state not reached for a neighbour in the layer (Korf's backward trick), so the
 * last layers cost a scan. Immutable once built; the lookups take the caller's work arrays, so searches may share it.
 */
final class PiecePattern {
    /** Stored depths are capped here; 15 marks a state not reached. */
    static final int CAP = 14;

    private static final int NONE = 15;

    private final PieceOrbit orbit;
    private final int kinds;
    private final PieceKinds projection;
    private final PatternRanking ranking;
    private final long entries;
    private byte[] table;
    private long buildMillis;

    private PiecePattern(PieceOrbit orbit, short[] target, int labels, List<short[]> kindContents, int[] kindCount) {
        this.orbit = orbit;
        this.kinds = kindContents.size();
        this.projection = new PieceKinds(orbit, target, labels, kindContents);
        this.ranking = new PatternRanking(orbit, kinds, kindCount, projection.free());
        this.entries = ranking.entries();
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

    /** Work arrays for one caller. */
    int[] work() {
        return new int[4 * orbit.slots + 2 * (kinds + 1)];
    }

    /** The stored lower bound for {@code state}'s projection (0 when the state's pieces are not the goal's). */
    int lookup(short[] state, int[] work) {
        if (ranking.distinct()) { // straight to each kind's slot and orientation
            int pos = 4 * orbit.slots;
            int ori = pos + kinds;
            return projection.locate(state, work, pos, ori) ? get(ranking.rankKinds(work, pos, ori)) : 0;
        }
        projection.project(state, work);
        long rank = ranking.rank(work, 0, work);
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
            ranking.unrankKinds(s, w, pos, ori);
            for (int act = 0; act < actions; act++) {
                int[] to = dest[act];
                int[] tw = orbit.twist[act];
                for (int j = 0; j < kinds; j++) {
                    int p = to[w[pos + j]];
                    w[npos + j] = p;
                    w[nori + j] = projection.turn(j, tw[p], w[ori + j]);
                }
                long t = ranking.rankKinds(w, npos, nori);
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
            int[] lookupWork = work();
            projection.projectTarget(lookupWork);
            set(ranking.rank(lookupWork, 0, lookupWork), 0);
            reached = 1;
        } else {
            for (long s = 0; s < entries; s++) {
                ranking.unrank(s, a, work);
                if (projection.mismatches(a) <= wildcards) {
                    set(s, 0);
                    reached++;
                }
            }
        }
        long layer = reached;
        int actions = orbit.actions();
        for (int d = 0; d < CAP && layer > 0; d++) {
            long fresh = ranking.distinct() ? layerOfKinds(d, layer <= entries - reached) : 0;
            if (ranking.distinct()) {
                reached += fresh;
                layer = fresh;
                continue;
            }
            if (layer <= entries - reached) { // forwards from the layer
                for (long s = 0; s < entries; s++) {
                    if (get(s) != d) {
                        continue;
                    }
                    ranking.unrank(s, a, work);
                    for (int act = 0; act < actions; act++) {
                        projection.apply(act, a, b, 0);
                        long t = ranking.rank(b, 0, work);
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
                    ranking.unrank(s, a, work);
                    for (int act = 0; act < actions; act++) {
                        projection.apply(act, a, b, 0);
                        if (get(ranking.rank(b, 0, work)) == d) {
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
