package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * The rotation game's one-colour abstraction: where the eight cells of one colour are (C(24,8) = 735,471 masks,
 * colex-ranked), with distances to the mask of the centre.
 */
public final class RotationAbstractSpace implements RankedSpace {
    @Override
    public long size() {
        return RotationGame.ABSTRACT_STATES;
    }

    @Override
    public long rank(long state) {
        return Combinations.rank24((int) state);
    }

    @Override
    public long unrank(long rank) {
        return Combinations.unrank(rank, RotationGame.CELLS, 8);
    }

    @Override
    public int moveCount() {
        return RotationGame.MOVES;
    }

    @Override
    public long move(long state, int m) {
        return RotationGame.moveMask((int) state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return RotationGame.moveMask((int) state, RotationGame.INVERSE[m]);
    }

    @Override
    public long goal() {
        return RotationGame.CENTRE;
    }

    /**
     * Predecessors without unranking most masks: colex order of 8-subsets is the numeric order of their masks, so the
     * breadth-first engine, which visits a level's ranks in increasing order, reaches the next frontier mask from the
     * last one by a few steps of Gosper's next-subset (the next larger integer with as many bits set) instead of a
     * fresh unrank.
     */
    @Override
    public NeighbourRanker predecessors() {
        return new NeighbourRanker() {
            private long lastRank = Long.MIN_VALUE;
            private int lastMask;

            @Override
            public int maxNeighbours() {
                return RotationGame.MOVES;
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                long gap = rank - lastRank;
                int mask;
                if (gap > 0 && gap <= MAX_STEPS) {
                    mask = lastMask;
                    for (long g = gap; g > 0; g--) {
                        int low = mask & -mask;
                        int ripple = mask + low;
                        mask = (((ripple ^ mask) >>> 2) >>> Integer.numberOfTrailingZeros(low)) | ripple;
                    }
                } else {
                    mask = (int) unrank(rank);
                }
                lastRank = rank;
                lastMask = mask;
                for (int m = 0; m < RotationGame.MOVES; m++) {
                    out[at + m] = Combinations.rank24(RotationGame.moveMask(mask, RotationGame.INVERSE[m]));
                }
                return RotationGame.MOVES;
            }
        };
    }

    /** Gosper steps taken rather than an unrank (which scans the 24 cells). */
    private static final int MAX_STEPS = 12;
}
