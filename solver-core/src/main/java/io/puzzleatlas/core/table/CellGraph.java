package io.puzzleatlas.core.table;

/**
 * The grid of an R x C sliding puzzle as bit masks of cells: each cell's neighbours, and for every
 * set of free cells the connected region of each free cell ({@code (2^n) * n} entries, 2 MB for
 * the 4x4). In a pattern database's abstract space the blank moves through free cells at no
 * cost, so where the blank is matters only up to its region (Culberson &amp; Schaeffer 1998).
 */
public final class CellGraph {
    private final int cells;
    private final int[] neighbours;
    /** region[(free << 4) | cell]: the region of {@code cell} within {@code free}, or 0. */
    private final char[] region;

    public CellGraph(int rows, int cols) {
        this.cells = rows * cols;
        this.neighbours = new int[cells];
        for (int c = 0; c < cells; c++) {
            int r = c / cols;
            int k = c % cols;
            int m = 0;
            m |= r + 1 < rows ? 1 << (c + cols) : 0;
            m |= k > 0 ? 1 << (c - 1) : 0;
            m |= k + 1 < cols ? 1 << (c + 1) : 0;
            m |= r > 0 ? 1 << (c - cols) : 0;
            neighbours[c] = m;
        }
        this.region = new char[(1 << cells) << 4];
        for (int free = 1; free < 1 << cells; free++) {
            int left = free;
            while (left != 0) {
                int reg = flood(free, left & -left);
                left &= ~reg;
                for (int bits = reg; bits != 0; bits &= bits - 1) {
                    region[(free << 4) | Integer.numberOfTrailingZeros(bits)] = (char) reg;
                }
            }
        }
    }

    private int flood(int free, int seed) {
        int reg = seed;
        while (true) {
            int grown = reg;
            for (int bits = reg; bits != 0; bits &= bits - 1) {
                grown |= neighbours[Integer.numberOfTrailingZeros(bits)];
            }
            grown &= free;
            if (grown == reg) {
                return reg;
            }
            reg = grown;
        }
    }

    public int cells() {
        return cells;
    }

    /** Mask of the cells next to {@code cell}. */
    public int neighbours(int cell) {
        return neighbours[cell];
    }

    /** Mask of the cells connected to {@code cell} through {@code free} (which holds {@code cell}). */
    public int region(int free, int cell) {
        return region[(free << 4) | cell];
    }
}
