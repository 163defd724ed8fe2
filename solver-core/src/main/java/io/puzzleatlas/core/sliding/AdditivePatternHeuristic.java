package io.puzzleatlas.core.sliding;

import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Disjoint additive pattern-database heuristic for one goal class of a sliding puzzle (Korf &amp; Felner 2002; Felner,
 * Korf &amp; Hanan 2004): the sum over the patterns of a partition of each pattern's database value, and, where the
 * board is square and the blank's goal cell lies on the main diagonal, the maximum of that sum and the same sum taken
 * on the board reflected about the main diagonal (reflection maps the goal class onto itself, relabelling tile t to
 * {@link #reflectedTile}). Each value is {@code manhattan + 2 * excess}, and a reflection keeps the Manhattan distance,
 * so {@code h = manhattan + 2 * max(excess sum, reflected excess sum)}. With duals on, the same maximum also takes the
 * dual lookups of the board and of its reflection ({@link DualLookup}), which share the board's Manhattan distance.
 *
 * <p>Admissible: each pattern counts only its own tiles' moves (Korf &amp; Felner 2002). Not consistent in general:
 * taking the minimum over the blank's position forgets which region of free cells the blank is in, so one move can
 * change a pattern's value by more than one; IDA* needs admissibility only, and {@code PdbIdaStar} adds pathmax.
 */
public final class AdditivePatternHeuristic {
    /** Tiles and cells index tables by five bits (boards of up to 32 cells; the 5x5 has 25). */
    static final int SHIFT = 5;

    private static final int SLOTS = 1 << SHIFT;
    private final SlidingPuzzle puzzle;
    private final int goalBlank;
    private final Partition partition;
    private final PatternDatabase[] databases;
    /** patternOf[tile]: index of the tile's pattern. */
    private final int[] patternOf = new int[SLOTS];
    /** tiles[p]: pattern p's tiles in rank order. */
    private final int[][] tiles;

    private final byte[] manhattan = new byte[SLOTS * SLOTS];
    private final boolean reflects;
    private final int[] reflectedCell = new int[SLOTS];
    private final int[] reflectedTile = new int[SLOTS];
    /** goalCellOf[tile]: the tile's goal cell (the blank's for 0). */
    private final int[] goalCellOf = new int[SLOTS];

    private final boolean duals;
    /** dualDatabases[cell * patterns + p]: the table pattern p's dual reads with the blank on the cell (null: none). */
    private final PatternDatabase[] dualDatabases;
    /** dualGoalCells[cell * patterns + p]: the goal cells of that table's tiles, in rank order. */
    private final int[][] dualGoalCells;

    /** Where the heuristic gets its tables: a pattern's tiles, searched from the blank on {@code startCell}. */
    @FunctionalInterface
    public interface Tables {
        PatternDatabase get(int[] tiles, int startCell);
    }

    /**
     * @param tables loads a pattern database: the partition's patterns from the goal blank's cell, and with
     *     {@code duals} the tables of {@link DualLookup}
     */
    public AdditivePatternHeuristic(
            SlidingPuzzle puzzle, int goalBlank, Partition partition, Tables tables, boolean duals) {
        this.puzzle = puzzle;
        this.goalBlank = goalBlank;
        this.partition = partition;
        this.duals = duals;
        int[][] patterns = partition.patterns();
        this.tiles = new int[patterns.length][];
        this.databases = new PatternDatabase[patterns.length];
        for (int p = 0; p < patterns.length; p++) {
            tiles[p] = patterns[p].clone();
            databases[p] = tables.get(tiles[p], goalBlank);
            for (int t : tiles[p]) {
                patternOf[t] = p;
            }
        }
        int cols = puzzle.cols();
        for (int t = 1; t < puzzle.cellCount(); t++) {
            int g = SlidingPuzzle.goalCell(t, goalBlank);
            for (int c = 0; c < puzzle.cellCount(); c++) {
                manhattan[t << SHIFT | c] = (byte) (Math.abs(c / cols - g / cols) + Math.abs(c % cols - g % cols));
            }
        }
        this.reflects = reflectable(puzzle, goalBlank);
        for (int c = 0; c < puzzle.cellCount(); c++) {
            reflectedCell[c] = reflects ? (c % cols) * puzzle.rows() + c / cols : c;
        }
        for (int t = 0; t < puzzle.cellCount(); t++) {
            reflectedTile[t] = SlidingPuzzle.goalTile(reflectedCell[SlidingPuzzle.goalCell(t, goalBlank)], goalBlank);
            goalCellOf[t] = SlidingPuzzle.goalCell(t, goalBlank);
        }
        int slots = puzzle.cellCount() * patterns.length;
        this.dualDatabases = new PatternDatabase[duals ? slots : 0];
        this.dualGoalCells = new int[duals ? slots : 0][];
        if (duals) {
            DualLookup lookup = new DualLookup(puzzle, goalBlank, partition);
            Map<DualLookup.Table, PatternDatabase> loaded = new IdentityHashMap<>();
            for (int c = 0; c < puzzle.cellCount(); c++) {
                for (int p = 0; p < patterns.length; p++) {
                    DualLookup.Table t = lookup.table(c, p);
                    if (t == null) {
                        continue;
                    }
                    PatternDatabase db = loaded.get(t);
                    if (db == null) {
                        // a pattern's own table is not loaded twice
                        db = t.startCell() == goalBlank && Arrays.equals(t.tiles(), tiles[p])
                                ? databases[p]
                                : tables.get(t.tiles(), t.startCell());
                        loaded.put(t, db);
                    }
                    dualDatabases[c * patterns.length + p] = db;
                    dualGoalCells[c * patterns.length + p] = PatternDatabase.goalCells(puzzle, goalBlank, t.tiles());
                }
            }
        }
    }

    /** Whether the value takes the dual lookups too. */
    public boolean duals() {
        return duals;
    }

    /**
     * The dual lookup's sum of excesses for a board whose blank is on {@code blank} ({@link DualLookup}): each table
     * reads the cells its pieces have in the dual, where the piece whose goal cell is {@code x} stands on the goal cell
     * of the tile on {@code x}.
     */
    public int dualSum(byte[] board, int blank) {
        int sum = 0;
        for (int p = 0; p < tiles.length; p++) {
            PatternDatabase db = dualDatabase(blank, p);
            sum += db == null ? 0 : db.excess(dualRank(board, blank, p));
        }
        return sum;
    }

    /** The table pattern {@code p}'s dual reads with the blank on {@code blank}; null when it reads none. */
    public PatternDatabase dualDatabase(int blank, int p) {
        return dualDatabases[blank * tiles.length + p];
    }

    /**
     * The rank pattern {@code p}'s dual table ({@link #dualDatabase}) reads on {@code board}, whose blank is on
     * {@code blank}.
     */
    public int dualRank(byte[] board, int blank, int p) {
        int n = puzzle.cellCount();
        int[] gs = dualGoalCells[blank * tiles.length + p];
        int r = 0;
        int used = 0;
        for (int j = 0; j < gs.length; j++) {
            int c = goalCellOf[board[gs[j]]];
            r = r * (n - j) + c - Integer.bitCount(used & ((1 << c) - 1));
            used |= 1 << c;
        }
        return r;
    }

    /** The tile whose goal cell is {@code cell} (0 for the goal blank's cell). */
    public int goalTile(int cell) {
        return SlidingPuzzle.goalTile(cell, goalBlank);
    }

    /** Whether the reflection about the main diagonal maps the goal class to itself. */
    public static boolean reflectable(SlidingPuzzle puzzle, int goalBlank) {
        return puzzle.rows() == puzzle.cols() && goalBlank / puzzle.cols() == goalBlank % puzzle.cols();
    }

    public SlidingPuzzle puzzle() {
        return puzzle;
    }

    public int goalBlank() {
        return goalBlank;
    }

    public Partition partition() {
        return partition;
    }

    public boolean reflects() {
        return reflects;
    }

    public int patternCount() {
        return tiles.length;
    }

    public int patternOf(int tile) {
        return patternOf[tile];
    }

    public PatternDatabase database(int p) {
        return databases[p];
    }

    /** Manhattan distance of {@code tile} on {@code cell}. */
    public int manhattan(int tile, int cell) {
        return manhattan[tile << SHIFT | cell];
    }

    /** The cell {@code cell} is reflected to (itself when the heuristic does not reflect). */
    public int reflectedCell(int cell) {
        return reflectedCell[cell];
    }

    /** The tile whose goal cell is the reflection of {@code tile}'s goal cell. */
    public int reflectedTile(int tile) {
        return reflectedTile[tile];
    }

    /** Pattern {@code p}'s excess given every tile's cell ({@code cellOf[tile]}). */
    public int excess(int p, int[] cellOf) {
        return databases[p].excess(rank(p, cellOf));
    }

    /** Pattern {@code p}'s placement rank ({@link PatternSpace}) given every tile's cell ({@code cellOf[tile]}). */
    public int rank(int p, int[] cellOf) {
        int[] ts = tiles[p];
        int n = puzzle.cellCount();
        int r = 0;
        int used = 0;
        for (int j = 0; j < ts.length; j++) {
            int c = cellOf[ts[j]];
            r = r * (n - j) + c - Integer.bitCount(used & ((1 << c) - 1));
            used |= 1 << c;
        }
        return r;
    }

    /** The heuristic value of a packed {@code board} (canonical labels of this goal class). */
    public int estimate(long board) {
        return estimate(SlidingTiles.of(board, puzzle.cellCount()));
    }

    /** The heuristic value of a board's tile array (canonical labels of this goal class). */
    public int estimate(byte[] tiles) {
        int h = Math.max(sum(tiles, false), reflects ? sum(tiles, true) : 0);
        if (duals) {
            h = Math.max(h, dual(tiles, false));
            h = Math.max(h, reflects ? dual(tiles, true) : 0);
        }
        return h;
    }

    /** The dual lookup's value of a board's tile array as it is ({@code reflected = false}) or reflected. */
    public int dual(byte[] board, boolean reflected) {
        byte[] b = board;
        if (reflected) {
            b = new byte[board.length];
            for (int c = 0; c < board.length; c++) {
                b[reflectedCell[c]] = (byte) reflectedTile[board[c]];
            }
        }
        int md = 0;
        int blank = -1;
        for (int c = 0; c < puzzle.cellCount(); c++) {
            if (b[c] == 0) {
                blank = c;
            } else {
                md += manhattan[b[c] << SHIFT | c];
            }
        }
        return md + 2 * dualSum(b, blank);
    }

    /** The additive sum on a packed board as it is ({@code reflected = false}) or reflected. */
    public int sum(long board, boolean reflected) {
        return sum(SlidingTiles.of(board, puzzle.cellCount()), reflected);
    }

    /** The additive sum on a board's tile array as it is ({@code reflected = false}) or reflected. */
    public int sum(byte[] board, boolean reflected) {
        int[] cellOf = new int[SLOTS];
        int md = 0;
        for (int c = 0; c < puzzle.cellCount(); c++) {
            int t = board[c];
            if (t != 0) {
                md += manhattan[t << SHIFT | c];
                cellOf[reflected ? reflectedTile[t] : t] = reflected ? reflectedCell[c] : c;
            }
        }
        int excess = 0;
        for (int p = 0; p < tiles.length; p++) {
            excess += excess(p, cellOf);
        }
        return md + 2 * excess;
    }
}
