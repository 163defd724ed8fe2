package io.puzzleatlas.core.sliding;

/**
 * Dense ranking of the cells of {@code k} distinguishable pattern tiles on a board of {@code n} cells (n &lt;= 25): a
 * k-permutation of the cells, {@code n!/(n-k)!} ranks (8 tiles of the 4x4 board: 518,918,400; 6 tiles of the 5x5:
 * 127,512,000). Tile {@code j}'s digit is its cell minus the number of earlier tiles on lower cells, in {@code [0,
 * n-j)}; the rank is the mixed-radix number of the digits, tile 0 most significant. So the last tile varies fastest:
 * ranks {@code q*(n-k+1) .. q*(n-k+1)+n-k} share the cells of tiles {@code 0..k-2} (a "prefix"), which lets scans
 * unrank once per prefix.
 *
 * <p>This is the ranking of Korf &amp; Felner (2002) pattern databases, without the blank.
 */
public final class PatternSpace {
    /**
     * Largest number of ranks a pattern may have: ranks are ints read as unsigned, so that a 7-tile pattern of the 5x5
     * (2,422,728,000 ranks) fits; four-bit tables of up to 2^32 entries fit one byte array.
     */
    public static final long MAX_SIZE = (1L << 32) - 1;
    /**
     * Largest pattern whose ranks are non-negative ints: {@link PatternBfs}'s limit (larger ones are built by the
     * two-bit engine over {@link PatternRegionSpace}).
     */
    public static final long INT_SIZE = Integer.MAX_VALUE - 8;

    private static final byte[] SELECT = new byte[1 << 20];

    static {
        for (int mask = 0; mask < 1 << 16; mask++) {
            int bits = mask;
            for (int d = 0; d < 16 && bits != 0; d++) {
                SELECT[(mask << 4) | d] = (byte) Integer.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
    }

    private final int cells;
    private final int tiles;
    private final long size;

    public PatternSpace(int cells, int tiles) {
        if (cells < 2 || cells > SlidingPuzzle.MAX_CELLS || tiles < 1 || tiles >= cells) {
            throw new IllegalArgumentException("pattern of " + tiles + " tiles on " + cells + " cells");
        }
        long s = 1;
        for (int j = 0; j < tiles; j++) {
            s *= cells - j;
        }
        if (s > MAX_SIZE) {
            throw new IllegalArgumentException("pattern of " + tiles + " tiles on " + cells + " cells has " + s
                    + " ranks, more than " + MAX_SIZE + " (use smaller patterns)");
        }
        this.cells = cells;
        this.tiles = tiles;
        this.size = s;
    }

    public int cells() {
        return cells;
    }

    public int tiles() {
        return tiles;
    }

    /** Number of ranks, {@code n!/(n-k)!}. */
    public long size() {
        return size;
    }

    /** Number of ranks sharing one prefix (the last tile's choices): {@code n-k+1}. */
    public int lastRadix() {
        return cells - tiles + 1;
    }

    /** The {@code d}-th lowest set bit's index of a {@code mask} of up to 25 bits (a table per 16 bits). */
    public static int select(int mask, int d) {
        int low = mask & 0xFFFF;
        int below = Integer.bitCount(low);
        return d < below ? SELECT[(low << 4) | d] : 16 + SELECT[((mask >>> 16) << 4) | (d - below)];
    }

    /**
     * Rank of the tiles' cells {@code cellOf[0..k)} (distinct, each below n), as an int to be read unsigned
     * ({@link Integer#toUnsignedLong}) where the space exceeds {@link #INT_SIZE}: the arithmetic wraps modulo 2^32, so
     * sums and differences of ranks stay exact.
     */
    public int rank(int[] cellOf) {
        int r = 0;
        int used = 0;
        for (int j = 0; j < tiles; j++) {
            int c = cellOf[j];
            r = r * (cells - j) + c - Integer.bitCount(used & ((1 << c) - 1));
            used |= 1 << c;
        }
        return r;
    }

    /** Writes the cells of rank {@code r} into {@code cellOf[0..k)}. */
    public void unrank(long r, int[] cellOf) {
        for (int j = tiles - 1; j >= 0; j--) {
            int radix = cells - j;
            cellOf[j] = (int) (r % radix);
            r /= radix;
        }
        int free = (1 << cells) - 1;
        for (int j = 0; j < tiles; j++) {
            int c = select(free, cellOf[j]);
            cellOf[j] = c;
            free &= ~(1 << c);
        }
    }
}
