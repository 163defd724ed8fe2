package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;

/**
 * Neighbour ranks in one goal class of a sliding puzzle of up to 12 cells, in the rank order of
 * {@link SlidingPuzzle#rank}: {@code blank * (n-1)!/2 + lehmer(tiles) / 2}.
 *
 * <p>Unranking reads the Lehmer digits straight off the rank (int arithmetic: 11!/2 &lt; 2^31),
 * the last-but-one digit being fixed by the parity the goal class demands. A sideways move keeps
 * the tile sequence, so its rank differs by exactly {@code ±(n-1)!/2}; only a vertical move, which
 * carries one tile past C-1 others, is ranked afresh.
 */
public final class SlidingNeighbourRanker implements NeighbourRanker {
    private final int rows;
    private final int cols;
    private final int tiles;
    private final long half;
    /** Parity of the tile sequence in this goal class when the blank is at a cell. */
    private final int[] wantedParity;
    /** WEIGHT[j] = (tiles-1-j)!/2: the place value of Lehmer digit j in the halved rank. */
    private final int[] weight;
    private final int[] seq = new int[16];
    private final int[] moved = new int[16];

    public SlidingNeighbourRanker(int rows, int cols, int goalBlankCell) {
        int cells = rows * cols;
        if (cells > 12) {
            throw new IllegalArgumentException("two-bit search supports up to 12 cells, got " + rows + "x" + cols);
        }
        this.rows = rows;
        this.cols = cols;
        this.tiles = cells - 1;
        this.half = Permutations.factorial(tiles) / 2;
        this.wantedParity = new int[cells];
        for (int b = 0; b < cells; b++) {
            wantedParity[b] = ((cols - 1) * (goalBlankCell / cols + b / cols)) & 1;
        }
        this.weight = new int[tiles];
        for (int j = 0; j + 2 < tiles; j++) {
            weight[j] = (int) (Permutations.factorial(tiles - 1 - j) / 2);
        }
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
        unrankTiles((int) (rank - blank * half), wantedParity[blank]);
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

    private void unrankTiles(int h, int parity) {
        int unused = (1 << tiles) - 1;
        int digitSum = 0;
        for (int j = 0; j < tiles; j++) {
            int digit;
            if (j + 2 < tiles) {
                digit = h / weight[j];
                h -= digit * weight[j];
            } else if (j + 2 == tiles) {
                digit = (digitSum & 1) ^ parity;
            } else {
                digit = 0;
            }
            digitSum += digit;
            int bits = unused;
            for (int k = 0; k < digit; k++) {
                bits &= bits - 1;
            }
            int v = Integer.numberOfTrailingZeros(bits);
            unused &= ~(1 << v);
            seq[j] = v;
        }
    }

    /** Rank after the tile at sequence index {@code from} moves to index {@code to}, blank to {@code newBlank}. */
    private long verticalRank(int from, int to, int newBlank) {
        int[] s = moved;
        System.arraycopy(seq, 0, s, 0, tiles);
        int tile = s[from];
        if (from < to) {
            System.arraycopy(s, from + 1, s, from, to - from);
        } else {
            System.arraycopy(s, to, s, to + 1, from - to);
        }
        s[to] = tile;
        long lehmer = 0;
        int seen = 0;
        for (int i = 0; i < tiles; i++) {
            int v = s[i];
            lehmer = lehmer * (tiles - i) + v - Integer.bitCount(seen & ((1 << v) - 1));
            seen |= 1 << v;
        }
        return newBlank * half + (lehmer >>> 1);
    }
}
