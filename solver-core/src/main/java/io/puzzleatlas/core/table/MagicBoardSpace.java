package io.puzzleatlas.core.table;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.puzzle.MagicBoard;

/** All 8! magic boards, Lehmer-ranked, with distances to the identity board. */
public final class MagicBoardSpace implements RankedSpace {
    private final MagicBoard puzzle = new MagicBoard();

    @Override
    public long size() {
        return MagicBoard.STATES;
    }

    @Override
    public long rank(long state) {
        return Permutations.rank(state, MagicBoard.CELLS);
    }

    @Override
    public long unrank(long rank) {
        return Permutations.unrank(rank, MagicBoard.CELLS);
    }

    @Override
    public int moveCount() {
        return 3;
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
        return MagicBoard.IDENTITY;
    }
}
