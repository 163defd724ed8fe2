package io.puzzleatlas.core.atlas;

import java.util.Arrays;
import java.util.Locale;

/**
 * How deep one state space goes: the depth histogram ({@code histogram[d]} = number of states at distance d), and the
 * deepest states as packed boards of the space's puzzle.
 *
 * <p>{@code deepest} holds every state at the radius unless there are more than a cap (then it holds the smallest ranks
 * or boards found and {@link #deepestComplete()} is false); the count at the radius is always exact, from the
 * histogram.
 *
 * @param space a stable name of the space, e.g. {@code sliding-3x3-blank-4}
 * @param puzzle the puzzle name as on the command line, e.g. {@code eight-puzzle}
 * @param histogram states per distance, length radius + 1; copied on the way in and out
 * @param deepest packed boards at the radius, ascending; copied on the way in and out
 */
public record SpaceSummary(String space, String puzzle, long[] histogram, long[] deepest) {
    public SpaceSummary {
        if (histogram.length == 0 || histogram[histogram.length - 1] == 0) {
            throw new IllegalArgumentException("histogram must end at a non-empty radius");
        }
        histogram = histogram.clone();
        deepest = deepest.clone();
        Arrays.sort(deepest);
    }

    @Override
    public long[] histogram() {
        return histogram.clone();
    }

    @Override
    public long[] deepest() {
        return deepest.clone();
    }

    /** The largest distance of a state. */
    public int radius() {
        return histogram.length - 1;
    }

    /** Number of states at the radius. */
    public long countAtRadius() {
        return histogram[histogram.length - 1];
    }

    /** Number of states reached. */
    public long states() {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }

    /** Mean distance over all states reached. */
    public double meanDepth() {
        double sum = 0;
        for (int d = 0; d < histogram.length; d++) {
            sum += (double) d * histogram[d];
        }
        return sum / states();
    }

    /** Whether {@link #deepest} lists every state at the radius. */
    public boolean deepestComplete() {
        return deepest.length == countAtRadius();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SpaceSummary s
                && space.equals(s.space)
                && puzzle.equals(s.puzzle)
                && Arrays.equals(histogram, s.histogram)
                && Arrays.equals(deepest, s.deepest);
    }

    @Override
    public int hashCode() {
        return space.hashCode() * 31 + Arrays.hashCode(histogram);
    }

    @Override
    public String toString() {
        return space + ": " + states() + " states, radius " + radius() + " (" + countAtRadius()
                + (countAtRadius() == 1 ? " state" : " states") + "), mean depth "
                + String.format(Locale.ROOT, "%.4f", meanDepth())
                + ", histogram " + Arrays.toString(histogram);
    }
}
