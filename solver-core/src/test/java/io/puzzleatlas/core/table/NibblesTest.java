package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link Nibbles}: the even index in the low nibble, set keeps the other nibble, any order of writes. */
class NibblesTest {

    @Test
    void layoutAndRoundTrip() {
        assertEquals(0, Nibbles.bytes(0));
        assertEquals(1, Nibbles.bytes(1));
        assertEquals(2, Nibbles.bytes(3));
        byte[] packed = new byte[(int) Nibbles.bytes(3)];
        Nibbles.set(packed, 0, 0x3);
        Nibbles.set(packed, 1, 0xA);
        Nibbles.set(packed, 2, 0xF);
        assertEquals((byte) 0xA3, packed[0]);
        assertEquals((byte) 0x0F, packed[1]);

        int n = 1001;
        int[] expected = new int[n];
        byte[] table = new byte[(int) Nibbles.bytes(n)];
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 5 * n; round++) {
            int i = random.nextInt(n);
            expected[i] = random.nextInt(16);
            Nibbles.set(table, i, expected[i]);
        }
        for (int i = 0; i < n; i++) {
            assertEquals(expected[i], Nibbles.get(table, i), "index " + i);
        }
    }
}
