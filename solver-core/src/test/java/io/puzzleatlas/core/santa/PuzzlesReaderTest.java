package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PuzzlesReaderTest {
    @Test
    void internsLabelsPerRowInOrderOfTheSolution() {
        Map<Integer, SantaPuzzle> puzzles = TinyFiles.puzzles();
        assertEquals(List.of(0, 1, 2), List.copyOf(puzzles.keySet()));
        SantaPuzzle first = puzzles.get(0);
        assertEquals("tiny", first.type().name());
        assertArrayEquals(new short[] {0, 1, 2, 3}, first.goal().target());
        assertArrayEquals(new short[] {2, 0, 1, 3}, first.initialState());
        assertEquals("C", first.label(2));
        assertFalse(first.goal().isColouring());
        assertEquals(2, puzzles.get(1).goal().wildcards());
        SantaPuzzle colouring = puzzles.get(2);
        assertEquals(2, colouring.labelCount());
        assertArrayEquals(new short[] {0, 0, 1, 1}, colouring.goal().target());
        assertTrue(colouring.goal().isColouring());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "7,cube_2/2/2,A;B,B;A,0|puzzles.csv:2: id 7: unknown puzzle_type cube_2/2/2",
                "7,tiny,A;B;C,C;B;A,0|puzzles.csv:2: id 7: solution_state has 3 stickers, tiny has 4",
                "7,tiny,A;B;C;D,C;B;A,0|puzzles.csv:2: id 7: initial_state has 3 stickers, tiny has 4",
                "7,tiny,A;B;C;D,A;B;C;C,0|puzzles.csv:2: id 7: initial_state's labels are not solution_state's "
                        + "(as a multiset)",
                "7,tiny,A;B;C;D,A;B;C;E,0|puzzles.csv:2: id 7: initial_state's labels are not solution_state's "
                        + "(as a multiset)",
                "7,tiny,A;B;C;D,A;B;C;D,-1|puzzles.csv:2: id 7: num_wildcards '-1' is not a non-negative integer",
                "x,tiny,A;B;C;D,A;B;C;D,0|puzzles.csv:2: id 'x' is not a non-negative integer",
                "7,tiny,A;B;C;D,A;B;C;D|puzzles.csv:2: 4 fields, expected 5"
            })
    void refusesABadRowInOneLineNamingItsId(String row, String message) {
        assertEquals(
                message,
                assertThrows(SantaFormatException.class, () -> TinyFiles.puzzles(row))
                        .getMessage());
    }

    @Test
    void refusesARepeatedId() {
        String row = "7,tiny,A;B;C;D,A;B;C;D,0\n";
        assertEquals(
                "puzzles.csv:3: id 7: repeats",
                assertThrows(SantaFormatException.class, () -> TinyFiles.puzzles(row + row))
                        .getMessage());
    }
}
