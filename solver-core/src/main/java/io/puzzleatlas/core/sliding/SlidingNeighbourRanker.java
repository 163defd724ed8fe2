package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.table.BlockMoves;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.util.Arrays;

/**
 * Neighbour ranks of the boards of a sliding puzzle of up to {@value #MAX_CELLS} cells that reach a goal (ranks are
 * longs: the 14-cell classes hold 43,589,145,600 boards), without building a board or the tile sequence, in the order
 * of {@link SlidingPuzzle#rank}: {@code b * (n-1)!/2 + x} for the blank cell {@code b} and {@code x}, half the Lehmer
 * rank of the tile sequence (the lowest Lehmer digit is fixed by the parity the goal demands for that blank cell). So
 * ranks are the instance ids of {@code generate --all}, and the same ranker serves the atlas and {@code explore}. (A
 * layout with the blank as the low digit, where sideways neighbours are adjacent ranks, was measured no faster: 3x4
 * 14.8 against 15.5 s, 2x7's first 43 levels alike.)
 *
 * <p>A sideways move keeps the tile sequence, so only {@code b} changes, the rank by {@code ±(n-1)!/2}. A vertical move
 * carries one tile past the C-1 tiles between its cell and the blank's: it rotates a window of C consecutive places of
 * the sequence, which changes only those places' Lehmer digits. The new digits come from the old ones alone, with no
 * tile values: Lehmer digit d_i says tile i is the d_i-th smallest of the tiles from place i on, so tile i is smaller
 * than a tile t further on exactly when d_i is at most t's rank among the tiles after i (moving back) or below it
 * (moving on), and that rank is carried one place at a time.
 *
 * <p>x's digits come from two tables, of its high part (the first {@code split} places) and its low part (the rest,
 * with the parity digit). So the walk over a window is cut in two at {@code split}: the low places' share of the rank
 * change (and the rank carried across) is read from a table by the low part and the parity digit, and the high places'
 * share is computed once for each high part and blank cell (a level's ranks come in increasing order: about 20,000
 * consecutive x share a high part), for every rank that may be carried in. Only a tile moving on across the cut is
 * walked over its low places per rank. A vertical move costs a few table reads.
 */
public final class SlidingNeighbourRanker implements NeighbourRanker {
    /** Most cells: a two-bit array of a 15-cell class (653,837,184,000 boards) would need more than 2^31 words. */
    public static final int MAX_CELLS = 14;
    /** Largest size of the low digits' table. */
    private static final int LOW_LIMIT = 1 << 16;

    private final Tables t;
    /** Whether {@link #neighbours} gives the sideways moves too (false: the others of {@link #blockMoves}). */
    private final boolean sideways;
    /** The last rank's blank cell and x's high part, with the first rank and x of each: divisions saved. */
    private int blank;

    private long blankStart = Long.MIN_VALUE / 2;
    private int high;
    private long highStart = Long.MIN_VALUE / 2;
    /** The high and blank cell the shares below were computed for (-1: none yet). */
    private int sharesHigh = -1;

    private int sharesBlank = -1;
    /**
     * The high places' share of a move back from the blank's cell (the tile below moving up), by the rank carried in
     * from the low places, the final digit's weight included.
     */
    private final long[] backShare = new long[16];
    /** The high places' share of a move on (the tile above moving down): packed share and the rank carried out. */
    private long onShare;

    /** The ranker of the boards that reach {@code goal}. */
    public SlidingNeighbourRanker(SlidingPuzzle puzzle, long goal) {
        this(new Tables(puzzle, goal), true);
    }

    /** A ranker of the same space for another thread: its own position, this one's read-only tables. */
    public SlidingNeighbourRanker another() {
        return new SlidingNeighbourRanker(t, sideways);
    }

    private SlidingNeighbourRanker(Tables tables, boolean sideways) {
        this.t = tables;
        this.sideways = sideways;
    }

    /**
     * What every ranker of one goal class shares (read only): the digit tables, the place values and, by window, the
     * low places' shares of the vertical moves.
     */
    private static final class Tables {
        final SlidingPuzzle puzzle;
        final long goal;
        final int rows;
        final int cols;
        final int tiles;
        final long half;
        /** Parity of the tile sequence in this goal class when the blank is at a cell. */
        final int[] wantedParity;
        /** Digits {@code [0, split)} come from the high part of x, the rest from the low part. */
        final int split;
        /** The low part's modulus: x's place value of digit {@code split - 1}. */
        final int lowSize;
        /**
         * Packed Lehmer digits (4 bits each, digit 0 lowest) of the high and the low part, with the parity of their sum
         * in the top bit.
         */
        final long[] highDigits;

        final long[] lowDigits;
        /** Lehmer place value of sequence index i: (tiles-1-i)!. */
        final long[] place;
        /**
         * By window start s (the blank's cell when it moves down), by {@code 2 * low + parity digit}: the low places'
         * share of moving the window's last tile back to s, packed with the rank it carries into the high places
         * ({@link #pack}); null where the window ends in the high places.
         */
        final long[][] backLow;
        /**
         * By window start s (the cell the blank moves up to), by {@code 2 * low + parity digit}: the whole rank change
         * of moving tile s on to the window's end, where the window lies in the low places; else null.
         */
        final long[][] onLow;

        Tables(SlidingPuzzle puzzle, long goal) {
            this.puzzle = puzzle;
            this.goal = goal;
            this.rows = puzzle.rows();
            this.cols = puzzle.cols();
            int cells = rows * cols;
            if (cells > MAX_CELLS) {
                throw new IllegalArgumentException("the two-bit search holds sliding puzzles of up to " + MAX_CELLS
                        + " cells, not " + rows + "x" + cols);
            }
            this.tiles = cells - 1;
            this.half = Permutations.factorial(tiles) / 2;
            this.wantedParity = new int[cells];
            int invariant = puzzle.invariant(goal);
            for (int b = 0; b < cells; b++) {
                wantedParity[b] = SlidingPuzzle.invariant(invariant, b, cols);
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
            int windows = tiles - cols + 1;
            this.backLow = new long[windows][];
            this.onLow = new long[windows][];
            for (int s = 0; s < windows; s++) {
                int end = s + cols - 1;
                if (end < split) {
                    continue; // the window lies in the high places: no low share
                }
                backLow[s] = new long[2 * lowSize];
                onLow[s] = s >= split ? new long[2 * lowSize] : null;
                for (int e = 0; e < 2 * lowSize; e++) {
                    long digits = lowPart(e);
                    int r = digit(digits, end);
                    long steps = backSteps(digits, r, end - 1, Math.max(s, split));
                    backLow[s][e] = pack(share(steps) - r * place[end], carried(steps));
                    if (onLow[s] != null) {
                        r = digit(digits, s);
                        steps = onSteps(digits, r, s + 1, end);
                        onLow[s][e] = share(steps) - r * place[s] + carried(steps) * place[end];
                    }
                }
            }
        }

        /**
         * Digits {@code first..last} (packed 4 bits each from {@code first}) of every value below {@code count}, the
         * parity of their sum in bit 63.
         */
        private long[] digitTable(int count, int first, int last) {
            long[] table = new long[count];
            for (int v = 0; v < count; v++) {
                long packed = 0;
                int rest = v;
                int sum = 0;
                for (int j = last; j >= first; j--) {
                    int digit = rest % (tiles - j);
                    packed |= (long) digit << (4 * (j - first));
                    sum += digit;
                    rest /= tiles - j;
                }
                table[v] = packed | (long) (sum & 1) << 63;
            }
            return table;
        }

        /** The low places' digits at their places (the high places 0) of table entry {@code 2 * low + parity digit}. */
        long lowPart(int entry) {
            return lowPart(lowDigits[entry >>> 1], entry & 1);
        }

        /** The low places' digits at their places of a {@link #lowDigits} entry with the parity digit. */
        long lowPart(long lowDigitsEntry, int parityDigit) {
            return (lowDigitsEntry & Long.MAX_VALUE) << (4 * split) | (long) parityDigit << (4 * (tiles - 2));
        }

        /**
         * A tile moving back over places {@code hi} down to {@code lo}, {@code r} its rank among the tiles after place
         * {@code hi} on entry: tile i is smaller exactly when its digit is at most r (r then grows by one), else its
         * digit loses one (the moved tile is no longer after it); each shifts one place on. Returns the places' share
         * of the rank change with the rank carried out ({@link #pack}).
         */
        long backSteps(long digits, int r, int hi, int lo) {
            long share = 0;
            for (int i = hi; i >= lo; i--) {
                int d = digit(digits, i);
                int smaller = ((r - d) >>> 31) ^ 1;
                r += smaller;
                share += (d - 1 + smaller) * place[i + 1] - d * place[i];
            }
            return pack(share, r);
        }

        /**
         * A tile moving on over places {@code lo} to {@code hi}, {@code r} the number of tiles from place {@code lo} on
         * that are smaller than it: tile i is one of them exactly when its digit is below r (r then shrinks by one),
         * else its digit gains one (the moved tile is after it now); each shifts one place back. Returns the share and
         * the rank carried out.
         */
        long onSteps(long digits, int r, int lo, int hi) {
            long share = 0;
            for (int i = lo; i <= hi; i++) {
                int d = digit(digits, i);
                int smaller = (d - r) >>> 31;
                r -= smaller;
                share += (d + 1 - smaller) * place[i - 1] - d * place[i];
            }
            return pack(share, r);
        }
    }

    /** A share of a rank change and a rank (0..15) in one long. */
    private static long pack(long share, int rank) {
        return share * 16 + rank;
    }

    private static long share(long packed) {
        return packed >> 4;
    }

    private static int carried(long packed) {
        return (int) packed & 15;
    }

    private static int digit(long digits, int place) {
        return (int) (digits >>> (4 * place)) & 0xF;
    }

    /** Ranks in this space: (R*C)!/2. */
    public long size() {
        return t.half * (t.tiles + 1);
    }

    @Override
    public int maxNeighbours() {
        return 4;
    }

    /**
     * The sideways moves: block {@code b} (the boards with the blank on cell b) to blocks {@code b - 1} and {@code b +
     * 1} in the same row, at the same {@code x}; null when {@code (n-1)!/2} is not a multiple of 32 (boards of fewer
     * than 9 cells).
     */
    @Override
    public BlockMoves blockMoves() {
        if (t.half % 32 != 0) {
            return null;
        }
        int cols = t.cols;
        int[][] targets = new int[t.rows * cols][];
        for (int b = 0; b < targets.length; b++) {
            int col = b % cols;
            targets[b] = col == 0
                    ? (cols > 1 ? new int[] {b + 1} : new int[0])
                    : col == cols - 1 ? new int[] {b - 1} : new int[] {b - 1, b + 1};
        }
        return new BlockMoves(t.half, targets, new SlidingNeighbourRanker(t, false));
    }

    @Override
    public int neighbours(long rank, long[] out, int at) {
        Tables t = this.t;
        long half = t.half;
        // ranks come in increasing order: the blank cell's block is usually the last one (no division)
        if (rank - blankStart >= half || rank < blankStart) {
            blank = (int) (rank / half);
            blankStart = blank * half;
        }
        int blank = this.blank;
        int cols = t.cols;
        int row = blank / cols;
        int col = blank - row * cols;
        int n = at;
        boolean down = row + 1 < t.rows;
        boolean up = row > 0;
        if (down || up) {
            long x = rank - blankStart;
            if (x - highStart >= t.lowSize || x < highStart) {
                high = (int) (x / t.lowSize);
                highStart = (long) high * t.lowSize;
            }
            int low = (int) (x - highStart);
            long h = t.highDigits[high];
            long l = t.lowDigits[low];
            // the parity digit makes the digits' sum (the sequence's parity) the one the blank cell demands
            int parityDigit = (int) ((h ^ l) >>> 63) ^ t.wantedParity[blank];
            int entry = 2 * low + parityDigit;
            if (high != sharesHigh || blank != sharesBlank) {
                computeShares(h & Long.MAX_VALUE, blank, down, up);
            }
            long lehmer = 2 * x + parityDigit;
            if (down) { // the tile below moves back by cols - 1 places, over the window from the blank's cell
                long[] lowShares = t.backLow[blank];
                long v = lowShares == null ? 0 : lowShares[entry];
                out[n++] = (blank + cols) * half + (lehmer + share(v) + backShare[carried(v)] >>> 1);
            }
            if (up) { // the tile above moves on by cols - 1 places, over the window from its cell
                int s = blank - cols;
                long[] whole = t.onLow[s];
                long change;
                if (whole != null) {
                    change = whole[entry];
                } else if (s + cols - 1 < t.split) {
                    change = share(onShare);
                } else { // across the cut: on over the low places from the rank the high ones carry out
                    int end = s + cols - 1;
                    long steps = t.onSteps(t.lowPart(l, parityDigit), carried(onShare), t.split, end);
                    change = share(onShare) + share(steps) + carried(steps) * t.place[end];
                }
                out[n++] = s * half + (lehmer + change >>> 1);
            }
        }
        if (sideways && col > 0) {
            out[n++] = rank - half;
        }
        if (sideways && col + 1 < cols) {
            out[n++] = rank + half;
        }
        return n - at;
    }

    /**
     * The high places' shares of the vertical moves of blank cell {@code blank} for the high digits {@code highPart}.
     */
    private void computeShares(long highPart, int blank, boolean down, boolean up) {
        Tables t = this.t;
        int split = t.split;
        long[] place = t.place;
        int cols = t.cols;
        if (down) {
            int s = blank;
            int end = s + cols - 1;
            if (end >= split) { // the rank comes in from the low places
                for (int r = 0; r < 16; r++) {
                    long steps = t.backSteps(highPart, r, split - 1, s);
                    backShare[r] = share(steps) + carried(steps) * place[s];
                }
            } else { // all in the high places: one share, whatever comes in
                int r = digit(highPart, end);
                long steps = t.backSteps(highPart, r, end - 1, s);
                Arrays.fill(backShare, share(steps) - r * place[end] + carried(steps) * place[s]);
            }
        }
        if (up) {
            int s = blank - cols;
            int end = s + cols - 1;
            if (s < split) {
                int r = digit(highPart, s);
                long steps = t.onSteps(highPart, r, s + 1, Math.min(end, split - 1));
                long change = share(steps) - r * place[s];
                onShare = end < split ? pack(change + carried(steps) * place[end], 0) : pack(change, carried(steps));
            }
        }
        sharesHigh = high;
        sharesBlank = blank;
    }
}
