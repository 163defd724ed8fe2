package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * A pattern database's abstract space without the blank, as a unit-cost {@link RankedSpace}: a
 * state is a placement of the pattern's tiles (its own {@link PatternSpace} rank), and every edge
 * is one pattern tile sliding into a neighbouring cell no pattern tile holds, wherever the blank
 * is. It takes two bits a placement in the breadth-first engine, against a slot of one bit per
 * free cell in the region-aware search ({@link PatternBfs}), so patterns too large for that one
 * (a 7-tile pattern of the 5x5: 2,422,728,000 placements, 31 GB of slots) can be built here in
 * about 0.6 GB. Its distances are admissible and never above the region-aware ones (every path
 * there is a path here), so tables built this way are weaker entry by entry; larger patterns are
 * what they buy.
 */
public final class PatternPlacementSpace implements RankedSpace {
    private final SlidingPuzzle puzzle;
    private final int[] tiles;
    private final int full;
    private final PatternSpace placements;
    private final CellGraph graph;
    private final long goal;
    /** Per-thread scratch for a placement's cells: no allocation per move. */
    private final ThreadLocal<int[]> scratch;

    /** {@code tiles} in the labels of the canonical goal with the blank at {@code goalBlank}. */
    public PatternPlacementSpace(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        this.puzzle = puzzle;
        this.tiles = tiles.clone();
        this.full = (1 << puzzle.cellCount()) - 1;
        this.placements = new PatternSpace(puzzle.cellCount(), tiles.length);
        this.graph = new CellGraph(puzzle.rows(), puzzle.cols());
        int k = tiles.length;
        this.scratch = ThreadLocal.withInitial(() -> new int[k]);
        this.goal = Integer.toUnsignedLong(placements.rank(PatternDatabase.goalCells(puzzle, goalBlank, tiles)));
    }

    public PatternSpace placements() {
        return placements;
    }

    public int[] tiles() {
        return tiles.clone();
    }

    @Override
    public long size() {
        return placements.size();
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
        placements.unrank(state, cellOf);
        int occupied = 0;
        for (int c : cellOf) {
            occupied |= 1 << c;
        }
        int to = puzzle.neighbour(cellOf[m >>> 2], m & 3);
        if (to < 0 || (occupied & (1 << to)) != 0) {
            return -1;
        }
        cellOf[m >>> 2] = to;
        return Integer.toUnsignedLong(placements.rank(cellOf));
    }

    /** Moves are reversible: the tile slides back into the cell it left. */
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

    /** The slides of every placement, stepped through ranks in order by a {@link PatternCursor}. */
    @Override
    public NeighbourRanker predecessors() {
        PatternCursor cursor = new PatternCursor(placements);
        int k = tiles.length;
        return new NeighbourRanker() {
            @Override
            public int maxNeighbours() {
                return 4 * k;
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                cursor.moveTo(rank);
                int free = full & ~cursor.used[k];
                return cursor.slides(rank, free, graph.cols(), graph.notFirstCol(), graph.notLastCol(), out,
                        cursor.slideMoves, at);
            }
        };
    }
}
