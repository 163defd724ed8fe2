package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
    @CsvSource({"16, 9", "16, 16", "4, 0"})
    void rejectsPatternsTooLarge(int cells, int tiles) {
        assertThrows(IllegalArgumentException.class, () -> new PatternSpace(cells, tiles));
    }

    @ParameterizedTest
    @CsvSource({"16, 8, 518918400", "16, 7, 57657600", "16, 5, 524160", "9, 4, 3024"})
    void sizes(int cells, int tiles, long size) {
        assertEquals(size, new PatternSpace(cells, tiles).size());
    }
}
