package io.puzzleatlas.core.atlas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.rotation.RotationCensus;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.rotation.RotationGameSolver;
import io.puzzleatlas.core.search.Budget;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("slow")
class RotationCensusTest {
    private static final RotationGameSolver SOLVER = new RotationGameSolver();

    @Test
    void fullSpaceCensus() {
        RotationCensus.Result r = RotationCensus.standard().run(2);
        assertEquals(RotationGame.STATES, Arrays.stream(r.histogram()).sum());
        assertEquals(3 * 12_870, r.histogram()[0]); // one colour fills the centre, C(16,8) ways each
        assertEquals(r.histogram()[r.radius()], r.deepest().length);
        RotationGame game = new RotationGame();
        for (long board : r.deepest()) {
            String moves = SOLVER.solve(board, -1, Budget.UNLIMITED).moves();
            assertEquals(r.radius(), moves.length(), game.format(board));
            long b = board;
            for (char ch : moves.toCharArray()) {
                b = game.applyMove(b, ch - 'A');
            }
            assertEquals(true, game.isGoal(b, -1));
        }
    }

    /** One unit of the unsymmetrised census is one colour-1 mask: compare with the solver board by board. */
    @Test
    void sampledMasksMatchTheSolverBoardByBoard() {
        MaskCensus plain = new MaskCensus(24, depthTable(), new int[][] {MaskCensusTest.identity(24)});
        assertEquals(RotationGame.ABSTRACT_STATES, plain.unitCount());
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 12; i++) {
            int unit = random.nextInt(plain.unitCount());
            int m1 = (int) Combinations.unrank(unit, 24, 8);
            long[] direct = new long[SOLVER.table().radius() + 1];
            int free = 0xFFFFFF & ~m1;
            for (long sub = 0xFF; sub < 1 << 16; sub = MaskCensus.nextSubset((int) sub)) {
                int m2 = deposit((int) sub, free);
                long board = plain.board(m1, m2);
                direct[SOLVER.distance(board)]++;
            }
            CensusPart part = plain.census(unit, unit + 1);
            long[] expected = Arrays.copyOf(direct, part.histogram().length);
            assertArrayEquals(expected, part.histogram(), "mask rank " + unit);
        }
    }

    private static int deposit(int sub, int free) {
        int mask = 0;
        for (int j = 0; free != 0; j++, free &= free - 1) {
            if ((sub >>> j & 1) != 0) {
                mask |= Integer.lowestOneBit(free);
            }
        }
        return mask;
    }

    private static byte[] depthTable() {
        byte[] depth = new byte[(int) RotationGame.ABSTRACT_STATES];
        for (int r = 0; r < depth.length; r++) {
            depth[r] = (byte) SOLVER.table().get(r);
        }
        return depth;
    }
}
