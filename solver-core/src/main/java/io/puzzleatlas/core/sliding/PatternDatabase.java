package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.Nibbles;
import java.util.Arrays;

/**
 * One pattern database of a sliding puzzle's goal class (Culberson &amp; Schaeffer 1998), for a disjoint additive set
 * (Korf &amp; Felner 2002): for every placement of the pattern's tiles (ranked by {@link PatternSpace}), the fewest
 * moves of pattern tiles that bring them home, minimised over the blank's position. Stored four bits per placement as
 * the excess over the pattern tiles' Manhattan distance, halved: {@code value = manhattan + 2 * excess(rank)}. The
 * 8-tile pattern of the 4x4 board takes 259,459,200 bytes, a 7-tile pattern of the 5x5 1,211,364,000 (its ranks are
 * ints read unsigned, as {@link Nibbles} indexes them).
 */
public final class PatternDatabase {
    /** Largest storable excess (four bits). */
    public static final int MAX_EXCESS = 15;

    private final int rows;
    private final int cols;
    private final int goalBlank;
    private final int startCell;
    private final int[] tiles;
    private final PatternSpace space;
    private final byte[] packed;

    PatternDatabase(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles, byte[] packed) {
        this(puzzle.rows(), puzzle.cols(), goalBlank, startCell, tiles, packed);
    }

    /**
     * @param goalBlank the goal class: the canonical goal whose labels the tiles are in
     * @param startCell the blank's cell in the goal placement the table's search started from (the goal blank's cell
     *     for the regular tables; another free cell for the tables of {@link DualLookup})
     */
    PatternDatabase(int rows, int cols, int goalBlank, int startCell, int[] tiles, byte[] packed) {
        this.rows = rows;
        this.cols = cols;
        this.goalBlank = goalBlank;
        this.startCell = startCell;
        this.tiles = tiles.clone();
        this.space = new PatternSpace(rows * cols, tiles.length);
        if (packed.length != entryBytes(space.size())) {
            throw new IllegalArgumentException("table of " + packed.length + " bytes for " + space.size() + " entries");
        }
        this.packed = packed;
    }

    /** Bytes holding {@code entries} four-bit entries. */
    public static long entryBytes(long entries) {
        return Nibbles.bytes(entries);
    }

    /** Goal cells of {@code tiles} in the canonical goal with the blank at {@code goalBlank}. */
    public static int[] goalCells(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        int[] cells = new int[tiles.length];
        for (int j = 0; j < tiles.length; j++) {
            int tile = tiles[j];
            if (tile < 1 || tile >= puzzle.cellCount()) {
                throw new IllegalArgumentException("tile " + tile + " is not a tile of " + puzzle.name());
            }
            cells[j] = SlidingPuzzle.goalCell(tile, goalBlank);
        }
        return cells;
    }

    public int rows() {
        return rows;
    }

    public int cols() {
        return cols;
    }

    public int goalBlank() {
        return goalBlank;
    }

    /** The blank's cell in the goal placement this table's search started from. */
    public int startCell() {
        return startCell;
    }

    /** The pattern's tiles, in rank order. */
    public int[] tiles() {
        return tiles.clone();
    }

    public PatternSpace space() {
        return space;
    }

    public long entries() {
        return space.size();
    }

    /** Excess of placement {@code rank} (read unsigned) over the pattern's Manhattan distance, halved. */
    public int excess(int rank) {
        return Nibbles.get(packed, rank);
    }

    /** The packed entries (shared, not copied: for writing the file). */
    byte[] packed() {
        return packed;
    }

    @Override
    public String toString() {
        return rows + "x" + cols + " goal blank " + goalBlank + " pattern " + Arrays.toString(tiles)
                + (startCell == goalBlank ? "" : " searched from blank cell " + startCell);
    }
}
