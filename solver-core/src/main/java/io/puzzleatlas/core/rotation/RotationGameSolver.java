package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.puzzle.MoveText;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;

/**
 * Rotation-game solver. A board is solved when some colour fills the centre, so its distance is the minimum over its
 * three colours of the one-colour abstraction's distance (735,471 masks, one table). That minimum is an exact distance
 * on the full space, so descending it move by move in letter order gives the optimal, lexicographically smallest string
 * over all three colours.
 */
public final class RotationGameSolver implements PuzzleSolver {
    private final RotationGame puzzle = new RotationGame();
    private final MoveText text = new MoveText(puzzle);
    private final Lazy<DistanceTable> table =
            Lazy.of(() -> BreadthFirstTableBuilder.build(new RotationAbstractSpace()));

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public void prepare(String goal) {
        table.get();
    }

    /** The one-colour abstraction's distance table, built on first use. */
    public DistanceTable table() {
        return table.get();
    }

    /** Optimal distance of a board: min over colours. */
    public int distance(long board) {
        DistanceTable t = table();
        return distance(
                t,
                RotationGame.colourMask(board, 1),
                RotationGame.colourMask(board, 2),
                RotationGame.colourMask(board, 3));
    }

    private static int distance(DistanceTable t, int m1, int m2, int m3) {
        return Math.min(
                t.get(Combinations.rank24(m1)),
                Math.min(t.get(Combinations.rank24(m2)), t.get(Combinations.rank24(m3))));
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        DistanceTable t = table();
        int m1 = RotationGame.colourMask(start, 1);
        int m2 = RotationGame.colourMask(start, 2);
        int m3 = RotationGame.colourMask(start, 3);
        int d = distance(t, m1, m2, m3);
        int[] path = new int[d];
        long lookups = 3;
        for (int step = 0; step < d; step++) {
            int m = 0;
            for (; m < RotationGame.MOVES; m++) {
                int n1 = RotationGame.moveMask(m1, m);
                int n2 = RotationGame.moveMask(m2, m);
                int n3 = RotationGame.moveMask(m3, m);
                lookups += 3;
                if (distance(t, n1, n2, n3) == d - step - 1) {
                    m1 = n1;
                    m2 = n2;
                    m3 = n3;
                    break;
                }
            }
            if (m == RotationGame.MOVES) {
                throw new IllegalStateException("abstraction table is inconsistent");
            }
            path[step] = m;
        }
        return SolveResult.solved(text.of(path, d), d, lookups);
    }
}
