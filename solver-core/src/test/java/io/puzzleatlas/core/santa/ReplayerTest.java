package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplayerTest {
    private final Map<Integer, SantaPuzzle> puzzles = TinyFiles.puzzles();

    private Replay replay(int id, String rows) {
        return Replayer.replay(puzzles.get(id), TinyFiles.submission(rows).get(id));
    }

    @Test
    void aHandMadeSequenceReachesTheBoard() {
        assertEquals(new Replay(0, 1, 0, true), replay(0, "0,a\n"));
        assertEquals(new Replay(0, 0, 3, false), replay(0, "0,\n"));
        assertEquals(new Replay(0, 3, 0, true), replay(0, "0,b.-b.a\n"));
        assertEquals(new Replay(0, 3, 3, false), replay(0, "0,-a.b.-b\n"));
    }

    @Test
    void aColouringIsReachedByAnyStateWithItsColours() {
        assertEquals(new Replay(2, 2, 0, true), replay(2, "2,a.a\n"));
        assertEquals(new Replay(2, 1, 2, false), replay(2, "2,a\n"));
    }

    @Test
    void wildcardsAllowThatManyStickersToDiffer() {
        assertEquals(new Replay(1, 0, 2, true), replay(1, "1,\n"));
        SantaPuzzle oneWildcard =
                TinyFiles.puzzles("1,tiny,A;B;C;D,B;A;C;D,1\n").get(1);
        assertEquals(new Replay(1, 0, 2, false), Replayer.replay(oneWildcard, new int[0]));
    }

    @Test
    void aBoardWiderThanALongReplays() {
        int n = 6_534;
        StringBuilder cycle = new StringBuilder();
        StringBuilder solution = new StringBuilder();
        StringBuilder initial = new StringBuilder();
        for (int i = 0; i < n; i++) {
            cycle.append(i == 0 ? "" : ", ").append((i + 1) % n);
            solution.append(i == 0 ? "" : ";").append('N').append(i);
            initial.append(i == 0 ? "" : ";").append('N').append((i + n - 1) % n);
        }
        Map<String, PuzzleType> types =
                PuzzleInfoReader.read("i", PuzzleInfoReader.HEADER + "\nwide,\"{'c': [" + cycle + "]}\"\n");
        SantaPuzzle wide = PuzzlesReader.read(
                        "p", PuzzlesReader.HEADER + "\n5,wide," + solution + "," + initial + ",0\n", types)
                .get(5);
        int c = wide.type().moveIndex("c");
        assertEquals(n, wide.goal().width());
        assertEquals(new Replay(5, 1, 0, true), Replayer.replay(wide, new int[] {c}));
        assertEquals(new Replay(5, 2, n, false), Replayer.replay(wide, new int[] {c, c}));
    }

    @Test
    void aMoveFollowedByItsInverseIsTheIdentity() {
        SantaPuzzle puzzle = puzzles.get(0);
        PuzzleType type = puzzle.type();
        for (int m = 0; m < type.moveCount(); m++) {
            short[] state = Replayer.play(puzzle, new int[] {m, type.inverse(m)});
            assertArrayEquals(puzzle.initialState(), state, type.moveName(m));
        }
    }

    @Test
    void refusesAnUnknownMoveOrIdInOneLine() {
        assertEquals(
                "submission.csv:3: id 2: unknown move 'c' for tiny",
                assertThrows(SantaFormatException.class, () -> TinyFiles.submission("0,a\n2,a.c.b\n"))
                        .getMessage());
        assertEquals(
                "submission.csv:2: id 0: unknown move '' for tiny",
                assertThrows(SantaFormatException.class, () -> TinyFiles.submission("0,a..b\n"))
                        .getMessage());
        assertEquals(
                "submission.csv:2: id 9: no such puzzle",
                assertThrows(SantaFormatException.class, () -> TinyFiles.submission("9,a\n"))
                        .getMessage());
        assertEquals(
                "submission.csv:3: id 0: repeats",
                assertThrows(SantaFormatException.class, () -> TinyFiles.submission("0,a\n0,b\n"))
                        .getMessage());
    }
}
