package io.puzzleatlas.core.sliding;

/**
 * The grid of an R x C sliding puzzle as bit masks of cells: each cell's neighbours, and the regions of a set of free
 * cells by bit-parallel dilation. In a pattern database's abstract space the blank moves through free cells at no cost,
 * so where the blank is matters only up to its region (Culberson &amp; Schaeffer 1998; Korf &amp; Felner 2002).
 */
public final class CellGraph {
    private final int cells;
    private final int cols;
    private final int[] neighbours;
    private final int notFirstCol;
    private final int notLastCol;

    public CellGraph(int rows, int cols) {
        this.cells = rows * cols;
        this.cols = cols;
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
        int first = 0;
        for (int r = 0; r < rows; r++) {
            first |= 1 << (r * cols);
        }
        this.notFirstCol = ((1 << cells) - 1) & ~first;
        this.notLastCol = ((1 << cells) - 1) & ~(first << (cols - 1));
    }

    public int cells() {
        return cells;
    }

    public int cols() {
        return cols;
    }

    /** Mask of the cells outside the first column. */
    public int notFirstCol() {
        return notFirstCol;
    }

    /** Mask of the cells outside the last column. */
    public int notLastCol() {
        return notLastCol;
    }

    /** Mask of the cells next to {@code cell}. */
    public int neighbours(int cell) {
        return neighbours[cell];
    }

    /**
     * The cells connected to {@code seeds} through {@code free} (which holds the seeds), by repeated dilation: a few
     * shifts per step of the region's radius, no table.
     */
    public int flood(int free, int seeds) {
        int reg = seeds;
        while (true) {
            int grown = (reg | reg << cols | reg >>> cols | (reg & notLastCol) << 1 | (reg & notFirstCol) >>> 1) & free;
            if (grown == reg) {
                return reg;
            }
            reg = grown;
        }
    }
}
