package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.core.table.TwoBitWords;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * The ranks one partition found for one owner range in a level, shipped as a sorted, de-duplicated block of offsets.
 * Collection starts as an int list and switches to a bit set once the list holds {@code 1/}{@value #BITS_AT} of the
 * range's offsets (the bit set is then 8 times the list's memory at most, and no sort is needed: sorting the lists was
 * 11 % of the 2x6's CPU when they switched only at the bit set's size). A block is encoded as variable-length deltas
 * (tag 0) when that is smaller, else as the bit set's words from the first non-zero one to the last (tag 1), which the
 * owner marks 32 ranks per word operation ({@link #markInto}).
 */
final class RankBlock {
    /** The list becomes a bit set at this fraction of the range's offsets. */
    static final int BITS_AT = 256;
    /** Ranges with a larger bit set keep lists (sorted when encoded): a task's blocks stay within its budget. */
    static final long MAX_BITS_BYTES = FrontierExpansion.BLOCK_BUDGET / 4;

    private final int length;
    private int[] list = new int[64];
    private int size;
    private long[] bits;

    RankBlock(int length) {
        this.length = length;
    }

    /** Adds {@code offset}; returns the bytes this block grew by. */
    long add(int offset) {
        if (bits != null) {
            bits[offset >>> 6] |= 1L << offset;
            return 0;
        }
        long grown = 0;
        if (size == list.length) {
            if ((long) list.length * BITS_AT >= length && length / 8 <= MAX_BITS_BYTES) {
                toBits();
                bits[offset >>> 6] |= 1L << offset;
                return 8L * bits.length - 4L * size;
            }
            grown = 4L * list.length;
            list = Arrays.copyOf(list, list.length * 2);
        }
        list[size++] = offset;
        return grown;
    }

    /** Bytes this block holds now. */
    long bytes() {
        return bits != null ? 8L * bits.length : 4L * list.length;
    }

    private void toBits() {
        bits = new long[(length + 63) >>> 6];
        for (int i = 0; i < size; i++) {
            bits[list[i] >>> 6] |= 1L << list[i];
        }
        list = null;
    }

    private static final byte DELTAS = 0;
    private static final byte BITS = 1;

    /**
     * The block's encoding: a tag byte, then varint gaps (ascending offsets) or the bit set's words, whichever is
     * smaller.
     */
    byte[] encode() {
        if (bits != null) {
            int first = 0;
            while (first < bits.length && bits[first] == 0) {
                first++;
            }
            int last = bits.length;
            while (last > first && bits[last - 1] == 0) {
                last--;
            }
            long count = 0;
            for (int w = first; w < last; w++) {
                count += Long.bitCount(bits[w]);
            }
            int words = last - first;
            if (count * 3 < 8L * words) { // gaps average over 24 offsets: three bytes each at most while below 2^21
                Encoder out = new Encoder((int) Math.min(Integer.MAX_VALUE - 16, count * 3 + 16));
                out.tag(DELTAS);
                int previous = -1;
                for (int w = first; w < last; w++) {
                    for (long word = bits[w]; word != 0; word &= word - 1) {
                        int offset = (w << 6) | Long.numberOfTrailingZeros(word);
                        out.gap(offset - previous - 1);
                        previous = offset;
                    }
                }
                return out.bytes();
            }
            ByteBuffer out = ByteBuffer.allocate(1 + 4 + 8 * words).order(ByteOrder.LITTLE_ENDIAN);
            out.put(BITS).putInt(first);
            out.asLongBuffer().put(bits, first, words);
            return out.array();
        }
        Encoder out = new Encoder(size * 2 + 16);
        out.tag(DELTAS);
        sort(list, size, length);
        int previous = -1;
        for (int i = 0; i < size; i++) {
            if (list[i] != previous) {
                out.gap(list[i] - previous - 1);
                previous = list[i];
            }
        }
        return out.bytes();
    }

    /**
     * Marks every offset of an encoded block that is unseen in {@code words} with {@code code}
     * ({@code core.table.TwoBitLevel}'s codes), plainly (one task merges a range), and flags the chunks it marked in
     * {@code chunks}; returns how many it marked.
     */
    static long markInto(byte[] block, TwoBitWords words, int code, boolean[] chunks) {
        int wordCount = words.length();
        TwoBitWords.Count fresh = new TwoBitWords.Count();
        if (block[0] == BITS) {
            ByteBuffer in = ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN);
            int first = in.getInt(1);
            int count = (block.length - 5) / 8;
            for (int k = 0; k < count; k++) {
                long ranks = in.getLong(5 + 8 * k);
                if (ranks == 0) {
                    continue;
                }
                int w = 2 * (first + k); // 64 offsets of the bit set are two words of 32 two-bit entries
                long marked = words.markWord(w, spread((int) ranks), code, false, fresh);
                if (w + 1 < wordCount) {
                    marked |= words.markWord(w + 1, spread((int) (ranks >>> 32)), code, false, fresh);
                }
                if (marked != 0) {
                    chunks[w / TwoBitLevel.CHUNK_WORDS] = true;
                }
            }
            return fresh.count();
        }
        decode(block, offset -> {
            if (words.mark(offset, code, fresh)) {
                chunks[offset >>> TwoBitLevel.CHUNK_RANK_BITS] = true;
            }
        });
        return fresh.count();
    }

    /**
     * Sorts {@code a[0, n)}, offsets below {@code length}: a least-significant-digit radix sort of 11-bit digits (two
     * or three passes) for long lists, about eight times cheaper per element than a comparison sort at the list lengths
     * a level's tasks make; a comparison sort for short ones.
     */
    static void sort(int[] a, int n, int length) {
        if (n < 2048) {
            Arrays.sort(a, 0, n);
            return;
        }
        int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, length - 1));
        int[] from = a;
        int[] to = new int[n];
        int[] count = new int[1 << 11];
        for (int shift = 0; shift < bits; shift += 11) {
            Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(from[i] >>> shift) & 0x7FF]++;
            }
            for (int d = 0, sum = 0; d < count.length; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int v = from[i];
                to[count[(v >>> shift) & 0x7FF]++] = v;
            }
            int[] t = from;
            from = to;
            to = t;
        }
        if (from != a) {
            System.arraycopy(from, 0, a, 0, n);
        }
    }

    /** Bit i of {@code x} moved to bit 2i: one rank bit per two-bit entry, at the entry's low bit. */
    static long spread(int x) {
        long v = x & 0xFFFF_FFFFL;
        v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFFL;
        v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FFL;
        v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0FL;
        v = (v | (v << 2)) & 0x3333_3333_3333_3333L;
        return (v | (v << 1)) & 0x5555_5555_5555_5555L;
    }

    /** Passes each offset of a delta-encoded block to {@code sink}, ascending. */
    static void decode(byte[] block, IntConsumer sink) {
        int previous = -1;
        int i = 1;
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

        void tag(byte t) {
            buf[n++] = t;
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
