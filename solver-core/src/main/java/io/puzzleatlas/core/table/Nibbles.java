package io.puzzleatlas.core.table;

/**
 * Four-bit values packed two per byte, the even index in the low nibble: the one layout of the
 * packed distance tables ({@link DistanceTable}) and of the pattern databases' files and
 * lookups. Static and tiny, so the JIT inlines a lookup into its caller.
 */
public final class Nibbles {
    private Nibbles() {
    }

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
}
