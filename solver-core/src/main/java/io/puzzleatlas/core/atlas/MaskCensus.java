package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.table.LongList;
import java.util.Arrays;

/**
 * Census of every board of a three-colour puzzle whose optimal distance is the minimum over the colours of a one-colour
 * abstraction distance, as in the rotation game. The one-colour table is a pattern database (Culberson and Schaeffer,
 * "Pattern Databases", Computational Intelligence 14(3), 1998) that happens to be exact here, because the goal is "some
 * colour fills the centre". Boards are never searched: the engine combines the table over colour placements.
 *
 * <p>A board puts colour 1 on a k-subset m1 of n = 3k cells and splits the other 2k cells into m2 and m3. Its distance
 * is {@code min(D[m1], D[m2], D[m3])}. Work units are the colour-1 masks that are smallest in their orbit under the
 * board's symmetries, weighted by the orbit size (every symmetry is checked against the table at construction). For one
 * m1 the 2k free cells are split into a low and a high half; colex ranks of m2 and m3 are sums of per-half tables built
 * once per unit ({@code rank = LOW[s_low] + HIGH[popcount(s_low)][s_high]}), so a split costs four array reads; pairs
 * {m2, m3} are visited once and count twice (colours 2 and 3 swapped). Subsets are enumerated with Gosper's hack
 * (HAKMEM item 175, 1972).
 *
 * <p>{@link #census} over a range of units is a pure function returning primitives, the shape a Spark task needs; the
 * puzzle's census (the rotation game's {@code RotationCensus.finish}) merges the parts on the driver.
 */
public final class MaskCensus {
    /** Representatives kept per part before it is marked truncated. */
    public static final int PART_CAP = 4096;

    private final int cells;
    private final int k;
    private final byte[] depth;
    private final int tableRadius;
    private final MaskSymmetries symmetries;
    private final int[] unitMasks;
    private final int[] unitWeights;
    private final int[][] byPopcount;
    private final int[][] binomial;
    private final int partCap;

    /**
     * @param cells n, a multiple of 3 up to 24
     * @param depth abstraction distance by colex rank of a (n/3)-subset; every entry reached
     * @param symmetry cell permutations forming a group under which {@code depth} is invariant
     */
    public MaskCensus(int cells, byte[] depth, int[][] symmetry) {
        this(cells, depth, symmetry, PART_CAP);
    }

    /** As the public constructor, with a chosen representative cap per part (tests use a small one). */
    MaskCensus(int cells, byte[] depth, int[][] symmetry, int partCap) {
        this.partCap = partCap;
        if (cells % 3 != 0 || cells < 3 || cells > 24) {
            throw new IllegalArgumentException("cells must be a multiple of 3 up to 24, got " + cells);
        }
        this.cells = cells;
        this.k = cells / 3;
        if (depth.length != Combinations.binomial(cells, k)) {
            throw new IllegalArgumentException(
                    "table has " + depth.length + " entries, expected C(" + cells + "," + k + ")");
        }
        this.depth = depth.clone();
        int radius = 0;
        for (byte d : depth) {
            if (d < 0) {
                throw new IllegalArgumentException("table has an unreached or too deep entry");
            }
            radius = Math.max(radius, d);
        }
        this.tableRadius = radius;
        this.symmetries = new MaskSymmetries(cells, symmetry);
        this.binomial = new int[cells + 1][k + 2];
        for (int n = 0; n <= cells; n++) {
            for (int i = 0; i <= k + 1; i++) {
                binomial[n][i] = (int) Combinations.binomial(n, i);
            }
        }
        this.byPopcount = new int[k + 1][];
        for (int q = 0; q <= k; q++) {
            int[] list = new int[1 << k];
            int n = 0;
            for (int t = 0; t < 1 << k; t++) {
                if (Integer.bitCount(t) == q) {
                    list[n++] = t;
                }
            }
            byPopcount[q] = Arrays.copyOf(list, n);
        }
        int[] masks = new int[depth.length];
        int[] weights = new int[depth.length];
        int units = 0;
        int rank = 0;
        for (int m = (1 << k) - 1; m < 1 << cells; m = nextSubset(m), rank++) {
            for (int g = 0; g < symmetries.size(); g++) {
                if (depth[(int) Combinations.rank(symmetries.apply(g, m))] != depth[rank]) {
                    throw new IllegalArgumentException("the table is not invariant under symmetry " + g + " (mask "
                            + Integer.toBinaryString(m) + ")");
                }
            }
            int w = symmetries.orbitSizeIfCanonical(m);
            if (w > 0) {
                masks[units] = m;
                weights[units++] = w;
            }
        }
        this.unitMasks = Arrays.copyOf(masks, units);
        this.unitWeights = Arrays.copyOf(weights, units);
    }

    /** Gosper's hack: the next larger integer with the same number of set bits. */
    static int nextSubset(int m) {
        int low = m & -m;
        int ripple = m + low;
        return ripple | (((m ^ ripple) >>> 2) / low);
    }

    /** Number of work units (canonical colour-1 masks). */
    public int unitCount() {
        return unitMasks.length;
    }

    /** Counts every board whose colour-1 mask is in the orbit of a unit in {@code [from, to)}. */
    public CensusPart census(int from, int to) {
        UnitScratch s = new UnitScratch();
        long[] histogram = new long[tableRadius + 1];
        int[] counts = new int[tableRadius + 1];
        int partMax = -1;
        LongList deepest = new LongList();
        boolean truncated = false;
        for (int u = from; u < to; u++) {
            int m1 = unitMasks[u];
            int a = depth[(int) Combinations.rank(m1)];
            s.prepare(m1);
            Arrays.fill(counts, 0);
            countSplits(s, a, counts);
            int top = 0;
            for (int d = 0; d <= a; d++) {
                histogram[d] += 2L * unitWeights[u] * counts[d];
                if (counts[d] > 0) {
                    top = d;
                }
            }
            if (top > partMax) {
                partMax = top;
                deepest.clear();
                truncated = false;
            }
            if (top == partMax && !truncated) {
                truncated = !collect(s, m1, a, top, deepest, partCap);
            }
        }
        return new CensusPart(from, to, histogram, partMax, deepest.toArray(), truncated);
    }

    /** Representative boards at exactly {@code target} for the units in {@code [from, to)}, uncapped. */
    public long[] deepestAt(int from, int to, int target) {
        UnitScratch s = new UnitScratch();
        LongList deepest = new LongList();
        for (int u = from; u < to; u++) {
            int m1 = unitMasks[u];
            int a = depth[(int) Combinations.rank(m1)];
            if (a >= target) {
                s.prepare(m1);
                collect(s, m1, a, target, deepest, Integer.MAX_VALUE);
            }
        }
        return deepest.toArray();
    }

    private void countSplits(UnitScratch s, int a, int[] counts) {
        byte[] dist = depth;
        int low = (1 << k) - 1;
        for (int sl = 1; sl <= low; sl += 2) { // the pair's member holding the lowest free cell
            int c = Integer.bitCount(sl);
            int r2 = s.lowRank[sl];
            int r3 = s.lowRank[low & ~sl];
            int[] h2 = s.highRank[c];
            int[] h3 = s.highRank[k - c];
            for (int t : byPopcount[k - c]) {
                int d = Math.min(dist[r2 + h2[t]], dist[r3 + h3[low & ~t]]);
                counts[Math.min(a, d)]++;
            }
        }
    }

    /** Adds the boards of this unit at distance {@code target}; false if the cap stopped it. */
    private boolean collect(UnitScratch s, int m1, int a, int target, LongList out, int cap) {
        int low = (1 << k) - 1;
        for (int sl = 1; sl <= low; sl += 2) {
            int c = Integer.bitCount(sl);
            for (int t : byPopcount[k - c]) {
                int d2 = depth[s.lowRank[sl] + s.highRank[c][t]];
                int d3 = depth[s.lowRank[low & ~sl] + s.highRank[k - c][low & ~t]];
                if (Math.min(a, Math.min(d2, d3)) == target) {
                    if (out.size() >= cap) {
                        return false;
                    }
                    out.add(board(m1, s.deposit(sl | t << k)));
                }
            }
        }
        return true;
    }

    /** The board with colour 1 on {@code m1}, 2 on {@code m2} and 3 elsewhere, two bits per cell. */
    long board(int m1, int m2) {
        long b = 0;
        for (int c = 0; c < cells; c++) {
            long v = (m1 >>> c & 1) != 0 ? 1 : (m2 >>> c & 1) != 0 ? 2 : 3;
            b |= v << (c << 1);
        }
        return b;
    }

    /** Every board equivalent to a representative: all symmetries, colours 2 and 3 swapped; sorted, distinct. */
    public long[] expand(long[] representatives) {
        LongList all = new LongList();
        for (long rep : representatives) {
            long swapped = 0;
            for (int c = 0; c < cells; c++) {
                long v = (rep >>> (c << 1)) & 3;
                swapped |= (v == 1 ? 1 : 5 - v) << (c << 1);
            }
            for (int g = 0; g < symmetries.size(); g++) {
                all.add(symmetries.apply(g, rep));
                all.add(symmetries.apply(g, swapped));
            }
        }
        return all.sortedDistinct();
    }

    /** Per-unit tables: the free cells and the colex rank contributions of their two halves. */
    private final class UnitScratch {
        final int[] free = new int[2 * k];
        final int[] lowRank = new int[1 << k];
        final int[][] highRank = new int[k + 1][1 << k];

        void prepare(int m1) {
            int n = 0;
            for (int c = 0; c < cells; c++) {
                if ((m1 >>> c & 1) == 0) {
                    free[n++] = c;
                }
            }
            for (int v = 1; v < 1 << k; v++) {
                int top = 31 - Integer.numberOfLeadingZeros(v);
                int bits = Integer.bitCount(v);
                lowRank[v] = lowRank[v ^ (1 << top)] + binomial[free[top]][bits];
                for (int c = 0; c + bits <= k; c++) {
                    highRank[c][v] = highRank[c][v ^ (1 << top)] + binomial[free[k + top]][c + bits];
                }
            }
        }

        /** The cell mask of a 2k-bit subset of the free cells. */
        int deposit(int subset) {
            int mask = 0;
            for (int j = 0; j < 2 * k; j++) {
                if ((subset >>> j & 1) != 0) {
                    mask |= 1 << free[j];
                }
            }
            return mask;
        }
    }
}
