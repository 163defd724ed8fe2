package io.puzzleatlas.core.rotation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RotationGameTest {
    private final RotationGame game = new RotationGame();

    @Test
    void movesPullTheirLinesAndInversesUndoThem() {
        long b = game.parse("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
        // A pulls the left column (0 2 6 11 15 20 22) up: cell 0 takes cell 2's value, 22 takes 0's.
        long a = game.applyMove(b, 0);
        assertEquals(RotationGame.cell(b, 2), RotationGame.cell(a, 0));
        assertEquals(RotationGame.cell(b, 0), RotationGame.cell(a, 22));
        // C pulls the upper row right: cell 5 takes cell 4's value, 4 takes 10's.
        long c = game.applyMove(b, 2);
        assertEquals(RotationGame.cell(b, 4), RotationGame.cell(c, 5));
        assertEquals(RotationGame.cell(b, 10), RotationGame.cell(c, 4));
        assertTrue(game.isGoal(game.replay(b, "AC"), -1));
        for (int m = 0; m < 8; m++) {
            assertEquals(b, game.applyMove(game.applyMove(b, m), RotationGame.INVERSE[m]));
            for (int colour = 1; colour <= 3; colour++) {
                assertEquals(
                        RotationGame.colourMask(game.applyMove(b, m), colour),
                        RotationGame.moveMask(RotationGame.colourMask(b, colour), m));
            }
        }
    }

    @Test
    void fullSpaceRankRoundTrips() {
        SplittableRandom random = new SplittableRandom(5);
        for (int k = 0; k < 5_000; k++) {
            long r = random.nextLong(RotationGame.STATES);
            assertEquals(r, game.rank(game.board(r, -1), -1));
        }
        assertEquals(RotationGame.STATES - 1, game.rank(game.board(RotationGame.STATES - 1, -1), -1));
    }

    @Test
    void invalidBoards() {
        assertEquals(
                "digit 1 appears 9 times, expected 8",
                assertThrows(
                                InvalidBoardException.class,
                                () -> game.parse("1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"))
                        .getMessage());
        assertEquals(
                "token 3 '4' is out of range 1..3",
                assertThrows(
                                InvalidBoardException.class,
                                () -> game.parse("1 1 4 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"))
                        .getMessage());
    }
}
