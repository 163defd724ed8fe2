package io.puzzleatlas.core.sliding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A partition of a sliding puzzle's tiles into disjoint patterns, in the labels of one goal class's canonical goal
 * (Korf &amp; Felner 2002). Written either as sizes, {@code 7-8}, or as explicit tiles, {@code 1,2,3,4/5,6,7,8}. Sizes
 * take tiles by goal cell in row-major order, starting from the end of the board away from the blank's goal cell: on
 * the 4x4, {@code 7-8} is rows 0-1 less the blank and rows 2-3 for the blank-first goal, and rows 2-3 less the blank
 * and rows 0-1 for the blank-last goal (Korf &amp; Felner's two halves).
 *
 * @param patterns each pattern's tiles, ascending
 */
public record Partition(String name, int[][] patterns) {

    /** Parses {@code spec} for the goal class of {@code goalBlank}. */
    public static Partition parse(String spec, SlidingPuzzle puzzle, int goalBlank) {
        int n = puzzle.cellCount();
        int[][] patterns = KORF_FELNER.equals(spec)
                ? corner(KORF_FELNER, KORF_FELNER_CELLS, "6-6-6-6", puzzle, goalBlank)
                : BLOCKS_7755.equals(spec)
                        ? corner(BLOCKS_7755, BLOCKS_7755_CELLS, "7-7-5-5", puzzle, goalBlank)
                        : spec.contains(",") || spec.contains("/") ? explicit(spec) : bySizes(spec, n, goalBlank);
        boolean[] seen = new boolean[n];
        int count = 0;
        for (int[] p : patterns) {
            Arrays.sort(p);
            if (p.length == 0) {
                throw new IllegalArgumentException("partition " + spec + ": bad pattern size " + p.length);
            }
            for (int t : p) {
                if (t < 1 || t >= n || seen[t]) {
                    throw new IllegalArgumentException("partition " + spec + ": tile " + t
                            + (t < 1 || t >= n ? " is not a tile of " + puzzle.name() : " appears twice"));
                }
                seen[t] = true;
                count++;
            }
        }
        if (count != n - 1) {
            throw new IllegalArgumentException(
                    "partition " + spec + " covers " + count + " of the " + (n - 1) + " tiles");
        }
        return new Partition(spec, patterns);
    }

    /**
     * System property: the largest pattern of default partitions (default 8, so {@code 7-8} on the 4x4). The test
     * suites set 5 ({@code 5-5-5}), whose tables build in a second, so that a fresh machine's test run never waits
     * minutes for the 8-tile table; the code path is the same.
     */

    /**
     * The partition {@code korf-felner}: Korf &amp; Felner's (2002) 6-6-6-6 partition of the 5x5 for the blank in the
     * top-left corner, by goal cell: {1,2,5,6,7,12}, {3,4,8,9,13,14} (a 3x2 block), {10,11,15,16,20,21} (3x2) and
     * {17,18,19,22,23,24} (2x3). For a goal class whose blank is in another corner the shape is mirrored so that its
     * corner holds the blank (the blank-last goal: turned half a turn, which keeps the main diagonal and so the
     * reflection); for a blank off the corners it is {@code 6-6-6-6} by rows.
     */
    public static final String KORF_FELNER = "korf-felner";

    private static final int[][] KORF_FELNER_CELLS = {
        {1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}
    };

    /**
     * The partition {@code blocks-7-7-5-5}: two 7-tile patterns, Korf &amp; Felner's two 3x2 blocks away from the blank
     * each with one tile of the pattern next to the blank, {2,3,4,8,9,13,14} and {5,10,11,15,16,20,21}, and two 5-tile
     * ones, {1,6,7,12,17} and {18,19,22,23,24} (blank in the top-left corner; mirrored like {@link #KORF_FELNER}). Its
     * 7-tile tables (2,422,728,000 placements) are built by the two-bit engine over {@link PatternRegionSpace}, about
     * 12 GB of heap while building, 1.2 GB each to hold.
     */
    public static final String BLOCKS_7755 = "blocks-7-7-5-5";

    private static final int[][] BLOCKS_7755_CELLS = {
        {2, 3, 4, 8, 9, 13, 14}, {5, 10, 11, 15, 16, 20, 21}, {1, 6, 7, 12, 17}, {18, 19, 22, 23, 24}
    };

    /**
     * A 5x5 partition given by goal cells for the blank in the top-left corner, mirrored so that the goal's corner
     * holds the blank, or {@code offCorner} sizes for a blank off the corners.
     */
    private static int[][] corner(String name, int[][] cells, String offCorner, SlidingPuzzle puzzle, int goalBlank) {
        int side = 5;
        if (puzzle.rows() != side || puzzle.cols() != side) {
            throw new IllegalArgumentException("partition " + name + " is for the 5x5 board, not " + puzzle.name());
        }
        int br = goalBlank / side;
        int bc = goalBlank % side;
        if ((br != 0 && br != side - 1) || (bc != 0 && bc != side - 1)) {
            return bySizes(offCorner, side * side, goalBlank);
        }
        int[][] out = new int[cells.length][];
        for (int p = 0; p < out.length; p++) {
            out[p] = new int[cells[p].length];
            for (int j = 0; j < out[p].length; j++) {
                int c = cells[p][j];
                int r = br == 0 ? c / side : side - 1 - c / side;
                int k = bc == 0 ? c % side : side - 1 - c % side;
                out[p][j] = SlidingPuzzle.goalTile(r * side + k, goalBlank);
            }
        }
        return out;
    }

    /**
     * Equal groups of at most {@code maxPattern} (1..8) tiles; on boards above 16 cells at most 6 (a 7-tile pattern of
     * the 5x5 takes 12 GB of heap to build, and the 7-tile partition measured, {@link #BLOCKS_7755}, expands more nodes
     * than Korf &amp; Felner's), and on the 5x5 with 6 allowed, {@link #KORF_FELNER}.
     */
    public static String defaultSpec(SlidingPuzzle puzzle, int maxPattern) {
        maxPattern = Math.max(1, Math.min(puzzle.cellCount() > SlidingPuzzle.MAX_PACKED_CELLS ? 6 : 8, maxPattern));
        if (maxPattern == 6 && puzzle.rows() == 5 && puzzle.cols() == 5) {
            return KORF_FELNER;
        }
        int tiles = puzzle.cellCount() - 1;
        int groups = (tiles + maxPattern - 1) / maxPattern;
        StringBuilder sb = new StringBuilder();
        for (int g = 0; g < groups; g++) {
            int size = tiles / groups + (g >= groups - tiles % groups ? 1 : 0);
            sb.append(g == 0 ? "" : "-").append(size);
        }
        return sb.toString();
    }

    private static int[][] explicit(String spec) {
        List<int[]> out = new ArrayList<>();
        for (String group : spec.split("/")) {
            out.add(Arrays.stream(group.trim().split("[,\\s]+"))
                    .mapToInt(Partition::number)
                    .toArray());
        }
        return out.toArray(new int[0][]);
    }

    private static int[][] bySizes(String spec, int n, int goalBlank) {
        int[] sizes = Arrays.stream(spec.split("-")).mapToInt(Partition::number).toArray();
        boolean fromEnd = goalBlank >= n / 2;
        int[][] out = new int[sizes.length][];
        int cell = fromEnd ? n - 1 : 0;
        for (int g = 0; g < sizes.length; g++) {
            out[g] = new int[sizes[g]];
            for (int j = 0; j < sizes[g]; j++) {
                while (cell >= 0 && cell < n && cell == goalBlank) {
                    cell += fromEnd ? -1 : 1;
                }
                if (cell < 0 || cell >= n) {
                    throw new IllegalArgumentException("partition " + spec + " has more tiles than the board");
                }
                out[g][j] = SlidingPuzzle.goalTile(cell, goalBlank);
                cell += fromEnd ? -1 : 1;
            }
        }
        return out;
    }

    private static int number(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("partition: '" + s + "' is not a number");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Partition p && name.equals(p.name) && Arrays.deepEquals(patterns, p.patterns);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.deepHashCode(patterns);
    }

    @Override
    public String toString() {
        return name + " " + Arrays.deepToString(patterns);
    }
}
