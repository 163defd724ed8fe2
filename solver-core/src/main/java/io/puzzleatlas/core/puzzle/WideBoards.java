package io.puzzleatlas.core.puzzle;

import java.util.SplittableRandom;

/**
 * Board operations on text, for puzzles whose boards do not fit the packed {@code long} of {@link Puzzle} (sliding
 * boards of 17 to 25 cells, such as the 5x5). Jobs hand such boards around as their canonical text; a solver parses
 * them once per instance ({@code PuzzleSolver.solveText}). Every method validates its boards and throws
 * {@link InvalidBoardException} saying why one is not a board.
 */
public interface WideBoards {

    /** The canonical text of a board given as text (tokens separated by whitespace). */
    String canonical(String text);

    /** The default goal's text. */
    String defaultGoal();

    /** Whether {@code goal} can be reached from {@code start}; decided without search. */
    boolean reachable(String start, String goal);

    /** A uniformly random board from which {@code goal} is reachable. */
    String random(String goal, SplittableRandom random);

    /**
     * The end of a random walk of {@code steps} applicable moves from {@code from} (a move that undoes the previous one
     * is allowed, as in {@link RandomInstances#scramble}).
     */
    String scramble(String from, int steps, SplittableRandom random);

    /**
     * The board after replaying {@code moves} from {@code start}, or null if a letter is unknown or a move does not
     * apply.
     */
    String replay(String start, CharSequence moves);

    /**
     * The board the whitespace-separated move names {@code moves} make of the default goal (a scramble); throws
     * {@link InvalidBoardException} naming an unknown move.
     */
    default String scrambled(String moves) {
        String board = replay(defaultGoal(), moves.replaceAll("\\s+", ""));
        if (board == null) {
            throw new InvalidBoardException(
                    "the scramble '" + moves + "' has an unknown move or one that does not apply");
        }
        return board;
    }
}
