package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PuzzleInfoReaderTest {
    @Test
    void readsGeneratorsAndNamesTheirInverses() {
        Map<String, PuzzleType> types = TinyFiles.types();
        assertEquals(List.of("tiny"), List.copyOf(types.keySet()));
        PuzzleType tiny = types.get("tiny");
        assertEquals(4, tiny.width());
        assertEquals(2, tiny.generatorCount());
        assertEquals(4, tiny.moveCount());
        assertEquals(
                List.of("a", "-a", "b", "-b"),
                List.of(tiny.moveName(0), tiny.moveName(1), tiny.moveName(2), tiny.moveName(3)));
        assertEquals(1, tiny.moveIndex("-a"));
        assertEquals(-1, tiny.moveIndex("c"));
        assertEquals(3, tiny.supportSize(0));
        assertEquals(2, tiny.supportSize(3));
        int[] inverseOfA = {tiny.source(1, 0), tiny.source(1, 1), tiny.source(1, 2), tiny.source(1, 3)};
        assertArrayEquals(new int[] {2, 0, 1, 3}, inverseOfA);
    }

    @Test
    void appliesAMoveAsNewAtIEqualsOldAtP() {
        PuzzleType tiny = TinyFiles.types().get("tiny");
        short[] state = {10, 11, 12, 13};
        tiny.apply(tiny.moveIndex("a"), state, new short[4]);
        assertArrayEquals(new short[] {11, 12, 10, 13}, state);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{'a': [1, 1, 0]}|puzzle_info.csv:2: type t: move a is not a permutation of 0..2 (entry 1 is 1)",
                "{'a': [0, 1, 3]}|puzzle_info.csv:2: type t: move a is not a permutation of 0..2 (entry 2 is 3)",
                "{'a': [0, 1, 2], 'b': [1, 0]}|puzzle_info.csv:2: type t: move b has 2 entries, the first move has 3",
                "{'a': [0, 1, 2], 'a': [1, 0, 2]}|puzzle_info.csv:2: type t: move name a repeats",
                "{'-a': [0, 1, 2]}|puzzle_info.csv:2: type t: move name '-a' is empty, starts with '-' or holds '.', "
                        + "',', ';' or a space",
                "{}|puzzle_info.csv:2: type t: no moves",
                "{'a': [0, 1, x]}|puzzle_info.csv:2: type t: allowed_moves: expected a non-negative integer at "
                        + "character 13",
                "{'a': [0, 1, 2]|puzzle_info.csv:2: type t: allowed_moves: expected ',' or '}' at character 15"
            })
    void refusesABadMoveInOneLine(String moves, String message) {
        String text = PuzzleInfoReader.HEADER + "\nt,\"" + moves + "\"\n";
        assertEquals(
                message,
                assertThrows(SantaFormatException.class, () -> PuzzleInfoReader.read("puzzle_info.csv", text))
                        .getMessage());
    }

    @Test
    void refusesARepeatedTypeAndAWrongHeader() {
        String row = "t,\"{'a': [1, 0]}\"\n";
        assertEquals(
                "puzzle_info.csv:3: type t repeats",
                assertThrows(
                                SantaFormatException.class,
                                () -> PuzzleInfoReader.read(
                                        "puzzle_info.csv", PuzzleInfoReader.HEADER + "\n" + row + row))
                        .getMessage());
        assertEquals(
                "puzzle_info.csv:1: header is 'type,moves', expected 'puzzle_type,allowed_moves'",
                assertThrows(
                                SantaFormatException.class,
                                () -> PuzzleInfoReader.read("puzzle_info.csv", "type,moves\n" + row))
                        .getMessage());
    }
}
