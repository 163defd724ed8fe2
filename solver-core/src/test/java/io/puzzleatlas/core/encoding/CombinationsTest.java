package io.puzzleatlas.core.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CombinationsTest {

    @Test
    void everyEightOfTwentyFourSubsetRoundTripsDensely() {
        long count = Combinations.binomial(24, 8);
        assertEquals(735_471, count);
        boolean[] seen = new boolean[(int) count];
        for (long r = 0; r < count; r++) {
            long mask = Combinations.unrank(r, 24, 8);
            assertEquals(8, Long.bitCount(mask));
            assertEquals(0, mask >>> 24);
            assertEquals(r, Combinations.rank(mask));
            assertEquals(r, Combinations.rank24((int) mask));
            seen[(int) r] = true;
        }
        for (boolean b : seen) {
            assertEquals(true, b);
        }
    }

    @Test
    void colexOrderStartsWithTheLowestCells() {
        assertEquals(0xFFL, Combinations.unrank(0, 24, 8));
        assertEquals(0xFF_0000L, Combinations.unrank(Combinations.binomial(24, 8) - 1, 24, 8));
        assertEquals(1, Combinations.rank(0x17F));
    }
}
