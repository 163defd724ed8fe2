package io.puzzleatlas.core.table;

/**
 * Neighbour ranks of any {@link RankedSpace}: unrank, apply every move backwards, rank. With {@code forward} set the
 * moves are applied forwards, so a search measures distances FROM the space's goal instead of to it.
 */
public final class SpaceNeighbourRanker implements NeighbourRanker {
    private final RankedSpace space;
    private final boolean forward;

    public SpaceNeighbourRanker(RankedSpace space, boolean forward) {
        this.space = space;
        this.forward = forward;
    }

    @Override
    public int maxNeighbours() {
        return space.moveCount();
    }

    @Override
    public int neighbours(long rank, long[] out, int at) {
        long state = space.unrank(rank);
        int n = 0;
        for (int m = 0; m < space.moveCount(); m++) {
            long p = forward ? space.move(state, m) : space.unmove(state, m);
            if (p != -1) {
                out[at + n++] = space.rank(p);
            }
        }
        return n;
    }
}
