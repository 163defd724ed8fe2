package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.table.BlockMoves;
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
 * (for 11 tiles: 990 and 20,160 entries); from the first digit that differs from the last
 * unranked x on (consecutive frontier ranks share most leading digits). A sideways move keeps the tile sequence, so only {@code b}
 * changes, the rank by {@code ±(n-1)!/2}; a vertical move, which carries one tile past C-1 others, changes only the digits of those tiles and its own.
 */
public final class SlidingNeighbourRanker implements NeighbourRanker {
    /** Most cells: a two-bit array of a 15-cell class (653,837,184,000 boards) would need more than 2^31 words. */
    public static final int MAX_CELLS = 14;

    private final SlidingPuzzle puzzle;
    private final long goal;
    /** Whether {@link #neighbours} gives the sideways moves too (false: the others of {@link #blockMoves}). */
    private final boolean sideways;
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
    /** {@code place[i+1] - place[i]}: what a digit's weight changes by when its tile moves one place on. */
    private final long[] step;
    /** The unranked state: tile sequence, its Lehmer digits, x and the parity digit. */
    private final int[] seq = new int[16];
    private final int[] digitAt = new int[16];
    private long x;
    private int parityDigit;
    /**
     * Before each index: the values not placed yet (a nibble list) and the sum of the digits; with
     * the packed digits and parity of the last unranked x, so the next x unranks from its first
     * changed digit on (a level's ranks come in increasing order: neighbours in the scan share
     * most leading digits).
     */
    private final long[] remainingAt = new long[16];
    private final int[] sumAt = new int[16];
    private long lastDigits = -1;
    private int lastParity = -1;
    /** The last rank's blank cell and x's high part, with the first rank and x of each: divisions saved. */
    private int blank;
    private long blankStart = Long.MIN_VALUE / 2;
    private int high;
    private long highStart = Long.MIN_VALUE / 2;

    /** The ranker of the boards that reach {@code goal}. */
    public SlidingNeighbourRanker(SlidingPuzzle puzzle, long goal) {
        this(puzzle, goal, true);
    }

    private SlidingNeighbourRanker(SlidingPuzzle puzzle, long goal, boolean sideways) {
        this.puzzle = puzzle;
        this.goal = goal;
        this.sideways = sideways;
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
        remainingAt[0] = Permutations.IDENTITY_LIST; // before index 0 nothing is placed (sumAt[0] stays 0)
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
        this.step = new long[tiles];
        for (int i = 0; i + 1 < tiles; i++) {
            step[i] = place[i + 1] - place[i];
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

    /**
     * The sideways moves: block {@code b} (the boards with the blank on cell b) to blocks
     * {@code b - 1} and {@code b + 1} in the same row, at the same {@code x}; null when
     * {@code (n-1)!/2} is not a multiple of 32 (boards of fewer than 9 cells).
     */
    @Override
    public BlockMoves blockMoves() {
        if (half % 32 != 0) {
            return null;
        }
        int[][] targets = new int[rows * cols][];
        for (int b = 0; b < targets.length; b++) {
            int col = b % cols;
            targets[b] = col == 0 ? (cols > 1 ? new int[] {b + 1} : new int[0])
                    : col == cols - 1 ? new int[] {b - 1} : new int[] {b - 1, b + 1};
        }
        return new BlockMoves(half, targets, new SlidingNeighbourRanker(puzzle, goal, false));
    }

    @Override
    public int neighbours(long rank, long[] out, int at) {
        // ranks come in increasing order: the blank cell's block is usually the last one (no division)
        if (rank - blankStart >= half || rank < blankStart) {
            blank = (int) (rank / half);
            blankStart = blank * half;
        }
        int blank = this.blank;
        unrankTiles(rank - blankStart, wantedParity[blank]);
        int row = blank / cols;
        int col = blank - row * cols;
        int n = at;
        if (row + 1 < rows) { // blank down: the tile below moves back by cols - 1 places
            out[n++] = verticalRank(blank + cols - 1, blank, blank + cols);
        }
        if (sideways && col > 0) {
            out[n++] = rank - half;
        }
        if (sideways && col + 1 < cols) {
            out[n++] = rank + half;
        }
        if (row > 0) { // blank up: the tile above moves on by cols - 1 places
            out[n++] = verticalRank(blank - cols, blank - 1, blank - cols);
        }
        return n - at;
    }

    private void unrankTiles(long x, int parity) {
        if (x - highStart >= lowSize || x < highStart) {
            high = (int) (x / lowSize);
            highStart = (long) high * lowSize;
        }
        long digits = highDigits[high] | lowDigits[(int) (x - highStart)] << (4 * split);
        // the first index whose digit changed since the last x (the parity digit follows all of them)
        long changed = digits ^ lastDigits;
        int start = lastDigits < 0 ? 0 : changed != 0 ? Long.numberOfTrailingZeros(changed) >>> 2 : tiles - 2;
        if (changed == 0 && parity == lastParity) {
            return; // the same tile sequence
        }
        lastDigits = digits;
        lastParity = parity;
        // the values not placed yet, ascending, one per nibble: the digit-th is taken out in O(1)
        long remaining = remainingAt[start];
        int digitSum = sumAt[start];
        for (int j = start; j < tiles; j++) {
            int digit;
            if (j + 2 < tiles) {
                digit = (int) (digits >>> (4 * j)) & 0xF;
            } else if (j + 2 == tiles) {
                digit = (digitSum & 1) ^ parity;
                parityDigit = digit;
            } else {
                digit = 0;
            }
            remainingAt[j] = remaining;
            sumAt[j] = digitSum;
            digitSum += digit;
            int v = (int) (remaining >>> (digit << 2)) & 0xF;
            remaining = Permutations.without(remaining, digit);
            seq[j] = v;
            digitAt[j] = digit;
        }
        this.x = x;
    }

    /**
     * Rank after the tile at sequence index {@code from} moves to index {@code to}, blank to
     * {@code newBlank}. Lehmer digit i counts the later tiles smaller than tile i, so only the
     * moved tile's digit and those of the tiles it passes change, by comparisons alone: moving back
     * past tile u adds [u below it] to its digit and takes [it below u] from u's (moving on, the
     * reverse), and u shifts one place. The terms are independent of each other (no running set of
     * the tiles seen), so a move costs a few operations per tile passed.
     */
    private long verticalRank(int from, int to, int newBlank) {
        int v = seq[from];
        long movedDigit = digitAt[from];
        long sum = 0;
        int smaller = 0;
        if (from > to) { // back past the tiles at to..from-1, each one place on
            for (int i = to; i < from; i++) {
                int below = (seq[i] - v) >>> 31; // tile i is smaller than the moved tile
                smaller += below;
                sum += digitAt[i] * step[i] - (1 - below) * place[i + 1];
            }
            sum += smaller * place[to];
        } else { // on past the tiles at from+1..to, each one place back
            for (int i = from + 1; i <= to; i++) {
                int below = (seq[i] - v) >>> 31;
                smaller += below;
                sum += (1 - below) * place[i - 1] - digitAt[i] * step[i - 1];
            }
            sum -= smaller * place[to];
        }
        long delta = movedDigit * (place[to] - place[from]) + sum;
        long lehmer = 2 * x + parityDigit + delta;
        return newBlank * half + (lehmer >>> 1);
    }
}
