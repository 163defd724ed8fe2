package io.puzzleatlas.core.table;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The plainest breadth-first search of a {@link RankedSpace}, as the tests' reference for the two-bit engine: a queue
 * of states, one int of depth per rank, predecessors by {@link RankedSpace#unmove} (or successors by
 * {@link RankedSpace#move} when {@code forward}).
 */
final class ReferenceBfs {
    private ReferenceBfs() {}

    /** Depth of every rank ({@link DistanceTable#UNREACHED} where the goal is not reached). */
    static int[] depths(RankedSpace space, boolean forward) {
        int[] depth = new int[(int) space.size()];
        Arrays.fill(depth, DistanceTable.UNREACHED);
        ArrayDeque<Long> queue = new ArrayDeque<>();
        depth[(int) space.rank(space.goal())] = 0;
        queue.add(space.goal());
        while (!queue.isEmpty()) {
            long s = queue.poll();
            int d = depth[(int) space.rank(s)];
            for (int m = 0; m < space.moveCount(); m++) {
                long p = forward ? space.move(s, m) : space.unmove(s, m);
                if (p != -1 && depth[(int) space.rank(p)] == DistanceTable.UNREACHED) {
                    depth[(int) space.rank(p)] = d + 1;
                    queue.add(p);
                }
            }
        }
        return depth;
    }

    /** histogram[d] = ranks at depth d. */
    static long[] histogram(int[] depth) {
        long[] h = new long[Arrays.stream(depth).max().orElse(0) + 1];
        for (int d : depth) {
            if (d >= 0) {
                h[d]++;
            }
        }
        return h;
    }
}
