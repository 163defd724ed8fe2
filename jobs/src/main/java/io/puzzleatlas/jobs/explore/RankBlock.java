package io.puzzleatlas.jobs.explore;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The ranks one partition found for one owner range in a level, shipped as a sorted,
 * de-duplicated block of offsets encoded as variable-length deltas (mostly one byte each on
 * dense levels). Collection starts as an int list and switches to a bit set once the list would
 * be larger than the bit set, so sparse levels stay small and dense levels never sort.
 */
final class RankBlock {
    private final int length;
    private int[] list = new int[64];
    private int size;
    private long[] bits;

    RankBlock(int length) {
        this.length = length;
    }

    void add(int offset) {
        if (bits != null) {
            bits[offset >>> 6] |= 1L << offset;
            return;
        }
        if (size == list.length) {
            if ((long) list.length * 32 >= length) {
                toBits();
                bits[offset >>> 6] |= 1L << offset;
                return;
            }
            list = Arrays.copyOf(list, list.length * 2);
        }
        list[size++] = offset;
    }

    private void toBits() {
        bits = new long[(length + 63) >>> 6];
        for (int i = 0; i < size; i++) {
            bits[list[i] >>> 6] |= 1L << list[i];
        }
        list = null;
    }

    /** The block's encoding: ascending offsets, each as the varint of its gap to the previous one minus one. */
    byte[] encode() {
        Encoder out = new Encoder(bits == null ? size * 2 + 16 : bits.length + 16);
        if (bits == null) {
            Arrays.sort(list, 0, size);
            int previous = -1;
            for (int i = 0; i < size; i++) {
                if (list[i] != previous) {
                    out.gap(list[i] - previous - 1);
                    previous = list[i];
                }
            }
        } else {
            int previous = -1;
            for (int w = 0; w < bits.length; w++) {
                long word = bits[w];
                while (word != 0) {
                    int offset = (w << 6) + Long.numberOfTrailingZeros(word);
                    out.gap(offset - previous - 1);
                    previous = offset;
                    word &= word - 1;
                }
            }
        }
        return out.bytes();
    }

    /** Passes each offset of an encoded block to {@code sink}, ascending. */
    static void decode(byte[] block, IntConsumer sink) {
        int previous = -1;
        int i = 0;
        while (i < block.length) {
            int gap = 0;
            int shift = 0;
            byte b;
            do {
                b = block[i++];
                gap |= (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            previous += gap + 1;
            sink.accept(previous);
        }
    }

    /** A growable byte array of varints. */
    private static final class Encoder {
        private byte[] buf;
        private int n;

        Encoder(int capacity) {
            buf = new byte[Math.max(16, capacity)];
        }

        void gap(int v) {
            if (n + 5 > buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            while ((v & ~0x7F) != 0) {
                buf[n++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[n++] = (byte) v;
        }

        byte[] bytes() {
            return Arrays.copyOf(buf, n);
        }
    }
}
