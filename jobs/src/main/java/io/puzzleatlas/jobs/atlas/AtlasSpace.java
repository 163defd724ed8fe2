package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.util.Arrays;
import java.util.List;

/**
 * One space of the atlas as the report draws it: the rendering model, independent of where it was read from (CSV today,
 * the Parquet datasets {@code atlas/<space>/histogram} and {@code atlas/<space>/deepest} once the Spark job writes
 * them).
 *
 * @param space stable space name, also the file name of its chart
 * @param puzzle the puzzle ({@code eight-puzzle}, {@code sliding-3x4}, {@code magic-board}, ...), resolved
 * @param goal the goal or start the distances are measured from, as board text; empty if none
 * @param histogram states per distance (index = distance)
 * @param deepest the boards at the radius, as board text
 */
public record AtlasSpace(String space, PuzzleHandle puzzle, String goal, long[] histogram, List<String> deepest) {
    public AtlasSpace {
        histogram = histogram.clone();
        deepest = List.copyOf(deepest);
        if (histogram.length == 0) {
            throw new IllegalArgumentException(space + ": empty histogram");
        }
    }

    /** The model of a core summary of {@code puzzle}; boards are written in the puzzle's text form. */
    public static AtlasSpace of(PuzzleHandle puzzle, SpaceSummary s, String goalText) {
        Puzzle p = puzzle.puzzle();
        return new AtlasSpace(
                s.space(),
                puzzle,
                goalText,
                s.histogram(),
                Arrays.stream(s.deepest()).mapToObj(p::format).toList());
    }

    @Override
    public long[] histogram() {
        return histogram.clone();
    }

    public int radius() {
        int r = histogram.length - 1;
        while (r > 0 && histogram[r] == 0) {
            r--;
        }
        return r;
    }

    public long states() {
        return Arrays.stream(histogram).sum();
    }

    public long countAtRadius() {
        return histogram[radius()];
    }

    public double meanDepth() {
        double sum = 0;
        for (int d = 0; d < histogram.length; d++) {
            sum += (double) d * histogram[d];
        }
        return sum / states();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AtlasSpace a
                && space.equals(a.space)
                && puzzle.equals(a.puzzle)
                && goal.equals(a.goal)
                && Arrays.equals(histogram, a.histogram)
                && deepest.equals(a.deepest);
    }

    @Override
    public int hashCode() {
        return space.hashCode();
    }

    @Override
    public String toString() {
        return "AtlasSpace[" + space + ", " + puzzle + ", radius " + radius() + ", " + Arrays.toString(histogram) + "]";
    }
}
