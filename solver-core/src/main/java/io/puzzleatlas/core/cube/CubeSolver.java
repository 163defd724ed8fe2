package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;

/**
 * Solves pocket cubes by descending the full distance table to the solved cube (built once, on first use): optimal, and
 * the smallest move sequence move by move in the metric's move order. Another goal {@code g} is reached by the same
 * moves that solve {@code g^-1 * s}: a sequence M takes s to g exactly when it takes g^-1 * s to the solved cube.
 */
final class CubeSolver implements PuzzleSolver {
    private final PocketCube puzzle;
    private final Lazy<CubeSpace> space;
    private final Lazy<DistanceTable> table;
    private final Lazy<TableDescent> descent;

    CubeSolver(PocketCube puzzle) {
        this.puzzle = puzzle;
        this.space = Lazy.of(() -> new CubeSpace(puzzle, Cubies.SOLVED));
        this.table = Lazy.of(() -> BreadthFirstTableBuilder.build(space.get()));
        this.descent = Lazy.of(() -> new TableDescent(space.get(), table.get(), puzzle));
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public void prepare(String goal) {
        descent.get();
    }

    /** The distance table to the solved cube, by coordinate. */
    DistanceTable table() {
        return table.get();
    }

    CubeSpace space() {
        return space.get();
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        if (!puzzle.reachable(start, goal)) {
            return SolveResult.unsolvable("a corner is twisted: the twists do not sum to 0 mod 3", 0);
        }
        long relabelled = goal == Cubies.SOLVED ? start : Cubies.multiply(Cubies.inverse(goal), start);
        return descent.get().solve(Cubies.coordinate(relabelled));
    }
}
