package io.puzzleatlas.core.puzzle;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A permutation puzzle as data: its text form, its named moves, its goal and its reachability rule. Boards are packed
 * in a {@code long}; the layout is the puzzle's own. A puzzle knows nothing of how it is solved (see
 * {@code io.puzzleatlas.core.search}).
 *
 * <p>Moves are numbered in ascending order of their letters, so that trying moves by number tries them in the tie-break
 * order (lexicographically smallest move string).
 */
public interface Puzzle {

    /** Name used on the command line and in the {@code puzzle} column. */
    String name();

    /** Number of cells of a board. */
    int cellCount();

    /**
     * Move names, indexed by move number, in tie-break order: a move string that is smaller move by move in this order
     * is preferred among optimal ones.
     */
    List<String> moveNames();

    /**
     * Whether answers separate move names by spaces even when every name is one letter (definition files: their answers
     * are read back as whitespace-separated scrambles); false: single letters back to back ({@code dlru}).
     */
    default boolean spacedMoves() {
        return false;
    }

    /** Number of moves ({@link #moveNames()}'s size). */
    default int moveCount() {
        return moveNames().size();
    }

    private static String separator(List<String> names) {
        for (String n : names) {
            if (n.length() != 1) {
                return " ";
            }
        }
        return "";
    }

    /** Parses a board from its tokens; throws {@link InvalidBoardException} saying why not. */
    long parse(String[] tokens);

    /** Parses a board from its text form (tokens separated by whitespace). */
    default long parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidBoardException("empty board text");
        }
        return parse(text.trim().split("\\s+"));
    }

    /**
     * Whether the text form is one whitespace-separated token per cell, so that bulk readers may split it themselves
     * before {@link #parse(String[])}; false for a text form such as a string of sticker letters, which readers hand
     * whole to {@link #parse(String)}.
     */
    default boolean tokenPerCell() {
        return true;
    }

    /** The board's text form: cell values separated by single spaces (unless the kind says otherwise). */
    String format(long board);

    /** The board after {@code move}, or -1 when the move does not apply to this board (a sliding blank at the edge). */
    long applyMove(long board, int move);

    /**
     * The board that the whitespace-separated move names {@code moves} make of the default goal (a scramble); an
     * {@link InvalidBoardException} names an unknown move or one that does not apply.
     */
    default long scrambled(String moves) {
        List<String> names = moveNames();
        long board = defaultGoal();
        for (String name : moves.trim().split("\\s+")) {
            if (name.isEmpty()) {
                continue;
            }
            int m = names.indexOf(name);
            if (m < 0) {
                throw new InvalidBoardException(
                        "unknown move " + name + " in the scramble (moves: " + String.join(" ", names) + ")");
            }
            long next = applyMove(board, m);
            if (next == -1) {
                throw new InvalidBoardException("move " + name + " of the scramble does not apply there");
            }
            board = next;
        }
        return board;
    }

    /** Replays a move string; returns -1 if a letter is unknown or a move does not apply. */
    default long replay(long board, CharSequence moves) {
        List<String> names = moveNames();
        String text = moves.toString().trim();
        if (text.isEmpty()) {
            return board;
        }
        String[] tokens = separator(names).isEmpty() && !spacedMoves() ? text.split("") : text.split("\\s+");
        for (int i = 0; i < tokens.length && board != -1; i++) {
            int m = names.indexOf(tokens[i]);
            if (m < 0) {
                return -1;
            }
            board = applyMove(board, m);
        }
        return board;
    }

    /** Whether the goal is a board ({@code false} for the rotation game, whose goal is a condition). */
    boolean hasGoalBoard();

    /** The default goal board, or -1 when the puzzle has no goal board. */
    long defaultGoal();

    /** The default start board, or -1 when the puzzle has none (only the magic board fixes one). */
    default long defaultStart() {
        return -1;
    }

    /** Whether {@code board} satisfies the goal ({@code goal} is ignored without a goal board). */
    boolean isGoal(long board, long goal);

    /** Whether {@code goal} can be reached from {@code start}; decided without search. */
    boolean reachable(long start, long goal);

    /**
     * Number of boards in the instance space enumerated by {@link #board}: the boards from which {@code reference} is
     * reachable (the magic board: every target reachable from its start).
     */
    long boardCount();

    /** The {@code index}-th board of the instance space, 0 &lt;= index &lt; {@link #boardCount()}. */
    long board(long index, long reference);

    /**
     * Rank of a board of the instance space: the inverse of {@link #board}, so {@code board(rank(b, ref), ref) == b}.
     */
    long rank(long board, long reference);

    /**
     * Whether {@link #board} enumerates goals for the fixed {@link #defaultStart()} (the magic board's judge asks for
     * targets) rather than starts for a fixed goal.
     */
    default boolean enumeratesGoals() {
        return false;
    }

    /**
     * The text-level board operations of a puzzle whose boards do not fit a {@code long} (its {@code long} methods then
     * refuse them), or null when every board is packed.
     */
    default WideBoards wide() {
        return null;
    }

    /**
     * Refuses {@code what} (a command, or an option such as {@code --all}, that numbers boards in a {@code long}:
     * {@code explore}, {@code atlas}, {@code judge}, {@code generate --all}) for a puzzle whose boards do not fit one
     * ({@link #wide()}): the one check and the one line every such command gives.
     *
     * @throws IllegalArgumentException naming {@code what}, the puzzle and its cells
     */
    static void requirePacked(Puzzle puzzle, String what) {
        if (puzzle.wide() != null) {
            throw new IllegalArgumentException(
                    what + " numbers boards in a long: " + puzzle.name() + " has " + puzzle.cellCount()
                            + " cells, too many boards to number; solve and generate --random N take its boards");
        }
    }

    /** A uniformly random board of the instance space. */
    default long randomBoard(SplittableRandom random, long reference) {
        return board(random.nextLong(boardCount()), reference);
    }
}
