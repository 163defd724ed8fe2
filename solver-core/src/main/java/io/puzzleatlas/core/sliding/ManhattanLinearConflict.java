package io.puzzleatlas.core.sliding;

/**
 * Manhattan distance plus linear conflicts (Hansson, Mayer &amp; Yung 1992) for one goal class of a sliding puzzle: the
 * canonical goal with the blank at a given cell.
 *
 * <p>A line's conflict term is twice the number of its tiles (those whose goal lies in the same line) that must leave
 * the line so that the others can reach their goal order: the line's length of such tiles minus their longest
 * increasing run by goal position. Row terms are looked up by the row's 4-bit-per-cell key, column terms by the key of
 * the transposed board ({@link #transpose}). Lines longer than four cells (2x5 ... 2x8, 3x5) contribute no conflict
 * term: their tables would not fit the cache, and leaving a term out keeps the sum admissible.
 */
public final class ManhattanLinearConflict {
    private static final int MAX_TABLE_LINE = 4;

    private final int rows;
    private final int cols;
    private final int cells;
    /** MANHATTAN[tile * 16 + cell]: distance of {@code tile} at {@code cell} from its goal cell. */
    private final byte[] manhattan = new byte[256];

    private final int[] goalCell = new int[16];
    private final byte[][] rowConflict;
    private final byte[][] colConflict;

    public ManhattanLinearConflict(SlidingPuzzle puzzle, int goalBlankCell) {
        this.rows = puzzle.rows();
        this.cols = puzzle.cols();
        this.cells = rows * cols;
        long goal = puzzle.canonicalGoal(goalBlankCell);
        for (int c = 0; c < cells; c++) {
            goalCell[(int) (goal >>> (c << 2)) & 0xF] = c;
        }
        for (int tile = 1; tile < cells; tile++) {
            int g = goalCell[tile];
            for (int c = 0; c < cells; c++) {
                manhattan[tile * 16 + c] = (byte) (Math.abs(c / cols - g / cols) + Math.abs(c % cols - g % cols));
            }
        }
        rowConflict = cols <= MAX_TABLE_LINE ? new byte[rows][] : null;
        if (rowConflict != null) {
            for (int r = 0; r < rows; r++) {
                rowConflict[r] = lineTable(cols, r, true);
            }
        }
        colConflict = rows <= MAX_TABLE_LINE ? new byte[cols][] : null;
        if (colConflict != null) {
            for (int c = 0; c < cols; c++) {
                colConflict[c] = lineTable(rows, c, false);
            }
        }
    }

    private byte[] lineTable(int length, int line, boolean isRow) {
        byte[] table = new byte[1 << (4 * length)];
        int[] tiles = new int[length];
        for (int key = 0; key < table.length; key++) {
            for (int i = 0; i < length; i++) {
                tiles[i] = (key >>> (4 * i)) & 0xF;
            }
            table[key] = (byte) conflict(tiles, length, line, isRow);
        }
        return table;
    }

    /** Conflict term of a line holding {@code tiles[0..length)} in order. */
    private int conflict(int[] tiles, int length, int line, boolean isRow) {
        // goal positions along the line of tiles that belong to this line, in current order
        int[] pos = new int[length];
        int k = 0;
        for (int i = 0; i < length; i++) {
            int t = tiles[i];
            if (t == 0 || t >= cells) {
                continue;
            }
            int g = goalCell[t];
            if (isRow ? g / cols == line : g % cols == line) {
                pos[k++] = isRow ? g % cols : g / cols;
            }
        }
        // longest strictly increasing subsequence, O(k^2) for k <= 8
        int[] best = new int[k];
        int lis = 0;
        for (int i = 0; i < k; i++) {
            best[i] = 1;
            for (int j = 0; j < i; j++) {
                if (pos[j] < pos[i] && best[j] + 1 > best[i]) {
                    best[i] = best[j] + 1;
                }
            }
            lis = Math.max(lis, best[i]);
        }
        return 2 * (k - lis);
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    /** Manhattan distance of {@code tile} at {@code cell}. */
    public int manhattan(int tile, int cell) {
        return manhattan[tile * 16 + cell];
    }

    /** Sum of Manhattan distances of all tiles. */
    public int manhattan(long board) {
        int h = 0;
        for (int c = 0; c < cells; c++) {
            int t = (int) (board >>> (c << 2)) & 0xF;
            if (t != 0) {
                h += manhattan[t * 16 + c];
            }
        }
        return h;
    }

    /** The board read column by column: cell (r, c) goes to position c * rows + r. */
    public long transpose(long board) {
        long out = 0;
        for (int c = 0; c < cells; c++) {
            long t = (board >>> (c << 2)) & 0xF;
            out |= t << (((c % cols) * rows + c / cols) << 2);
        }
        return out;
    }

    /** Position of cell {@code c} in the transposed board. */
    public int transposedCell(int c) {
        return (c % cols) * rows + c / cols;
    }

    /** Conflict term of row {@code r} of {@code board}. */
    public int rowConflict(long board, int r) {
        if (rowConflict == null) {
            return 0;
        }
        return rowConflict[r][(int) (board >>> (4 * cols * r)) & ((1 << (4 * cols)) - 1)];
    }

    /** Conflict term of column {@code c}, read from the transposed board. */
    public int colConflict(long transposed, int c) {
        if (colConflict == null) {
            return 0;
        }
        return colConflict[c][(int) (transposed >>> (4 * rows * c)) & ((1 << (4 * rows)) - 1)];
    }

    /** Sum of all rows' and columns' conflict terms. */
    public int linearConflict(long board) {
        long transposed = transpose(board);
        int lc = 0;
        for (int r = 0; r < rows; r++) {
            lc += rowConflict(board, r);
        }
        for (int c = 0; c < cols; c++) {
            lc += colConflict(transposed, c);
        }
        return lc;
    }

    /** Manhattan distance plus linear conflicts: admissible. */
    public int estimate(long board) {
        return manhattan(board) + linearConflict(board);
    }
}
