package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * A pattern database's abstract space as a unit-cost {@link RankedSpace}, so that the
 * level-by-level engines (the in-core {@link BreadthFirstTableBuilder} and the Spark explore
 * engine) can build pattern databases. A state is a placement of the pattern's tiles together
 * with the region of free cells holding the blank, named by the region's lowest cell: moves of
 * non-pattern tiles cost nothing, so the blank roams its region freely, and every edge is one
 * move of a pattern tile (a tile next to the region slides into it). The state is its own rank:
 * {@code placement * cells + lowest cell of the blank's region}; ranks whose cell is not the
 * lowest of its region are never reached. A placement's database value is the least level over
 * its regions (Korf &amp; Felner 2002's minimum over blank positions).
 */
public final class PatternRegionSpace implements RankedSpace {
    private final SlidingPuzzle puzzle;
    private final int[] tiles;
    private final int cells;
    private final int full;
    private final PatternSpace placements;
    private final CellGraph graph;
    private final long goal;
    /** Per-thread scratch for a placement's cells: no allocation per move. */
    private final ThreadLocal<int[]> scratch;

    /** {@code tiles} in the labels of the canonical goal with the blank at {@code goalBlank}. */
    public PatternRegionSpace(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        this.puzzle = puzzle;
        this.tiles = tiles.clone();
        this.cells = puzzle.cellCount();
        this.full = (1 << cells) - 1;
        this.placements = new PatternSpace(cells, tiles.length);
        this.graph = new CellGraph(puzzle.rows(), puzzle.cols());
        int k = tiles.length;
        this.scratch = ThreadLocal.withInitial(() -> new int[k]);
        int[] goalCells = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
        int occupied = 0;
        for (int c : goalCells) {
            occupied |= 1 << c;
        }
        int region = graph.flood(full & ~occupied, 1 << goalBlank);
        this.goal = (long) placements.rank(goalCells) * cells + Integer.numberOfTrailingZeros(region);
    }

    /** Number of placements: the database's entries. */
    public long placements() {
        return placements.size();
    }

    public int cells() {
        return cells;
    }

    public int[] tiles() {
        return tiles.clone();
    }

    @Override
    public long size() {
        return placements.size() * cells;
    }

    @Override
    public long rank(long state) {
        return state;
    }

    @Override
    public long unrank(long rank) {
        return rank;
    }

    /** Move {@code 4 * j + d}: pattern tile {@code j} slides in direction {@code d} (d l r u). */
    @Override
    public int moveCount() {
        return 4 * tiles.length;
    }

    @Override
    public long move(long state, int m) {
        int[] cellOf = scratch.get();
        placements.unrank((int) (state / cells), cellOf);
        int blankCell = (int) (state % cells);
        int occupied = 0;
        for (int c : cellOf) {
            occupied |= 1 << c;
        }
        int region = graph.flood(full & ~occupied, 1 << blankCell);
        int j = m >>> 2;
        int from = cellOf[j];
        int to = puzzle.neighbour(from, m & 3);
        if (to < 0 || (region & (1 << to)) == 0) {
            return -1;
        }
        cellOf[j] = to;
        int nowOccupied = occupied & ~(1 << from) | (1 << to);
        int newRegion = graph.flood(full & ~nowOccupied, 1 << from);
        return (long) placements.rank(cellOf) * cells + Integer.numberOfTrailingZeros(newRegion);
    }

    /** Moves are reversible: the tile slides back into the cell it left, which is in its region. */
    @Override
    public long unmove(long state, int m) {
        return move(state, (m & ~3) | SlidingPuzzle.opposite(m & 3));
    }

    @Override
    public long goal() {
        return goal;
    }
}
