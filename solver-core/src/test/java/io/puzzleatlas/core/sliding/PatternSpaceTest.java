package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Pattern ranking: dense, rank and unrank inverse, and the cursor's incremental stepping agrees. */
class PatternSpaceTest {

    @ParameterizedTest
    @CsvSource({"9, 4", "8, 3", "16, 3", "16, 5", "6, 5", "9, 1", "12, 2"})
    void rankUnrankAndCursorAgree(int cells, int tiles) {
        PatternSpace space = new PatternSpace(cells, tiles);
        PatternCursor cursor = new PatternCursor(space);
        int[] cellOf = new int[tiles];
        for (int r = 0; r < space.size(); r++) {
            space.unrank(r, cellOf);
            assertEquals(r, space.rank(cellOf));
            cursor.moveTo(r);
            assertArrayEquals(cellOf, cursor.cellOf, "rank " + r);
            int used = 0;
            for (int j = 0; j < tiles; j++) {
                assertEquals(j, cursor.tileAt[cellOf[j]]);
                used |= 1 << cellOf[j];
            }
            assertEquals(used, cursor.used[tiles]);
        }
        cursor.moveTo((int) space.size() / 3);
        space.unrank((int) space.size() / 3, cellOf);
        assertArrayEquals(cellOf, cursor.cellOf);
    }

    @ParameterizedTest
    @CsvSource({"16, 10", "25, 8", "16, 16", "4, 0"})
    void rejectsPatternsTooLarge(int cells, int tiles) {
        assertThrows(IllegalArgumentException.class, () -> new PatternSpace(cells, tiles));
    }

    @ParameterizedTest
    @CsvSource({
        "16, 8, 518918400",
        "16, 7, 57657600",
        "16, 5, 524160",
        "9, 4, 3024",
        "25, 7, 2422728000",
        "16, 9, 4151347200"
    })
    void sizes(int cells, int tiles, long size) {
        assertEquals(size, new PatternSpace(cells, tiles).size());
    }

    /**
     * A 7-tile pattern of the 5x5 has more ranks than an int holds: ranks are ints read unsigned, and rank, unrank, the
     * cursor and its slides agree on ranks above 2^31 as below.
     */
    @org.junit.jupiter.api.Test
    void ranksAboveTwoToThe31AreUnsignedInts() {
        PatternSpace space = new PatternSpace(25, 7);
        PatternCursor cursor = new PatternCursor(space);
        CellGraph graph = new CellGraph(5, 5);
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        SplittableRandom random = new SplittableRandom(25);
        int[] cellOf = new int[7];
        int[] moved = new int[7];
        long above = 0;
        for (int i = 0; i < 20_000; i++) {
            long r = i < 3 ? new long[] {space.size() - 1, 1L << 31, (1L << 31) - 1}[i] : random.nextLong(space.size());
            above += r >= 1L << 31 ? 1 : 0;
            space.unrank(r, cellOf);
            assertEquals(r, Integer.toUnsignedLong(space.rank(cellOf)), "rank " + r);
            cursor.moveTo(r);
            assertArrayEquals(cellOf, cursor.cellOf, "rank " + r);
            int occupied = cursor.used[7];
            int n = cursor.slides(r, ~occupied & ((1 << 25) - 1), graph);
            long[] ranks = cursor.slideRanks;
            int[] left = cursor.slideMoves;
            int expected = 0;
            for (int j = 0; j < 7; j++) {
                for (int d = 0; d < 4; d++) {
                    int to = puzzle.neighbour(cellOf[j], d);
                    if (to < 0 || (occupied & (1 << to)) != 0) {
                        continue;
                    }
                    System.arraycopy(cellOf, 0, moved, 0, 7);
                    moved[j] = to;
                    long want = Integer.toUnsignedLong(space.rank(moved));
                    boolean found = false;
                    for (int s = 0; s < n; s++) {
                        found |= ranks[s] == want && left[s] == (cellOf[j] | to << 8);
                    }
                    Assertions.assertTrue(found, "slide of tile " + j + " to " + to + " from rank " + r);
                    expected++;
                }
            }
            assertEquals(expected, n, "slides from rank " + r);
        }
        Assertions.assertTrue(above > 2_000, above + " ranks above 2^31");
    }
}
