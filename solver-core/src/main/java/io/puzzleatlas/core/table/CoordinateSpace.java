package io.puzzleatlas.core.table;

/**
 * A space whose states are their own ranks: a coordinate (or a mixed-radix tuple of coordinates) in {@code [0, size)},
 * so ranking and unranking are the identity.
 */
public interface CoordinateSpace extends RankedSpace {
    @Override
    default long rank(long state) {
        return state;
    }

    @Override
    default long unrank(long rank) {
        return rank;
    }
}
