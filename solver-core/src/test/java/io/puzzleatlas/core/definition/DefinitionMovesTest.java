package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
