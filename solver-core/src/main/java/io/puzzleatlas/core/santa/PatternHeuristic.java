package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pattern databases of one goal ({@link PiecePattern}): per orbit of pieces, the goal's piece kinds split in order
 * into groups whose table fits {@code maxEntries} entries (a cube_3/3/3 with 100,000,000: seven corners, which fix the
 * eighth; two tables of six edges; the three centre pairs), each a table, until the tables hold {@link #TOTAL} times
 * {@code maxEntries}. The estimate is the maximum of the tables (never their sum: a move may change pieces of several
 * tables). Tables are built once per puzzle type, target, wildcard count and size per JVM and kept in a small cache
 * (the last {@link #CACHED} sets), so every puzzle of a type shares them; building prints nothing.
 */
public final class PatternHeuristic {
    /** Sets of tables kept. */
    static final int CACHED = 4;

    /** All tables of a goal hold at most this many times {@code maxEntries} entries. */
    static final int TOTAL = 3;

    private static final Map<String, PatternHeuristic> CACHE = new LinkedHashMap<>(8, 0.75f, true);

    private final PiecePattern[] patterns;
    private final long buildMillis;

    private PatternHeuristic(PiecePattern[] patterns, long buildMillis) {
        this.patterns = patterns;
        this.buildMillis = buildMillis;
    }

    /** The tables of {@code puzzle}'s type and goal, each at most {@code maxEntries} entries; built on first use. */
    public static PatternHeuristic of(SantaPuzzle puzzle, long maxEntries) {
        Goal goal = puzzle.goal();
        String key = puzzle.type().name() + "|" + Arrays.toString(goal.target()) + "|" + goal.wildcards() + "|"
                + puzzle.labelCount() + "|" + maxEntries;
        synchronized (CACHE) {
            PatternHeuristic h = CACHE.get(key);
            if (h == null) {
                h = build(puzzle, maxEntries);
                CACHE.put(key, h);
                if (CACHE.size() > CACHED) {
                    CACHE.remove(CACHE.keySet().iterator().next());
                }
            }
            return h;
        }
    }

    private static PatternHeuristic build(SantaPuzzle puzzle, long maxEntries) {
        long started = System.nanoTime();
        PuzzleType type = puzzle.type();
        short[] target = puzzle.goal().target();
        int labels = puzzle.labelCount();
        List<PiecePattern> chosen = new ArrayList<>();
        long total = 0;
        for (PieceOrbit orbit : PieceOrbit.of(type, PieceDetector.detect(type))) {
            int[] slotKind = new int[orbit.slots];
            List<short[]> kinds = PieceKinds.kinds(orbit, target, labels, slotKind);
            if (kinds == null) {
                continue;
            }
            int[] counts = new int[kinds.size()];
            for (int k : slotKind) {
                counts[k]++;
            }
            List<PiecePattern> mine = new ArrayList<>();
            List<short[]> group = new ArrayList<>();
            List<Integer> groupCounts = new ArrayList<>();
            PiecePattern current = null;
            for (int k = 0; k < kinds.size(); k++) {
                group.add(kinds.get(k));
                groupCounts.add(counts[k]);
                PiecePattern candidate = fits(orbit, target, labels, group, groupCounts, maxEntries);
                if (candidate != null) {
                    current = candidate;
                    continue;
                }
                group.remove(group.size() - 1);
                groupCounts.remove(groupCounts.size() - 1);
                if (current != null) {
                    mine.add(current);
                }
                group.clear();
                groupCounts.clear();
                group.add(kinds.get(k));
                groupCounts.add(counts[k]);
                current = fits(orbit, target, labels, group, groupCounts, maxEntries);
                if (current == null) { // this kind alone is too large: left out
                    group.clear();
                    groupCounts.clear();
                }
            }
            if (current != null && (mine.isEmpty() || current.entries() >= 1000)) {
                mine.add(current);
            }
            for (PiecePattern p : mine) { // all tables together at most TOTAL times one
                if (total + p.entries() <= TOTAL * maxEntries) {
                    chosen.add(p);
                    total += p.entries();
                }
            }
        }
        chosen.sort((a, b) -> Long.compare(b.entries(), a.entries())); // the largest, often the strongest, first
        for (PiecePattern p : chosen) {
            p.build(puzzle.goal().wildcards());
        }
        return new PatternHeuristic(chosen.toArray(new PiecePattern[0]), (System.nanoTime() - started) / 1_000_000);
    }

    private static PiecePattern fits(
            PieceOrbit orbit, short[] target, int labels, List<short[]> kinds, List<Integer> counts, long max) {
        int[] c = counts.stream().mapToInt(Integer::intValue).toArray();
        if (PatternRanking.entries(orbit, c) > 64.0 * max) {
            return null;
        }
        PiecePattern p = PiecePattern.of(orbit, target, labels, kinds, c);
        return p.entries() <= max ? p : null;
    }

    /** The largest number of slots an estimate inspects, for {@link #work}. */
    int[][] work() {
        int[][] work = new int[patterns.length][];
        for (int i = 0; i < patterns.length; i++) {
            work[i] = patterns[i].work();
        }
        return work;
    }

    /** The maximum of the tables for {@code state}; stops as soon as one exceeds {@code limit}. */
    int estimate(short[] state, int[][] work, int limit) {
        int h = 0;
        for (int i = 0; i < patterns.length; i++) {
            int v = patterns[i].lookup(state, work[i]);
            if (v > h) {
                h = v;
                if (h > limit) {
                    return h;
                }
            }
        }
        return h;
    }

    /** The estimate for {@code state} (allocates its work arrays). */
    public int estimate(short[] state) {
        return estimate(state, work(), Integer.MAX_VALUE);
    }

    /** Tables held. */
    public int tables() {
        return patterns.length;
    }

    /** Entries of each table. */
    public long[] entries() {
        long[] e = new long[patterns.length];
        for (int i = 0; i < patterns.length; i++) {
            e[i] = patterns[i].entries();
        }
        return e;
    }

    /** Milliseconds the tables took to build. */
    public long buildMillis() {
        return buildMillis;
    }

    /**
     * An upper bound on the abstract states of {@code puzzle}: the product over its orbits of the pieces' placements
     * and orientations (infinite when a slot's colours do not fit a table).
     */
    static double stateSpace(SantaPuzzle puzzle) {
        PuzzleType type = puzzle.type();
        double n = 1;
        for (PieceOrbit orbit : PieceOrbit.of(type, PieceDetector.detect(type))) {
            int[] slotKind = new int[orbit.slots];
            List<short[]> kinds = PieceKinds.kinds(orbit, puzzle.goal().target(), puzzle.labelCount(), slotKind);
            if (kinds == null) {
                return Double.POSITIVE_INFINITY;
            }
            int[] counts = new int[kinds.size()];
            for (int k : slotKind) {
                counts[k]++;
            }
            n *= PatternRanking.entries(orbit, counts);
        }
        return n;
    }
}
