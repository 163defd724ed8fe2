package io.puzzleatlas.core.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The levels of a breadth-first search while they are small, over the same {@link NeighbourRanker} contract as the
 * two-bit engine but without its array, so the cost follows the states found, not the size of the space: each level is
 * a sorted array of ranks. A distributed search starts with {@link #first} where a level of a few states would cost a
 * whole round of tasks, and hands the levels on as two-bit codes (Korf 2008 likewise starts his disk-based searches in
 * memory); in a space whose moves can all be undone it ends with {@link #last}, which needs only the last two levels
 * (Korf's frontier search).
 */
public final class SmallLevels {
    private SmallLevels() {}

    /**
     * Levels 0..L from {@code goalRank}, the ranks seen kept in an open-addressing hash set: {@code levels.get(d)}
     * holds the ranks at distance d, ascending, and level L is the frontier, not yet expanded. Stops once
     * {@code maxStates} states are reached or L is {@code maxLevel}, and before a level that would be empty (so the
     * search that continues from level L finds the end itself).
     */
    public static List<long[]> first(long goalRank, NeighbourRanker ranker, long maxStates, int maxLevel) {
        List<long[]> levels = new ArrayList<>();
        levels.add(new long[] {goalRank});
        RankSet seen = new RankSet();
        seen.add(goalRank);
        long reached = 1;
        long[] buffer = new long[ranker.maxNeighbours()];
        while (reached < maxStates && levels.size() - 1 < maxLevel) {
            LongList next = new LongList();
            for (long rank : levels.get(levels.size() - 1)) {
                int n = ranker.neighbours(rank, buffer);
                for (int k = 0; k < n; k++) {
                    if (seen.add(buffer[k])) {
                        next.add(buffer[k]);
                    }
                }
            }
            if (next.size() == 0) {
                break;
            }
            long[] level = next.toArray();
            Arrays.sort(level);
            levels.add(level);
            reached += level.length;
        }
        return levels;
    }

    /**
     * The levels after {@code previous} and {@code current} (two consecutive levels, ascending) to the end of the
     * search, in a space where every move can be undone ({@link RankedSpace#reversible}): there a neighbour of the
     * current level lies in the previous, the current or the next one, so the next level is the neighbours found in
     * neither. Returns the levels after {@code current} (each ascending; the last one non-empty); empty when
     * {@code current} is the last.
     */
    public static List<long[]> last(long[] previous, long[] current, NeighbourRanker ranker) {
        List<long[]> levels = new ArrayList<>();
        long[] buffer = new long[ranker.maxNeighbours()];
        long[] before = previous;
        long[] now = current;
        while (true) {
            LongList next = new LongList();
            for (long rank : now) {
                int n = ranker.neighbours(rank, buffer);
                for (int k = 0; k < n; k++) {
                    long r = buffer[k];
                    if (Arrays.binarySearch(now, r) < 0 && Arrays.binarySearch(before, r) < 0) {
                        next.add(r);
                    }
                }
            }
            long[] level = next.sortedDistinct();
            if (level.length == 0) {
                return levels;
            }
            levels.add(level);
            before = now;
            now = level;
        }
    }

    /** A set of non-negative longs, open addressing with linear probing; -1 marks an empty slot. */
    private static final class RankSet {
        private long[] slots = filled(1 << 12);
        private int size;

        private static long[] filled(int n) {
            long[] a = new long[n];
            Arrays.fill(a, -1);
            return a;
        }

        /** Adds {@code rank}; returns whether it was new. */
        boolean add(long rank) {
            if (2 * (size + 1) > slots.length) {
                grow();
            }
            int mask = slots.length - 1;
            for (int i = slot(rank, mask); ; i = (i + 1) & mask) {
                if (slots[i] == rank) {
                    return false;
                }
                if (slots[i] == -1) {
                    slots[i] = rank;
                    size++;
                    return true;
                }
            }
        }

        private static int slot(long rank, int mask) {
            long h = rank * 0x9E37_79B9_7F4A_7C15L; // Fibonacci hashing
            return (int) (h >>> 32) & mask;
        }

        private void grow() {
            long[] old = slots;
            slots = filled(old.length * 2);
            int mask = slots.length - 1;
            for (long r : old) {
                if (r != -1) {
                    int i = slot(r, mask);
                    while (slots[i] != -1) {
                        i = (i + 1) & mask;
                    }
                    slots[i] = r;
                }
            }
        }
    }
}
