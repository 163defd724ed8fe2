package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * The boards of a sliding puzzle that can reach an arbitrary goal board. Ranks are the puzzle's
 * ({@link SlidingPuzzle#rank}, {@link SlidingPuzzle#board}, computed there and nowhere else), so a rank in an explored
 * distance table is the instance id of {@code generate --all} for the same goal; the goal's invariant is computed once,
 * for unranking.
 */
public final class SlidingGoalSpace implements RankedSpace {
    private final SlidingPuzzle puzzle;
    private final long goal;
    private final int cells;
    /** {@link SlidingPuzzle#invariant} of the goal. */
    private final int goalInvariant;
    /** The first neighbour ranker made (null: none yet), whose tables the others share. */
    private SlidingNeighbourRanker firstRanker;

    public SlidingGoalSpace(SlidingPuzzle puzzle, long goal) {
        this.puzzle = puzzle;
        this.goal = goal;
        this.cells = puzzle.cellCount();
        this.goalInvariant = puzzle.invariant(goal);
    }

    /** The goal class of a blank cell: tiles in order with the blank at {@code goalBlankCell}. */
    public static SlidingGoalSpace canonical(SlidingPuzzle puzzle, int goalBlankCell) {
        return new SlidingGoalSpace(puzzle, puzzle.canonicalGoal(goalBlankCell));
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
        return puzzle.unrank(rank, goalInvariant);
    }

    /**
     * Up to {@value SlidingNeighbourRanker#MAX_CELLS} cells the ranks are updated in place, without a board; every
     * ranker of this space shares the first one's tables (built once, not per thread or task).
     */
    @Override
    public synchronized NeighbourRanker predecessors() {
        if (cells > SlidingNeighbourRanker.MAX_CELLS) {
            return RankedSpace.super.predecessors();
        }
        if (firstRanker == null) {
            firstRanker = new SlidingNeighbourRanker(puzzle, goal);
        }
        return firstRanker.another();
    }

    @Override
    public int moveCount() {
        return 4;
    }

    @Override
    public long move(long state, int m) {
        return puzzle.applyMove(state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return puzzle.applyMove(state, SlidingPuzzle.opposite(m));
    }

    /** Every move has its opposite among the moves. */
    @Override
    public boolean reversible() {
        return true;
    }

    @Override
    public long goal() {
        return goal;
    }
}
