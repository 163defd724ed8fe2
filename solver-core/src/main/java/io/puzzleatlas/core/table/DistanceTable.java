package io.puzzleatlas.core.table;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * Distance to the goal of every rank of a {@link RankedSpace} ({@link #UNREACHED} for ranks the goal cannot reach),
 * with the depth histogram of the search that built it. Stored four bits per rank when the radius is at most 14 (the
 * rotation game's abstraction: 368 KB instead of 735 KB, so it stays in cache), else one byte per rank (distances up to
 * 254).
 */
public final class DistanceTable {
    public static final int UNREACHED = -1;
    private static final int NIBBLE_UNREACHED = 0xF;

    /** One byte per rank, or null when packed. */
    private final byte[] depth;
    /** Two ranks per byte ({@link Nibbles}), or null. */
    private final byte[] nibbles;

    private final long size;
    private final long[] histogram;

    DistanceTable(byte[] depth, long[] histogram) {
        this.histogram = histogram;
        this.size = depth.length;
        if (histogram.length - 1 < NIBBLE_UNREACHED) {
            this.nibbles = new byte[(int) Nibbles.bytes(depth.length)];
            for (int r = 0; r < depth.length; r++) {
                Nibbles.set(nibbles, r, depth[r] == -1 ? NIBBLE_UNREACHED : depth[r]);
            }
            this.depth = null;
        } else {
            this.depth = depth;
            this.nibbles = null;
        }
    }

    /**
     * How a distance table goes to and from its {@link TableFile}: beside the stored bytes, its size, whether two ranks
     * share a byte, and its histogram.
     */
    public static final TableFile.Codec<DistanceTable> FILE = new TableFile.Codec<>() {
        @Override
        public byte[] meta(DistanceTable table) {
            ByteBuffer meta = ByteBuffer.allocate(8 + 1 + 4 + 8 * table.histogram.length);
            meta.putLong(table.size).put((byte) (table.packed() ? 1 : 0)).putInt(table.histogram.length);
            for (long c : table.histogram) {
                meta.putLong(c);
            }
            return meta.array();
        }

        @Override
        public byte[] entries(DistanceTable table) {
            return table.storage();
        }

        @Override
        public DistanceTable decode(Path file, byte[] meta, byte[] entries) throws TableFileException {
            ByteBuffer in = ByteBuffer.wrap(meta);
            long size = meta.length >= 13 ? in.getLong() : -1;
            boolean packed = size >= 0 && in.get() != 0;
            int levels = size >= 0 ? in.getInt() : -1;
            if (levels < 0
                    || levels > 256
                    || meta.length != 13 + 8L * levels
                    || entries.length != (packed ? Nibbles.bytes(size) : size)) {
                throw new TableFileException(file + ": corrupt header");
            }
            long[] histogram = new long[levels];
            for (int d = 0; d < levels; d++) {
                histogram[d] = in.getLong();
            }
            return new DistanceTable(entries, packed, size, histogram);
        }
    };

    /** A table read back from its storage ({@link #storage()}, as its {@link TableFile} keeps it). */
    DistanceTable(byte[] storage, boolean packed, long size, long[] histogram) {
        this.histogram = histogram;
        this.size = size;
        this.nibbles = packed ? storage : null;
        this.depth = packed ? null : storage;
    }

    /** The stored bytes: nibbles when {@link #packed()}, else a byte per rank. */
    byte[] storage() {
        return nibbles != null ? nibbles : depth;
    }

    /** Whether two ranks share a byte (radius at most 14). */
    boolean packed() {
        return nibbles != null;
    }

    /** Distance of rank {@code r} to the goal, or {@link #UNREACHED}. */
    public int get(long rank) {
        int r = (int) rank;
        if (nibbles != null) {
            int d = Nibbles.get(nibbles, r);
            return d == NIBBLE_UNREACHED ? UNREACHED : d;
        }
        int d = depth[r];
        return d == -1 ? UNREACHED : d & 0xFF;
    }

    public long size() {
        return size;
    }

    /** Bytes of storage: one per rank, or one per two ranks when packed. */
    public long bytes() {
        return nibbles != null ? nibbles.length : depth.length;
    }

    /** histogram()[d] = number of states at distance d; length = radius + 1. */
    public long[] histogram() {
        return histogram.clone();
    }

    /** Largest distance of a reached state. */
    public int radius() {
        return histogram.length - 1;
    }

    /** Number of reached states. */
    public long reached() {
        long n = 0;
        for (long c : histogram) {
            n += c;
        }
        return n;
    }
}
