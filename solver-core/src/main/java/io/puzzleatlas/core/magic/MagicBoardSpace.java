package io.puzzleatlas.core.magic;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * All 8! magic boards with distances to a goal board, ranked by the puzzle ({@link MagicBoard#rank},
 * {@link MagicBoard#board}: the kind's one ranking), so a rank is the board's instance id.
 */
public final class MagicBoardSpace implements RankedSpace {
    private final MagicBoard puzzle = new MagicBoard();
    private final long goal;

    /** Distances to the identity, the goal every solve is relabelled to. */
    public MagicBoardSpace() {
        this(MagicBoard.IDENTITY);
    }

    /** Distances to any goal board. */
    public MagicBoardSpace(long goal) {
        this.goal = goal;
    }

    @Override
    public long size() {
        return MagicBoard.STATES;
    }

    @Override
    public long rank(long state) {
        return puzzle.rank(state, goal);
    }

    @Override
    public long unrank(long rank) {
        return puzzle.board(rank, goal);
    }

    @Override
    public int moveCount() {
        return 3;
    }

    /**
     * Predecessor ranks with each move's undo and the ranking fused ({@link MagicBoard#rankOfUndo}): the table build's
     * cost per board (40,320 of them) is one unrank and three such passes.
     */
    @Override
    public NeighbourRanker predecessors() {
        return new NeighbourRanker() {
            @Override
            public int maxNeighbours() {
                return 3;
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                long board = puzzle.board(rank, goal);
                for (int m = 0; m < 3; m++) {
                    out[at + m] = MagicBoard.rankOfUndo(board, m);
                }
                return 3;
            }
        };
    }

    @Override
    public long move(long state, int m) {
        return puzzle.applyMove(state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return MagicBoard.undoMove(state, m);
    }

    @Override
    public long goal() {
        return goal;
    }
}
