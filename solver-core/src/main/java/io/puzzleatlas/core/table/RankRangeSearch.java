package io.puzzleatlas.core.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * One step of a breadth-first search over a contiguous range of ranks of a rank space,
 * the building block of a search spread over workers that each own a range.
 *
 * <p>The frontier is not a queue: it is every rank of the range whose depth equals the level
 * being expanded, found by scanning the range's depth array. This is the implicit-frontier
 * design of Korf's two-bit breadth-first search (R. E. Korf, "Minimizing disk I/O in two-bit
 * breadth-first search", AAAI 2008): the state array is the only per-state memory, and
 * neighbours are produced as ranks that the owner of their range marks. Here a state takes a
 * byte instead of two bits because the distances themselves are the product.
 */
public final class RankRangeSearch {
    /** Depth of a rank not reached yet. */
    public static final byte UNSEEN = -1;
    /** Deepest level a byte array holds. */
    public static final int MAX_LEVEL = 126;

    /** Reads eight depths in one load. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private RankRangeSearch() {
    }

    /** A depth array for {@code length} ranks, all unseen. */
    public static byte[] newRange(int length) {
        byte[] depth = new byte[length];
        Arrays.fill(depth, UNSEEN);
        return depth;
    }

    /**
     * Expands every state of the range {@code [lo, lo + depth.length)} at {@code level}: each
     * neighbour {@code ranker} gives (for a search of distances to the goal, the predecessors:
     * {@code new SpaceNeighbourRanker(space, false)}) is passed to {@code sink} as a rank. Returns
     * the number of states expanded.
     */
    public static long expand(NeighbourRanker ranker, byte[] depth, long lo, int level, LongConsumer sink) {
        byte target = (byte) level;
        long[] buffer = new long[ranker.maxNeighbours()];
        long expanded = 0;
        int n = depth.length;
        int i = 0;
        // Eight depths at a time: most words of a deep level's array hold no frontier state.
        long pattern = 0x0101_0101_0101_0101L * (target & 0xFF);
        for (; i + 8 <= n; i += 8) {
            long word = wordAt(depth, i) ^ pattern;
            // Standard "has zero byte" test on the XOR: a zero byte is a frontier state.
            if (((word - 0x0101_0101_0101_0101L) & ~word & 0x8080_8080_8080_8080L) == 0) {
                continue;
            }
            for (int j = i; j < i + 8; j++) {
                if (depth[j] == target) {
                    expandOne(ranker, lo + j, buffer, sink);
                    expanded++;
                }
            }
        }
        for (; i < n; i++) {
            if (depth[i] == target) {
                expandOne(ranker, lo + i, buffer, sink);
                expanded++;
            }
        }
        return expanded;
    }

    private static long wordAt(byte[] a, int i) {
        return (long) LONGS.get(a, i);
    }

    private static void expandOne(NeighbourRanker ranker, long rank, long[] buffer, LongConsumer sink) {
        int n = ranker.neighbours(rank, buffer);
        for (int k = 0; k < n; k++) {
            sink.accept(buffer[k]);
        }
    }

    /**
     * Marks offset {@code offset} of a range as reached at {@code level} unless it was reached
     * before; returns whether it is new.
     */
    public static boolean mark(byte[] depth, int offset, int level) {
        if (depth[offset] != UNSEEN) {
            return false;
        }
        depth[offset] = (byte) level;
        return true;
    }

    /** Checks that a search may go one level deeper than {@code level}. */
    public static void checkLevel(int level) {
        if (level + 1 > MAX_LEVEL) {
            throw new IllegalStateException("distance above " + MAX_LEVEL + " does not fit the depth array");
        }
    }
}
