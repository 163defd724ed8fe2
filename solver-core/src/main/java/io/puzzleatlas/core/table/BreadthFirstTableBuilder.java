package io.puzzleatlas.core.table;

import java.util.Arrays;

/**
 * Builds a {@link DistanceTable} by breadth-first search backwards from the goal of a
 * {@link RankedSpace}, level by level: each level's states are kept as packed longs, so no state
 * is unranked, and every new state is ranked once per incoming edge.
 */
public final class BreadthFirstTableBuilder {
    private BreadthFirstTableBuilder() {
    }

    public static DistanceTable build(RankedSpace space) {
        long size = space.size();
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("space of " + size + " ranks does not fit one table");
        }
        byte[] depth = new byte[(int) size];
        Arrays.fill(depth, (byte) -1);
        long[] histogram = new long[256];
        long goal = space.goal();
        depth[(int) space.rank(goal)] = 0;
        histogram[0] = 1;
        long[] frontier = {goal};
        int frontierSize = 1;
        long[] next = new long[1024];
        int moves = space.moveCount();
        int level = 0;
        while (frontierSize > 0) {
            if (level + 1 > 254) {
                throw new IllegalStateException("distance above 254 does not fit a byte table");
            }
            byte nextDepth = (byte) (level + 1);
            int nextSize = 0;
            for (int i = 0; i < frontierSize; i++) {
                long s = frontier[i];
                for (int m = 0; m < moves; m++) {
                    long p = space.unmove(s, m);
                    if (p == -1) {
                        continue;
                    }
                    int r = (int) space.rank(p);
                    if (depth[r] == -1) {
                        depth[r] = nextDepth;
                        if (nextSize == next.length) {
                            next = Arrays.copyOf(next, (int) Math.min(Integer.MAX_VALUE - 8, 2L * next.length));
                        }
                        next[nextSize++] = p;
                    }
                }
            }
            level++;
            histogram[level] = nextSize;
            long[] t = frontier;
            frontier = next;
            frontierSize = nextSize;
            next = t.length >= 1024 ? t : new long[1024];
        }
        return new DistanceTable(depth, Arrays.copyOf(histogram, level));
    }
}
