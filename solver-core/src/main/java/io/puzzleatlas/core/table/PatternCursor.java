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
    /** tileAt[cell]: the pattern tile on {@code cell} (meaningful for occupied cells only). */
    final int[] tileAt = new int[16];
    /** weight[j]: the rank's place value of tile j's digit. */
    final int[] weight;
    private int cachedPrefix = -1;

    PatternCursor(PatternSpace space) {
        this.cells = space.cells();
        this.tiles = space.tiles();
        this.lastRadix = space.lastRadix();
        this.full = (1 << cells) - 1;
        this.cellOf = new int[tiles];
        this.prefixRank = new int[tiles + 1];
        this.used = new int[tiles + 1];
        this.weight = new int[tiles];
        int w = 1;
        for (int j = tiles - 1; j >= 0; j--) {
            weight[j] = w;
            w *= cells - j;
        }
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
        tileAt[c] = last;
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
            tileAt[c] = j;
            u |= 1 << c;
        }
        used[last] = u;
    }

    /**
     * Rank of the current placement (rank {@code rank}) with tile {@code i} moved from its cell to
     * the adjacent free {@code cell}. Only digits of tiles on cells strictly between the two change
     * (by one), so a sideways move adds or subtracts tile i's place value.
     */
    int rankAfterSlide(int rank, int i, int cell) {
        int from = cellOf[i];
        int delta = cell - from;
        if (delta == 1 || delta == -1) {
            return rank + delta * weight[i];
        }
        int lo = Math.min(from, cell);
        int between = ((1 << Math.max(from, cell)) - 1) & ~((2 << lo) - 1);
        int sign = delta > 0 ? 1 : -1;
        int r = rank + (delta - sign * Integer.bitCount(used[i] & between)) * weight[i];
        for (int later = between & (used[tiles] ^ used[i + 1]); later != 0; later &= later - 1) {
            r += sign * weight[tileAt[Integer.numberOfTrailingZeros(later)]];
        }
        return r;
    }
}
