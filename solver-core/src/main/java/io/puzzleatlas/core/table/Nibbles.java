package io.puzzleatlas.core.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Four-bit values packed two per byte, the even index in the low nibble: the one layout of the packed distance tables
 * ({@link DistanceTable}) and of the pattern databases' files and lookups. Static and tiny, so the JIT inlines a lookup
 * into its caller. An index is an int read unsigned ({@code index >>> 1}), so up to 2^32 values fit one array.
 */
public final class Nibbles {
    private static final VarHandle BYTES = MethodHandles.arrayElementVarHandle(byte[].class);

    private Nibbles() {}

    /** Bytes holding {@code count} four-bit values. */
    public static long bytes(long count) {
        return (count + 1) >>> 1;
    }

    /** The four-bit value at {@code index}. */
    public static int get(byte[] packed, int index) {
        return (packed[index >>> 1] >>> ((index & 1) << 2)) & 0xF;
    }

    /** Sets the value at {@code index} to {@code value} (0..15); the other nibble of its byte is kept. */
    public static void set(byte[] packed, int index, int value) {
        int shift = (index & 1) << 2;
        packed[index >>> 1] = (byte) ((packed[index >>> 1] & ~(0xF << shift)) | (value << shift));
    }

    /**
     * Lowers the value at {@code index} to {@code value} if it is above it, by compare-and-set, so that threads may
     * lower values that share a byte.
     */
    public static void lowerShared(byte[] packed, int index, int value) {
        int shift = (index & 1) << 2;
        int at = index >>> 1;
        while (true) {
            byte old = (byte) BYTES.getVolatile(packed, at);
            if (((old >>> shift) & 0xF) <= value) {
                return;
            }
            byte now = (byte) ((old & ~(0xF << shift)) | (value << shift));
            if (BYTES.compareAndSet(packed, at, old, now)) {
                return;
            }
        }
    }
}
