package io.puzzleatlas.core.sliding;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which tables the dual lookup of a board reads (Felner, Korf &amp; Hanan 2004; Zahavi, Felner, Holte &amp; Schaeffer
 * 2008), per cell of the blank: the tables are region-aware, so the plain dual of a permutation puzzle does not carry
 * over, and this is the form that does.
 *
 * <p>The dual board swaps tiles and cells in the goal's labels: the piece whose goal cell is {@code x} stands on the
 * goal cell of the tile that stands on {@code x} now. Reverse an optimal path of the board: read in the dual, it is a
 * path of the same length back to the goal on which the piece whose goal cell is the blank's cell now (the
 * pseudo-blank) moves at every step, like a blank, and exactly one other piece moves with it; the real blank is an
 * ordinary piece there. So a lower bound on the moves of a set of pieces other than the pseudo-blank, toward their goal
 * cells with the pseudo-blank ending on its own goal cell (the blank's cell now), bounds that path. For a blank on cell
 * {@code b} and a pattern P of the partition, the dual reads the table of P less the pseudo-blank's tile (P itself when
 * the tile is elsewhere), searched from its goal placement with the blank on {@code b}'s region of free cells: the
 * regular table where that region holds the goal blank's cell, else a table searched from the region's lowest cell. The
 * patterns stay disjoint and their excesses over the Manhattan distance add up; every piece but the pseudo-blank counts
 * its Manhattan distance in the dual, and that sum is the board's own.
 */
public final class DualLookup {

    /** A table the dual reads: tiles in rank order, searched from the blank on {@code startCell}. */
    public record Table(int[] tiles, int startCell) {
        String key() {
            return Arrays.toString(tiles) + "/" + startCell;
        }
    }

    private final int patterns;
    /** byBlank[b * patterns + i]: the table pattern i's dual reads with the blank on cell b. */
    private final Table[] byBlank;

    private final List<Table> distinct;

    public DualLookup(SlidingPuzzle puzzle, int goalBlank, Partition partition) {
        int cells = puzzle.cellCount();
        int[][] ps = partition.patterns();
        this.patterns = ps.length;
        this.byBlank = new Table[cells * patterns];
        CellGraph graph = new CellGraph(puzzle.rows(), puzzle.cols());
        Map<String, Table> seen = new LinkedHashMap<>();
        for (int b = 0; b < cells; b++) {
            int pseudo = SlidingPuzzle.goalTile(b, goalBlank);
            for (int i = 0; i < patterns; i++) {
                int[] tiles = Arrays.stream(ps[i]).filter(t -> t != pseudo).toArray();
                Table t = null;
                if (tiles.length > 0) {
                    int free = (1 << cells) - 1;
                    for (int c : PatternDatabase.goalCells(puzzle, goalBlank, tiles)) {
                        free &= ~(1 << c);
                    }
                    int region = graph.flood(free, 1 << b);
                    int start = (region >> goalBlank & 1) != 0 ? goalBlank : Integer.numberOfTrailingZeros(region);
                    t = seen.computeIfAbsent(new Table(tiles, start).key(), k -> new Table(tiles, start));
                }
                byBlank[b * patterns + i] = t;
            }
        }
        this.distinct = List.copyOf(new ArrayList<>(seen.values()));
    }

    /**
     * The table pattern {@code i}'s dual reads with the blank on {@code cell}; null when the pattern is the
     * pseudo-blank alone.
     */
    public Table table(int cell, int i) {
        return byBlank[cell * patterns + i];
    }

    /** Every table the dual reads, each once, the partition's own tables among them. */
    public List<Table> tables() {
        return distinct;
    }
}
