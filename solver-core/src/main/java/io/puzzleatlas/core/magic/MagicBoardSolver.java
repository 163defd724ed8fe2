package io.puzzleatlas.core.magic;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;

/**
 * Magic-board solver: one 40,320-entry table of distances to the identity, and every (start, target) pair relabelled so
 * that the target is the identity.
 */
public final class MagicBoardSolver implements PuzzleSolver {
    private final MagicBoard puzzle = new MagicBoard();
    private final Lazy<TableDescent> descent = Lazy.of(() -> {
        MagicBoardSpace space = new MagicBoardSpace();
        return new TableDescent(space, BreadthFirstTableBuilder.build(space), puzzle);
    });

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public void prepare(String goal) {
        descent.get();
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        return descent.get().solve(MagicBoard.relabelToIdentity(start, goal));
    }
}
