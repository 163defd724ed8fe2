package io.puzzleatlas.core.magic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.search.ForwardBfs;
import org.junit.jupiter.api.Test;

class MagicBoardTest {
    private final MagicBoard board = new MagicBoard();

    @Test
    void movesFollowTheSpec() {
        long start = board.parse("1 2 3 4 8 7 6 5");
        assertEquals(MagicBoard.START, start);
        assertEquals("8 7 6 5 1 2 3 4", board.format(board.applyMove(start, 0)));
        assertEquals("4 1 2 3 5 8 7 6", board.format(board.applyMove(start, 1)));
        assertEquals("1 7 2 4 8 6 3 5", board.format(board.applyMove(start, 2)));
        assertEquals("5 8 3 2 4 1 6 7", board.format(board.replay(start, "ACCB")));
        for (int m = 0; m < 3; m++) {
            assertEquals(start, MagicBoard.undoMove(board.applyMove(start, m), m));
        }
    }

    @Test
    void allEightFactorialBoardsAreReachable() {
        assertEquals(40_320, ForwardBfs.distances(board, MagicBoard.START).size());
    }

    @Test
    void invalidBoards() {
        assertEquals(
                "digit 3 appears twice (token 4)",
                assertThrows(InvalidBoardException.class, () -> board.parse("1 2 3 3 5 6 7 8"))
                        .getMessage());
        assertEquals(
                "token 1 '0' is out of range 1..8",
                assertThrows(InvalidBoardException.class, () -> board.parse("0 2 3 4 5 6 7 8"))
                        .getMessage());
        assertEquals(
                "expected 8 tokens for magic-board, got 7",
                assertThrows(InvalidBoardException.class, () -> board.parse("1 2 3 4 5 6 7"))
                        .getMessage());
    }

    @Test
    void relabellingTurnsTheTargetIntoTheIdentityAndCommutesWithMoves() {
        long target = board.parse("5 8 3 2 4 1 6 7");
        assertEquals(MagicBoard.IDENTITY, MagicBoard.relabelToIdentity(target, target));
        long s = MagicBoard.relabelToIdentity(MagicBoard.START, target);
        assertEquals(MagicBoard.IDENTITY, board.replay(s, "ACCB"));
    }
}
