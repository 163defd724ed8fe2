package io.puzzleatlas.core.sliding;

/**
 * Per-thread scratch that turns ranks of a {@link PatternSpace} into tile cells, unranking the shared prefix (all tiles
 * but the last) only when it changes, and ranks the placements one slide away ({@link #slides}) from the digits' place
 * values. Scans over consecutive ranks thus cost about one select per rank.
 */
final class PatternCursor {
    /** Prefix gaps up to this many are stepped (about a select each) rather than unranked (divisions). */
    private static final int MAX_STEPS = 8;

    private final int cells;
    private final int tiles;
    private final int lastRadix;
    private final int full;
    /** cellOf[j]: cell of pattern tile j. */
    final int[] cellOf;
    /** prefixRank[j]: rank digits of tiles 0..j-1 as a mixed-radix number. */
    private final int[] prefixRank;
    /** digit[j]: tile j's rank digit (prefix tiles). */
    private final int[] digit;
    /** used[j]: mask of the cells of tiles 0..j-1. */
    final int[] used;
    /** tileAt[cell]: the pattern tile on {@code cell} (meaningful for occupied cells only). */
    final int[] tileAt = new int[1 << AdditivePatternHeuristic.SHIFT];
    /** weight[j]: the rank's place value of tile j's digit. */
    final int[] weight;
    /** Scratch for {@link #slides}: successors' ranks and their tiles' cells left and entered. */
    final long[] slideRanks;

    final int[] slideMoves;
    private int cachedPrefix = -1;

    PatternCursor(PatternSpace space) {
        this.cells = space.cells();
        this.tiles = space.tiles();
        this.lastRadix = space.lastRadix();
        this.full = (1 << cells) - 1;
        this.cellOf = new int[tiles];
        this.prefixRank = new int[tiles];
        this.used = new int[tiles + 1];
        this.digit = new int[tiles];
        this.weight = new int[tiles];
        this.slideRanks = new long[4 * tiles];
        this.slideMoves = new int[4 * tiles];
        int w = 1;
        for (int j = tiles - 1; j >= 0; j--) {
            weight[j] = w;
            w *= cells - j;
        }
    }

    /**
     * Positions the cursor on rank {@code r} (below 2^32: the prefix, {@code r / lastRadix}, is an int); afterwards
     * {@code used[tiles]} is the occupied mask.
     */
    void moveTo(long r) {
        int q = (int) (r / lastRadix);
        if (q != cachedPrefix) {
            if (q > cachedPrefix && q - cachedPrefix <= MAX_STEPS && cachedPrefix >= 0) {
                while (cachedPrefix < q) {
                    nextPrefix();
                }
            } else {
                unrankPrefix(q);
            }
        }
        int last = tiles - 1;
        int c = PatternSpace.select(full & ~used[last], (int) (r - (long) q * lastRadix));
        cellOf[last] = c;
        tileAt[c] = last;
        used[tiles] = used[last] | 1 << c;
    }

    /**
     * The placements one slide from the cursor's ({@code rank}): every pattern tile next to a cell of {@code active}
     * (free cells) slides into it, one direction at a time with no per-tile branching. Writes each successor's rank to
     * {@link #slideRanks}, and the cell its tile left and the cell it entered, {@code left | entered << 8}, to
     * {@link #slideMoves}; returns how many. A sideways slide changes only the tile's own rank digit, by one; a
     * vertical slide changes it by the {@code cols} cells it passes less the earlier tiles among them, and gives one to
     * (or takes one from) each later tile's digit on the cells between.
     */
    int slides(long rank, int active, CellGraph graph) {
        int cols = graph.cols();
        long[] ranks = slideRanks;
        int[] moves = slideMoves;
        int occupied = used[tiles];
        int n = 0;
        for (int m = occupied & (active >>> 1) & graph.notLastCol(); m != 0; m &= m - 1) {
            int x = Integer.numberOfTrailingZeros(m);
            ranks[n] = rank + weight[tileAt[x]];
            moves[n++] = x | (x + 1) << 8;
        }
        for (int m = occupied & (active << 1) & graph.notFirstCol(); m != 0; m &= m - 1) {
            int x = Integer.numberOfTrailingZeros(m);
            ranks[n] = rank - weight[tileAt[x]];
            moves[n++] = x | (x - 1) << 8;
        }
        int span = (1 << (cols - 1)) - 1;
        for (int m = occupied & (active >>> cols); m != 0; m &= m - 1) {
            int x = Integer.numberOfTrailingZeros(m);
            int i = tileAt[x];
            int between = span << (x + 1);
            long r = rank + (long) (cols - Integer.bitCount(used[i] & between)) * weight[i];
            for (int later = between & occupied & ~used[i]; later != 0; later &= later - 1) {
                r += weight[tileAt[Integer.numberOfTrailingZeros(later)]];
            }
            ranks[n] = r;
            moves[n++] = x | (x + cols) << 8;
        }
        for (int m = occupied & (active << cols); m != 0; m &= m - 1) {
            int x = Integer.numberOfTrailingZeros(m);
            int i = tileAt[x];
            int between = span << (x - cols + 1);
            long r = rank - (long) (cols - Integer.bitCount(used[i] & between)) * weight[i];
            for (int later = between & occupied & ~used[i]; later != 0; later &= later - 1) {
                r -= weight[tileAt[Integer.numberOfTrailingZeros(later)]];
            }
            ranks[n] = r;
            moves[n++] = x | (x - cols) << 8;
        }
        return n;
    }

    /** Steps the cached prefix to the next rank like an odometer: usually only its last tile moves. */
    private void nextPrefix() {
        cachedPrefix++;
        int last = tiles - 1;
        int j = last - 1;
        digit[j]++;
        while (digit[j] == cells - j) {
            digit[j] = 0;
            j--;
            digit[j]++;
        }
        for (int l = j; l < last; l++) {
            int c = PatternSpace.select(full & ~used[l], digit[l]);
            cellOf[l] = c;
            tileAt[c] = l;
            used[l + 1] = used[l] | 1 << c;
            prefixRank[l + 1] = prefixRank[l] * (cells - l) + digit[l];
        }
    }

    private void unrankPrefix(int q) {
        cachedPrefix = q;
        int last = tiles - 1;
        prefixRank[last] = q;
        for (int j = last - 1; j >= 0; j--) {
            int radix = cells - j;
            int p = prefixRank[j + 1] / radix;
            digit[j] = prefixRank[j + 1] - p * radix;
            prefixRank[j] = p;
        }
        int u = 0;
        for (int j = 0; j < last; j++) {
            used[j] = u;
            int c = PatternSpace.select(full & ~u, digit[j]);
            cellOf[j] = c;
            tileAt[c] = j;
            u |= 1 << c;
        }
        used[last] = u;
    }
}
