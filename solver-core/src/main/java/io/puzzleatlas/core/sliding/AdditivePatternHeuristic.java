package io.puzzleatlas.core.sliding;

import java.util.function.IntFunction;

/**
 * Disjoint additive pattern-database heuristic for one goal class of a sliding puzzle (Korf &amp;
 * Felner 2002; Felner, Korf &amp; Hanan 2004): the sum over the patterns of a partition of each
 * pattern's database value, and, where the board is square and the blank's goal cell lies on the
 * main diagonal, the maximum of that sum and the same sum taken on the board reflected about the
 * main diagonal (reflection maps the goal class onto itself, relabelling tile t to
 * {@link #reflectedTile}). Each value is {@code manhattan + 2 * excess}, and a reflection keeps
 * the Manhattan distance, so {@code h = manhattan + 2 * max(excess sum, reflected excess sum)}.
 *
 * <p>Dual lookups (Felner, Korf &amp; Hanan 2004; Zahavi, Felner, Holte &amp; Schaeffer 2005,
 * 2008): the dual board swaps the roles of cells and tiles, in the goal's labels: the tile whose
 * goal cell is {@code x} stands on the goal cell of the tile that stands on {@code x} now. For
 * the sliding puzzle the dual is not an ordinary board of the same distance unless the blank is
 * home: reversing an optimal path, the piece that moves on every step of the dual is the one
 * whose goal cell is the blank's cell now (the "pseudo-blank"). So the dual is scored as a board
 * of a puzzle whose blank is that piece and whose goal keeps the pseudo-blank on the blank's
 * current cell: every piece but the pseudo-blank counts its Manhattan distance, which sums to
 * the regular Manhattan distance exactly, and a pattern adds its excess only where the pattern
 * lacks the pseudo-blank's tile and, with the pattern home, the blank's current cell and its goal
 * cell lie in one region of free cells (the tables are searched from the goal blank's region;
 * {@link #dualPatterns}). So {@code dual = manhattan + 2 * (excess of those patterns on the
 * dual)}, and the same on the reflected board (dual-reflected). {@link #estimate} is the maximum of
 * the four lookups: regular, reflected, dual and dual-reflected.
 *
 * <p>Admissible: each pattern counts only its own tiles' moves (Korf &amp; Felner 2002). Not
 * consistent in general: taking the minimum over the blank's position forgets which region of
 * free cells the blank is in, so one move can change a pattern's value by more than one; IDA*
 * needs admissibility only, and {@code PdbIdaStar} adds pathmax.
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
    /** goalCell[tile]: the tile's cell in the canonical goal (the blank's: {@code goalBlank}). */
    private final int[] goalCell = new int[SLOTS];
    /** goalTile[cell]: the tile whose goal cell is {@code cell} (0 on {@code goalBlank}). */
    private final int[] goalTile = new int[SLOTS];
    /** dualPatterns[cell]: bit p set where pattern p's excess counts in a dual with the blank on {@code cell}. */
    private final int[] dualPatterns = new int[SLOTS];

    /** @param loader loads pattern p's database, given its tiles */
    public AdditivePatternHeuristic(SlidingPuzzle puzzle, int goalBlank, Partition partition,
            IntFunction<PatternDatabase> loader) {
        this.puzzle = puzzle;
        this.goalBlank = goalBlank;
        this.partition = partition;
        int[][] patterns = partition.patterns();
        this.tiles = new int[patterns.length][];
        this.databases = new PatternDatabase[patterns.length];
        for (int p = 0; p < patterns.length; p++) {
            tiles[p] = patterns[p].clone();
            databases[p] = loader.apply(p);
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
            goalCell[t] = SlidingPuzzle.goalCell(t, goalBlank);
            goalTile[t] = SlidingPuzzle.goalTile(t, goalBlank);
        }
        for (int p = 0; p < tiles.length; p++) {
            int region = goalBlankRegion(tiles[p]);
            for (int c = 0; c < puzzle.cellCount(); c++) {
                dualPatterns[c] |= (region >>> c & 1) << p;
            }
        }
    }

    /**
     * The free cells reachable from the goal blank's cell with pattern {@code ts} home (the region
     * its table's search starts in). A cell outside it is either a home of the pattern (the
     * pseudo-blank is a pattern tile) or shut off from the goal blank's region, and there the
     * dual's excess of the pattern is not a bound.
     */
    private int goalBlankRegion(int[] ts) {
        int occupied = 0;
        for (int t : ts) {
            occupied |= 1 << SlidingPuzzle.goalCell(t, goalBlank);
        }
        int region = 1 << goalBlank;
        int frontier = region;
        while (frontier != 0) {
            int c = Integer.numberOfTrailingZeros(frontier);
            frontier &= frontier - 1;
            for (int m = 0; m < 4; m++) {
                int next = puzzle.neighbour(c, m);
                if (next >= 0 && (occupied >>> next & 1) == 0 && (region >>> next & 1) == 0) {
                    region |= 1 << next;
                    frontier |= 1 << next;
                }
            }
        }
        return region;
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

    /** The tile's cell in the canonical goal of this goal class. */
    public int goalCell(int tile) {
        return goalCell[tile];
    }

    /** The tile whose goal cell is {@code cell} (0 for the goal blank's cell). */
    public int goalTile(int cell) {
        return goalTile[cell];
    }

    /**
     * The patterns (bit p for pattern p) whose excess a dual lookup may add when the board's blank
     * is on {@code cell}: all of them when the blank is home.
     */
    public int dualPatterns(int cell) {
        return dualPatterns[cell];
    }

    /** Pattern {@code p}'s excess given every tile's cell ({@code cellOf[tile]}). */
    public int excess(int p, int[] cellOf) {
        int[] ts = tiles[p];
        int n = puzzle.cellCount();
        int r = 0;
        int used = 0;
        for (int j = 0; j < ts.length; j++) {
            int c = cellOf[ts[j]];
            r = r * (n - j) + c - Integer.bitCount(used & ((1 << c) - 1));
            used |= 1 << c;
        }
        return databases[p].excess(r);
    }

    /** The heuristic value of a packed {@code board} (canonical labels of this goal class). */
    public int estimate(long board) {
        return estimate(SlidingTiles.of(board, puzzle.cellCount()));
    }

    /**
     * The heuristic value of a board's tile array (canonical labels of this goal class): the
     * maximum of the regular, reflected, dual and dual-reflected lookups.
     */
    public int estimate(byte[] tiles) {
        int regular = Math.max(sum(tiles, false), reflects ? sum(tiles, true) : 0);
        int dual = Math.max(dualSum(tiles, false), reflects ? dualSum(tiles, true) : 0);
        return Math.max(regular, dual);
    }

    /**
     * The dual lookup on a board's tile array as it is ({@code reflected = false}) or reflected:
     * the board is reflected first, then inverted ({@link #dual}), and scored as the class
     * comment says: Manhattan distance plus twice the excesses of the patterns that
     * {@link #dualPatterns} allows for the blank's cell.
     */
    public int dualSum(byte[] board, boolean reflected) {
        byte[] seen = reflected ? reflect(board) : board;
        byte[] dual = dual(seen);
        int[] cellOf = new int[SLOTS];
        int md = 0;
        int blank = -1;
        for (int c = 0; c < puzzle.cellCount(); c++) {
            int t = seen[c];
            if (t == 0) {
                blank = c;
            } else {
                md += manhattan[t << SHIFT | c];
            }
            cellOf[dual[c]] = c;
        }
        int allowed = dualPatterns[blank];
        int excess = 0;
        for (int p = 0; p < tiles.length; p++) {
            excess += (allowed >>> p & 1) == 0 ? 0 : excess(p, cellOf);
        }
        return md + 2 * excess;
    }

    /**
     * The inverse of a board in the goal's labels: the tile whose goal cell is {@code x} is put on
     * the goal cell of the tile now on {@code x}. Without the blank at home this is generally not
     * a board of the same puzzle or distance (see the class comment).
     */
    public byte[] dual(byte[] board) {
        byte[] out = new byte[puzzle.cellCount()];
        for (int c = 0; c < out.length; c++) {
            out[goalCell[board[c]]] = (byte) goalTile[c];
        }
        return out;
    }

    /** The board reflected about the main diagonal, tiles relabelled ({@link #reflectedTile}). */
    public byte[] reflect(byte[] board) {
        byte[] out = new byte[puzzle.cellCount()];
        for (int c = 0; c < out.length; c++) {
            out[reflectedCell[c]] = (byte) reflectedTile[board[c]];
        }
        return out;
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
