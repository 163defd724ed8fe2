package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.WideBoards;
import java.util.List;

/**
 * An R x C sliding-tile puzzle (2 &lt;= R, C and R*C &lt;= 25). A board of up to 16 cells packs cell {@code i}'s tile
 * (0 = blank) in bits {@code 4i..4i+3} of a {@code long}; a wider board (the 5x5 {@code twenty-four-puzzle}, 3x6, 4x5,
 * ...) does not fit one, so its boards travel as text through {@link #wide()} and as a tile array
 * ({@link SlidingTiles}) inside the solver, and this class's {@code long} methods refuse it. Moves name the direction
 * the blank moves: {@code d l r u} (move numbers 0..3, ascending letters).
 *
 * <p>Reachability: moving the blank sideways keeps the row-major sequence of tiles; moving it vertically carries one
 * tile past C-1 others. So {@code parity(tile sequence) + (C-1) * row(blank)} is invariant mod 2, and two boards are
 * mutually reachable exactly when it agrees (Johnson &amp; Story 1879). {@link #rank} numbers the reachable boards of a
 * goal class densely: blank cell, then half the Lehmer rank of the tile sequence, since ranks 2k and 2k+1 differ in
 * parity.
 */
public final class SlidingPuzzle implements Puzzle {
    /** Most cells of a board: the 5x5. */
    public static final int MAX_CELLS = 25;
    /** Most cells of a board packed in a {@code long} (four bits per cell). */
    public static final int MAX_PACKED_CELLS = 16;

    public static final int DOWN = 0;
    public static final int LEFT = 1;
    public static final int RIGHT = 2;
    public static final int UP = 3;
    /** The move letters by move number. */
    static final String LETTERS = "dlru";

    /** The move letters as names, by move number (for the IDA* driver). */
    static final List<String> LETTER_NAMES = List.of("d", "l", "r", "u");

    private static final List<String> MOVE_NAMES = List.of("d", "l", "r", "u");

    private final int rows;
    private final int cols;
    private final int cells;
    private final String name;
    /** neighbour[cell * 4 + move] = the cell the blank moves to, or -1. */
    private final int[] neighbour;

    private final long halfTileOrders;
    /** A one in the nibble of each tile of the tile sequence: turns values 0..n-2 into tiles 1..n-1. */
    private final long tileOnes;

    private final SlidingTiles.Boards wide;

    public SlidingPuzzle(int rows, int cols) {
        if (rows < 2 || cols < 2 || rows * cols > MAX_CELLS) {
            throw new IllegalArgumentException("sliding puzzle must be R x C with R, C >= 2 and R*C <= " + MAX_CELLS
                    + ", got " + rows + "x" + cols);
        }
        this.rows = rows;
        this.cols = cols;
        this.cells = rows * cols;
        this.name = rows == 3 && cols == 3
                ? "eight-puzzle"
                : rows == 4 && cols == 4
                        ? "fifteen-puzzle"
                        : rows == 5 && cols == 5 ? "twenty-four-puzzle" : "sliding-" + rows + "x" + cols;
        this.neighbour = new int[cells * 4];
        for (int c = 0; c < cells; c++) {
            int r = c / cols;
            int k = c % cols;
            neighbour[c * 4 + DOWN] = r + 1 < rows ? c + cols : -1;
            neighbour[c * 4 + LEFT] = k > 0 ? c - 1 : -1;
            neighbour[c * 4 + RIGHT] = k + 1 < cols ? c + 1 : -1;
            neighbour[c * 4 + UP] = r > 0 ? c - cols : -1;
        }
        this.halfTileOrders = cells <= MAX_PACKED_CELLS ? Permutations.factorial(cells - 1) / 2 : -1;
        this.tileOnes = cells <= MAX_PACKED_CELLS ? 0x1111_1111_1111_1111L & ((1L << ((cells - 1) << 2)) - 1) : 0;
        this.wide = cells <= MAX_PACKED_CELLS ? null : new SlidingTiles.Boards(this);
    }

    /** Whether boards are packed in a {@code long} (at most 16 cells); else they go through {@link #wide()}. */
    public boolean packed() {
        return wide == null;
    }

    /** Text-level board operations: for every size, and the only ones for boards above 16 cells. */
    @Override
    public WideBoards wide() {
        return wide;
    }

    /** Refuses the {@code long} methods on a board wider than a {@code long}. */
    private void requirePacked() {
        if (wide != null) {
            throw new UnsupportedOperationException(
                    name + " boards have " + cells + " cells, more than a packed long holds (" + MAX_PACKED_CELLS
                            + "): this operation takes packed boards only");
        }
    }

    /** The cell of {@code tile} in the canonical goal with the blank at {@code goalBlank}. */
    public static int goalCell(int tile, int goalBlank) {
        return tile == 0 ? goalBlank : tile - 1 < goalBlank ? tile - 1 : tile;
    }

    /** The tile on {@code cell} in the canonical goal with the blank at {@code goalBlank} (0: the blank). */
    public static int goalTile(int cell, int goalBlank) {
        return cell == goalBlank ? 0 : cell < goalBlank ? cell + 1 : cell;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int cellCount() {
        return cells;
    }

    @Override
    public List<String> moveNames() {
        return MOVE_NAMES;
    }

    /** The cell the blank reaches from {@code blankCell} by {@code move}, or -1. */
    public int neighbour(int blankCell, int move) {
        return neighbour[blankCell * 4 + move];
    }

    /** The move undoing {@code move} (d/u, l/r). */
    public static int opposite(int move) {
        return 3 - move;
    }

    /** The blank's cell: the lowest zero nibble (cells beyond the board are zero but higher). */
    public static int blankCell(long board) {
        long nonZero = board | (board >>> 1) | (board >>> 2) | (board >>> 3);
        long zero = ~nonZero & 0x1111_1111_1111_1111L;
        return Long.numberOfTrailingZeros(zero) >>> 2;
    }

    /** Moves the blank from {@code blank} to {@code target} (a neighbour): the tile goes the other way. */
    public static long slide(long board, int blank, int target) {
        long tile = (board >>> (target << 2)) & 0xF;
        return board ^ (tile << (target << 2)) ^ (tile << (blank << 2));
    }

    @Override
    public long applyMove(long board, int move) {
        requirePacked();
        int blank = blankCell(board);
        int target = neighbour[blank * 4 + move];
        return target < 0 ? -1 : slide(board, blank, target);
    }

    @Override
    public long parse(String[] tokens) {
        requirePacked();
        byte[] tiles = SlidingTiles.parse(this, tokens); // one parser and its messages for every width
        long board = 0;
        for (int i = 0; i < cells; i++) {
            board |= (long) tiles[i] << (i << 2);
        }
        return board;
    }

    @Override
    public String format(long board) {
        requirePacked();
        StringBuilder sb = new StringBuilder(cells * 3);
        for (int i = 0; i < cells; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append((board >>> (i << 2)) & 0xF);
        }
        return sb.toString();
    }

    @Override
    public boolean hasGoalBoard() {
        return true;
    }

    @Override
    public long defaultGoal() {
        return canonicalGoal(cells - 1);
    }

    /**
     * The goal of a goal class: tiles 1..n-1 in row-major order with the blank at {@code blankCell}. Every goal is this
     * board relabelled, so one table per blank cell serves every goal.
     */
    public long canonicalGoal(int blankCell) {
        requirePacked();
        long board = 0;
        int tile = 1;
        for (int i = 0; i < cells; i++) {
            if (i != blankCell) {
                board |= (long) tile++ << (i << 2);
            }
        }
        return board;
    }

    /**
     * The relabelling that maps {@code goal} to {@link #canonicalGoal} of its blank cell: {@code map[tile]} is the
     * canonical tile at the cell where {@code goal} holds {@code tile}.
     */
    public int[] relabelling(long goal) {
        requirePacked();
        long canonical = canonicalGoal(blankCell(goal));
        int[] map = new int[16];
        for (int i = 0; i < cells; i++) {
            map[(int) (goal >>> (i << 2)) & 0xF] = (int) (canonical >>> (i << 2)) & 0xF;
        }
        return map;
    }

    /** {@code board} with every tile t replaced by {@code map[t]}. */
    public long relabel(long board, int[] map) {
        long out = 0;
        for (int i = 0; i < cells; i++) {
            out |= (long) map[(int) (board >>> (i << 2)) & 0xF] << (i << 2);
        }
        return out;
    }

    @Override
    public boolean isGoal(long board, long goal) {
        return board == goal;
    }

    /** Parity of the row-major tile sequence, as a permutation of 1..n-1. */
    public int tileParity(long board) {
        return Permutations.parity(tileSequence(board), cells - 1);
    }

    /** Tiles in row-major order skipping the blank, as values 0..n-2 (tile - 1), packed. */
    long tileSequence(long board) {
        long seq = 0;
        int k = 0;
        for (int i = 0; i < cells; i++) {
            long t = (board >>> (i << 2)) & 0xF;
            if (t != 0) {
                seq |= (t - 1) << (k << 2);
                k++;
            }
        }
        return seq;
    }

    /** {@code parity(tile sequence) + (C-1) * row(blank)} mod 2: equal exactly for mutually reachable boards. */
    public int invariant(long board) {
        return invariant(tileParity(board), blankCell(board), cols);
    }

    /**
     * {@code (parity + (cols-1) * row(blankCell))} mod 2: the invariant of a board whose tile sequence has
     * {@code parity}, for every width; and, given a goal's invariant as {@code parity}, the parity a tile sequence must
     * have, with the blank at {@code blankCell}, to reach that goal.
     */
    public static int invariant(int parity, int blankCell, int cols) {
        return (parity + (cols - 1) * (blankCell / cols)) & 1;
    }

    @Override
    public boolean reachable(long start, long goal) {
        requirePacked();
        return invariant(start) == invariant(goal);
    }

    @Override
    public long boardCount() {
        requirePacked();
        return Permutations.factorial(cells) / 2;
    }

    @Override
    public long board(long index, long goal) {
        requirePacked();
        return unrank(index, invariant(goal));
    }

    /**
     * The board of rank {@code rank} among those whose {@link #invariant} is {@code goalInvariant} (the boards that
     * reach a goal of that invariant): {@link #board} with the goal's invariant computed once, the one unranking of
     * every sliding space ({@link SlidingGoalSpace#unrank}). The tile sequence comes from
     * {@link Permutations#unrankWithParity} (half its Lehmer rank and the parity the blank's row demands); each tile is
     * its value plus one, and the blank's zero nibble is put in at its cell with two masks.
     */
    long unrank(long rank, int goalInvariant) {
        int blank = (int) (rank / halfTileOrders);
        long half = rank - blank * halfTileOrders;
        long seq = Permutations.unrankWithParity(2 * half, cells - 1, invariant(goalInvariant, blank, cols));
        seq += tileOnes;
        long below = (1L << (blank << 2)) - 1;
        return (seq & below) | ((seq & ~below) << 4);
    }

    @Override
    public long rank(long board, long goal) {
        requirePacked();
        return blankCell(board) * halfTileOrders + (Permutations.rank(tileSequence(board), cells - 1) >>> 1);
    }
}
