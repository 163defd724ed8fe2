package io.puzzleatlas.core.table;

import io.puzzleatlas.core.puzzle.SlidingPuzzle;

/**
 * The reachable boards of one goal class of a sliding puzzle (blank's goal cell fixed, tiles in
 * canonical order), ranked densely by {@link SlidingPuzzle#rank}: (R*C)!/2 ranks.
 */
public final class SlidingSpace implements RankedSpace {
    private final SlidingPuzzle puzzle;
    private final long goal;

    public SlidingSpace(SlidingPuzzle puzzle, int goalBlankCell) {
        this.puzzle = puzzle;
        this.goal = puzzle.canonicalGoal(goalBlankCell);
    }

    @Override
    public long size() {
        return puzzle.boardCount();
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
        return 4;
    }

    @Override
    public long move(long state, int m) {
        int blank = SlidingPuzzle.blankCell(state);
        int target = puzzle.neighbour(blank, m);
        return target < 0 ? -1 : SlidingPuzzle.slide(state, blank, target);
    }

    @Override
    public long unmove(long state, int m) {
        return move(state, SlidingPuzzle.opposite(m));
    }

    @Override
    public long goal() {
        return goal;
    }
}
