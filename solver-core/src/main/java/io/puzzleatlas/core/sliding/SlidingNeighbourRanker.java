package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.table.NeighbourRanker;

/**
 * Neighbour ranks of the boards of a sliding puzzle of up to {@value #MAX_CELLS} cells that reach
 * a goal (ranks are longs: the 14-cell classes hold 43,589,145,600 boards), without building a
 * board, in the order of {@link SlidingPuzzle#rank}: {@code b * (n-1)!/2 + x} for the blank cell
 * {@code b} and {@code x}, half the Lehmer rank of the tile sequence (the lowest Lehmer digit is
 * fixed by the parity the goal demands for that blank cell). So ranks are the instance ids of
 * {@code generate --all}, and the same ranker serves the atlas and {@code explore}. (A layout with
 * the blank as the low digit, where sideways neighbours are adjacent ranks, was measured no
 * faster: 3x4 14.8 against 15.5 s, 2x7's first 43 levels alike.)
 *
 * <p>Unranking reads the Lehmer digits off {@code x} with one division: {@code x} splits into a
 * high part and a low part below {@code LOW_LIMIT}, and two tables hold the packed digits of each
 * (for 11 tiles: 990 and 20,160 entries). A sideways move keeps the tile sequence, so only {@code b}
 * changes, the rank by {@code ±(n-1)!/2}; a vertical move, which carries one tile past C-1 others, is ranked afresh.
 */
public final class SlidingNeighbourRanker implements NeighbourRanker {
    /** Most cells: a two-bit array of a 15-cell class (653,837,184,000 boards) would need more than 2^31 words. */
    public static final int MAX_CELLS = 14;

    private final int rows;
    private final int cols;
    private final int tiles;
    private final long half;
    /** Parity of the tile sequence in this goal class when the blank is at a cell. */
    private final int[] wantedParity;
    /** Largest size of the low digits' table. */
    private static final int LOW_LIMIT = 1 << 16;
    /** Digits {@code [0, split)} come from the high part of x, the rest from the low part. */
    private final int split;
    /** The low part's modulus: x's place value of digit {@code split - 1}. */
    private final int lowSize;
    /** Packed Lehmer digits (4 bits each, digit 0 lowest) of the high and the low part. */
    private final long[] highDigits;
    private final long[] lowDigits;
    /** Lehmer place value of sequence index i: (tiles-1-i)!. */
    private final long[] place;
    /** The unranked state: tile sequence, its Lehmer digits, the values before each index, x and the parity digit. */
    private final int[] seq = new int[16];
    private final int[] digitAt = new int[16];
    private final int[] used = new int[16];
    private long x;
    private int parityDigit;

    /** The ranker of the boards that reach {@code goal}. */
    public SlidingNeighbourRanker(SlidingPuzzle puzzle, long goal) {
        int rows = puzzle.rows();
        int cols = puzzle.cols();
        int cells = rows * cols;
        if (cells > MAX_CELLS) {
            throw new IllegalArgumentException("the two-bit search holds sliding puzzles of up to " + MAX_CELLS
                    + " cells, not " + rows + "x" + cols);
        }
        this.rows = rows;
        this.cols = cols;
        this.tiles = cells - 1;
        this.half = Permutations.factorial(tiles) / 2;
        this.wantedParity = new int[cells];
        int invariant = puzzle.invariant(goal);
        for (int b = 0; b < cells; b++) {
            wantedParity[b] = (invariant + (cols - 1) * (b / cols)) & 1;
        }
        // x is mixed-radix: digit j (0 <= j <= tiles-3) has radix tiles-j
        int sp = tiles - 2;
        while (sp > 0 && Permutations.factorial(tiles - sp + 1) / 2 <= LOW_LIMIT) {
            sp--;
        }
        this.split = sp;
        this.lowSize = (int) (Permutations.factorial(tiles - split) / 2);
        this.lowDigits = digitTable(lowSize, split, tiles - 3);
        this.highDigits = digitTable((int) (half / lowSize), 0, split - 1);
        this.place = new long[tiles];
        for (int i = 0; i < tiles; i++) {
            place[i] = Permutations.factorial(tiles - 1 - i);
        }
    }

    /** Digits {@code first..last} (packed 4 bits each from {@code first}) of every value below {@code count}. */
    private long[] digitTable(int count, int first, int last) {
        long[] table = new long[count];
        for (int v = 0; v < count; v++) {
            long packed = 0;
            int rest = v;
            for (int j = last; j >= first; j--) {
                packed |= (long) (rest % (tiles - j)) << (4 * (j - first));
                rest /= tiles - j;
            }
            table[v] = packed;
        }
        return table;
    }

    /** Ranks in this space: (R*C)!/2. */
    public long size() {
        return half * (tiles + 1);
    }

    @Override
    public int maxNeighbours() {
        return 4;
    }

    @Override
    public int neighbours(long rank, long[] out) {
        int blank = (int) (rank / half);
        unrankTiles(rank - blank * half, wantedParity[blank]);
        int row = blank / cols;
        int col = blank - row * cols;
        int n = 0;
        if (row + 1 < rows) { // blank down: the tile below moves back by cols - 1 places
            out[n++] = verticalRank(blank + cols - 1, blank, blank + cols);
        }
        if (col > 0) {
            out[n++] = rank - half;
        }
        if (col + 1 < cols) {
            out[n++] = rank + half;
        }
        if (row > 0) { // blank up: the tile above moves on by cols - 1 places
            out[n++] = verticalRank(blank - cols, blank - 1, blank - cols);
        }
        return n;
    }

    private void unrankTiles(long x, int parity) {
        int high = (int) (x / lowSize);
        long digits = highDigits[high] | lowDigits[(int) (x - (long) high * lowSize)] << (4 * split);
        // the values not placed yet, ascending, one per nibble: the digit-th is taken out in O(1)
        long remaining = 0xFEDC_BA98_7654_3210L;
        int usedMask = 0;
        int digitSum = 0;
        for (int j = 0; j < tiles; j++) {
            int digit;
            if (j + 2 < tiles) {
                digit = (int) (digits >>> (4 * j)) & 0xF;
            } else if (j + 2 == tiles) {
                digit = (digitSum & 1) ^ parity;
                parityDigit = digit;
            } else {
                digit = 0;
            }
            digitSum += digit;
            int shift = digit << 2;
            int v = (int) (remaining >>> shift) & 0xF;
            long below = remaining & ((1L << shift) - 1);
            remaining = below | ((remaining >>> shift >>> 4) << shift);
            used[j] = usedMask;
            usedMask |= 1 << v;
            seq[j] = v;
            digitAt[j] = digit;
        }
        this.x = x;
    }

    /**
     * Rank after the tile at sequence index {@code from} moves to index {@code to}, blank to
     * {@code newBlank}. Only the Lehmer digits between the two indices change (the values before
     * them are the same set, and so are those before any later index), so only they are recounted.
     */
    private long verticalRank(int from, int to, int newBlank) {
        int lo = Math.min(from, to);
        int hi = Math.max(from, to);
        int seen = used[lo];
        long delta = 0;
        for (int i = lo; i <= hi; i++) {
            // the moved tile lands at `to`; the tiles between shift one place towards `from`
            int v = i == to ? seq[from] : from < to ? seq[i + 1] : seq[i - 1];
            int digit = v - Integer.bitCount(seen & ((1 << v) - 1));
            delta += (long) (digit - digitAt[i]) * place[i];
            seen |= 1 << v;
        }
        long lehmer = 2 * x + parityDigit + delta;
        return newBlank * half + (lehmer >>> 1);
    }
}
