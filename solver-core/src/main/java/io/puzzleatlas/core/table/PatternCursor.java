package io.puzzleatlas.core.table;

/**
 * Per-thread scratch that turns ranks of a {@link PatternSpace} into tile cells, unranking the
 * shared prefix (all tiles but the last) only when it changes, and ranks one-tile changes from
 * the cached prefix ranks. Scans over consecutive ranks thus cost about one select per rank.
 */
final class PatternCursor {
    private final int cells;
    private final int tiles;
    private final int lastRadix;
    private final int full;
    /** cellOf[j]: cell of pattern tile j. */
    final int[] cellOf;
    /** prefixRank[j]: rank digits of tiles 0..j-1 as a mixed-radix number. */
    final int[] prefixRank;
    /** used[j]: mask of the cells of tiles 0..j-1. */
    final int[] used;
    private int cachedPrefix = -1;

    PatternCursor(PatternSpace space) {
        this.cells = space.cells();
        this.tiles = space.tiles();
        this.lastRadix = space.lastRadix();
        this.full = (1 << cells) - 1;
        this.cellOf = new int[tiles];
        this.prefixRank = new int[tiles + 1];
        this.used = new int[tiles + 1];
    }

    /** Positions the cursor on rank {@code r}; afterwards {@code used[tiles]} is the occupied mask. */
    void moveTo(int r) {
        int q = r / lastRadix;
        if (q != cachedPrefix) {
            unrankPrefix(q);
        }
        int last = tiles - 1;
        int c = PatternSpace.select(full & ~used[last], r - q * lastRadix);
        cellOf[last] = c;
        used[tiles] = used[last] | 1 << c;
        prefixRank[tiles] = r;
    }

    private void unrankPrefix(int q) {
        cachedPrefix = q;
        int last = tiles - 1;
        prefixRank[last] = q;
        for (int j = last - 1; j >= 0; j--) {
            int radix = cells - j;
            int p = prefixRank[j + 1] / radix;
            cellOf[j] = prefixRank[j + 1] - p * radix;
            prefixRank[j] = p;
        }
        int u = 0;
        for (int j = 0; j < last; j++) {
            used[j] = u;
            int c = PatternSpace.select(full & ~u, cellOf[j]);
            cellOf[j] = c;
            u |= 1 << c;
        }
        used[last] = u;
    }

    /** Rank of the current placement with tile {@code i} moved to the free cell {@code cell}. */
    int rankWith(int i, int cell) {
        int r = prefixRank[i];
        int u = used[i];
        for (int j = i; j < tiles; j++) {
            int c = j == i ? cell : cellOf[j];
            r = r * (cells - j) + c - Integer.bitCount(u & ((1 << c) - 1));
            u |= 1 << c;
        }
        return r;
    }
}
