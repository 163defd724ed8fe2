package io.puzzleatlas.core.atlas;

import java.util.Arrays;

/**
 * What a range of census work units found, in primitive arrays so that a Spark task can return it as is: boards per
 * optimal distance, the largest distance met, and the representative boards at that distance (before symmetry
 * expansion). When more than {@link MaskCensus#PART_CAP} representatives were met, {@code truncated} is set and the
 * list is incomplete: the driver then asks the range again with {@link MaskCensus#deepestAt} once the global radius is
 * known.
 *
 * @param fromUnit first work unit of the range
 * @param toUnit end of the range (exclusive)
 * @param histogram boards per distance (weighted by symmetry)
 * @param maxDepth largest distance met, -1 for an empty range
 * @param deepest representative boards at {@code maxDepth}, packed two bits per cell
 * @param truncated whether {@code deepest} was cut at the cap
 */
public record CensusPart(int fromUnit, int toUnit, long[] histogram, int maxDepth, long[] deepest, boolean truncated) {

    /** The element-wise sum of two histograms. */
    public static long[] addHistograms(long[] a, long[] b) {
        long[] sum = Arrays.copyOf(a, Math.max(a.length, b.length));
        for (int d = 0; d < b.length; d++) {
            sum[d] += b[d];
        }
        return sum;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CensusPart p
                && fromUnit == p.fromUnit
                && toUnit == p.toUnit
                && Arrays.equals(histogram, p.histogram)
                && maxDepth == p.maxDepth
                && Arrays.equals(deepest, p.deepest)
                && truncated == p.truncated;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(histogram) * 31 + fromUnit;
    }

    @Override
    public String toString() {
        return "CensusPart[" + fromUnit + ".." + toUnit + ", max " + maxDepth + ", " + deepest.length
                + (truncated ? "+ (truncated)" : "") + " deepest, " + Arrays.toString(histogram) + "]";
    }
}
