package io.puzzleatlas.core.table;

import io.puzzleatlas.core.puzzle.MagicBoard;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.RotationGame;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;

/**
 * The state space a puzzle's distance table is computed over, for a given goal:
 * sliding puzzles and the magic board rank their own boards (so a rank is an instance id of
 * {@code generate --all}); the rotation game, whose goal is a condition, maps its one-colour
 * abstraction ({@link RotationAbstractSpace}, 735,471 masks), whose distances bound every board's.
 */
public final class PuzzleSpaces {
    private PuzzleSpaces() {
    }

    /** The space whose distances are measured to {@code goal} (ignored by the rotation game). */
    public static RankedSpace toGoal(Puzzle puzzle, long goal) {
        if (puzzle instanceof SlidingPuzzle sliding) {
            return new SlidingGoalSpace(sliding, goal);
        }
        if (puzzle instanceof MagicBoard) {
            return new MagicBoardSpace(goal);
        }
        if (puzzle instanceof RotationGame) {
            return new RotationAbstractSpace();
        }
        throw new IllegalArgumentException("no state space for " + puzzle.name());
    }

    /** The text of a state of {@link #toGoal}'s space: a board, or a rotation mask as 24 cells of 0/1. */
    public static String stateText(Puzzle puzzle, long state) {
        if (puzzle instanceof RotationGame) {
            StringBuilder sb = new StringBuilder(2 * RotationGame.CELLS);
            for (int c = 0; c < RotationGame.CELLS; c++) {
                if (c > 0) {
                    sb.append(' ');
                }
                sb.append((state >>> c) & 1);
            }
            return sb.toString();
        }
        return puzzle.format(state);
    }
}
