package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Move names and order in the two metrics (DEFINITIONS.md). */
class DefinitionMovesTest {
    @Test
    void powersOfQuarterTurns() {
        MoveSet cube = new MoveSet(DefinitionSpaceTest.example("2x2x2.tws"), Metric.POWERS);
        assertEquals(
                List.of(
                        "F", "F2", "F'", "B", "B2", "B'", "D", "D2", "D'", "U", "U2", "U'", "L", "L2", "L'", "R", "R2",
                        "R'"),
                cube.names());
        assertEquals(2, cube.inverse(0));
        assertEquals(1, cube.inverse(1));
    }

    @Test
    void generatorsOfQuarterTurns() {
        MoveSet cube = new MoveSet(DefinitionSpaceTest.example("2x2x2.tws"), Metric.GENERATORS);
        assertEquals(List.of("F", "F'", "B", "B'", "D", "D'", "U", "U'", "L", "L'", "R", "R'"), cube.names());
    }

    @Test
    void powersOfALongCycleAndInvolutions() {
        MoveSet lrx = new MoveSet(DefinitionExamples.lrx(5), Metric.POWERS);
        assertEquals(List.of("L", "L2", "L2'", "L'", "X"), lrx.names());
        assertEquals(3, lrx.inverse(0));
        assertEquals(2, lrx.inverse(1));
        assertEquals(4, lrx.inverse(4));
        assertEquals(List.of("L", "L'", "X"), new MoveSet(DefinitionExamples.lrx(5), Metric.GENERATORS).names());
    }

    @Test
    void namesEndingInDigitsMeanTheMoveItself() {
        MoveSet pancake = new MoveSet(DefinitionExamples.pancake(4), Metric.POWERS);
        assertEquals(List.of("R2", "R3", "R4"), pancake.names());
    }

    @Test
    void twistedMovesHaveLongerOrders() {
        // a 3-cycle whose piece turns once going round: order 9 (3 slots x 3 twists)
        Definition d = DefinitionReaderTest.parse("t.tws", "Set A 3 3\nMove T\nA\n2 3 1\n1 0 0\nEnd\n");
        assertEquals(List.of("T", "T2", "T3", "T4", "T4'", "T3'", "T2'", "T'"), new MoveSet(d, Metric.POWERS).names());
    }

    /**
     * A listed R2 beside the square of R (order 4) in the powers metric: one name for two moves, refused naming both;
     * the generators metric has no R2 power and keeps the file.
     */
    @Test
    void aListedNameThatIsAlsoAPowerIsRefused() {
        Definition d =
                DefinitionReaderTest.parse("t.tws", "Set A 4 1\nMove R\nA\n2 3 4 1\nEnd\nMove R2\nA\n2 1 3 4\nEnd\n");
        assertEquals(
                "t.tws:6: move name R2 means two moves in the powers metric: R to the power 2 (line 2) and the listed "
                        + "move R2 (line 6); rename one",
                assertThrows(DefinitionException.class, () -> new MoveSet(d, Metric.POWERS))
                        .getMessage());
        assertEquals(List.of("R", "R'", "R2"), new MoveSet(d, Metric.GENERATORS).names());
    }

    /** Two powers may clash too: R^12 of a 24-cycle R and the square of R1 are both named R12. */
    @Test
    void twoPowersOfOneNameAreRefused() {
        int[] r = new int[28];
        int[] r1 = new int[28];
        for (int i = 0; i < 28; i++) {
            r[i] = i < 24 ? (i + 1) % 24 : i;
            r1[i] = i < 24 ? i : 24 + (i - 23) % 4;
        }
        Definition d = DefinitionExamples.json("t", List.of("R", "R1"), List.of(r, r1));
        assertEquals(
                "t.json:1: move name R12 means two moves in the powers metric: R to the power 12 (line 1) and R1 to "
                        + "the power 2 (line 1); rename one",
                assertThrows(DefinitionException.class, () -> new MoveSet(d, Metric.POWERS))
                        .getMessage());
    }
}
