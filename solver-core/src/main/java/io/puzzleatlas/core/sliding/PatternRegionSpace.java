package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.CoordinateSpace;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * A pattern database's abstract space as a unit-cost {@link RankedSpace}, so that the level-by-level engines (the
 * in-core {@link BreadthFirstTableBuilder} and the Spark explore engine) can build pattern databases. A state is a
 * placement of the pattern's tiles together with the region of free cells holding the blank, named by the region's
 * lowest cell: moves of non-pattern tiles cost nothing, so the blank roams its region freely, and every edge is one
 * move of a pattern tile (a tile next to the region slides into it). The state is its own rank: {@code placement *
 * slots + s}, where the region's lowest cell is the placement's free cell number {@code s} and {@code slots} is the
 * number of free cells; ranks whose free cell is not the lowest of its region are never reached. A placement's database
 * value is the least level over its regions (Korf &amp; Felner 2002's minimum over blank positions). Two bits a rank in
 * the breadth-first engine: 10.9 GB for a 7-tile pattern of the 5x5 (18 free cells).
 */
public final class PatternRegionSpace implements CoordinateSpace {
    private final SlidingPuzzle puzzle;
    private final int[] tiles;
    private final int cells;
    private final int slots;
    private final int full;
    private final PatternSpace placements;
    private final CellGraph graph;
    private final long goal;
    /** Per-thread scratch for a placement's cells: no allocation per move. */
    private final ThreadLocal<int[]> scratch;

    /** {@code tiles} in the labels of the canonical goal with the blank at {@code goalBlank}. */
    public PatternRegionSpace(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        this(puzzle, goalBlank, goalBlank, tiles);
    }

    /** The same, with the goal placement's blank on {@code startCell} instead of the goal blank's cell. */
    public PatternRegionSpace(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles) {
        this.puzzle = puzzle;
        this.tiles = tiles.clone();
        this.cells = puzzle.cellCount();
        this.slots = cells - tiles.length;
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
        int free = full & ~occupied;
        this.goal = Integer.toUnsignedLong(placements.rank(goalCells)) * slots
                + slot(free, graph.flood(free, 1 << startCell));
    }

    /** The number, among the {@code free} cells, of the lowest cell of {@code region}. */
    private static int slot(int free, int region) {
        return Integer.bitCount(free & ((region & -region) - 1));
    }

    /** Number of placements: the database's entries. */
    public long placements() {
        return placements.size();
    }

    /** Ranks per placement: its free cells, one of which names each blank region. */
    public int slots() {
        return slots;
    }

    public int[] tiles() {
        return tiles.clone();
    }

    @Override
    public long size() {
        return placements.size() * slots;
    }

    /** Move {@code 4 * j + d}: pattern tile {@code j} slides in direction {@code d} (d l r u). */
    @Override
    public int moveCount() {
        return 4 * tiles.length;
    }

    @Override
    public long move(long state, int m) {
        int[] cellOf = scratch.get();
        placements.unrank(state / slots, cellOf);
        int occupied = 0;
        for (int c : cellOf) {
            occupied |= 1 << c;
        }
        int free = full & ~occupied;
        int region = graph.flood(free, 1 << PatternSpace.select(free, (int) (state % slots)));
        int j = m >>> 2;
        int from = cellOf[j];
        int to = puzzle.neighbour(from, m & 3);
        if (to < 0 || (region & (1 << to)) == 0) {
            return -1;
        }
        cellOf[j] = to;
        int nowFree = free & ~(1 << to) | (1 << from);
        return Integer.toUnsignedLong(placements.rank(cellOf)) * slots + slot(nowFree, graph.flood(nowFree, 1 << from));
    }

    /** Moves are reversible: the tile slides back into the cell it left, which is in its region. */
    @Override
    public long unmove(long state, int m) {
        return move(state, (m & ~3) | SlidingPuzzle.opposite(m & 3));
    }

    @Override
    public boolean reversible() {
        return true;
    }

    @Override
    public long goal() {
        return goal;
    }

    /**
     * The moves of every state, its placement stepped through ranks in order by a {@link PatternCursor}: the pattern
     * tiles next to the blank's region slide into it, and each successor's region is the one holding the cell its tile
     * left.
     */
    @Override
    public NeighbourRanker predecessors() {
        PatternCursor cursor = new PatternCursor(placements);
        int k = tiles.length;
        long[] next = cursor.slideRanks;
        int[] moves = cursor.slideMoves;
        return new NeighbourRanker() {
            @Override
            public int maxNeighbours() {
                return 4 * k;
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                long placement = rank / slots;
                cursor.moveTo(placement);
                int free = full & ~cursor.used[k];
                int region = graph.flood(free, 1 << PatternSpace.select(free, (int) (rank - placement * slots)));
                int n = cursor.slides(placement, region, graph);
                for (int s = 0; s < n; s++) {
                    int left = moves[s] & 0xFF;
                    int nowFree = free & ~(1 << (moves[s] >>> 8)) | (1 << left);
                    out[at + s] = next[s] * slots + slot(nowFree, graph.flood(nowFree, 1 << left));
                }
                return n;
            }
        };
    }
}
