package io.puzzleatlas.core.puzzle;

/**
 * A board made of the puzzle's own pieces, each in range, that no sequence of moves reaches from the goal (a defined
 * puzzle's state outside its moves' group: one corner twisted, two pieces swapped where every move is even). A reader
 * of boards that cannot represent it refuses it with this, so that a solve writes its instance as {@code UNSOLVABLE},
 * as it does for a sliding board of the wrong parity, rather than as a broken record.
 */
public final class UnreachableBoardException extends InvalidBoardException {
    private static final long serialVersionUID = 1L;

    public UnreachableBoardException(String reason) {
        super(reason);
    }
}
