package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Both file forms into the one model, and every malformed file refused in one line. */
class DefinitionReaderTest {
    private static final String TINY = """
            Name tiny puzzle # of three pieces
            Set A 3 2
            Solved
            A
            1 1 2
            End
            Move M
            A
            2 3 1
            1 0 0
            End
            """;

    /** Characters that make near-valid files when flipped in. */
    private static final String NOISE = "0123456789 \n#{}[],:\"-EndMove";

    static Definition parse(String file, String text) {
        return DefinitionReader.parse(file, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void readsTheTwsForm() {
        Definition cube = DefinitionSpaceTest.example("2x2x2.tws");
        assertEquals("PuzzleGeometryPuzzle", cube.name());
        assertEquals(List.of(new PieceSet("CORNER", 8, 3)), cube.sets());
        assertEquals(
                List.of("F", "B", "D", "U", "L", "R"),
                cube.moves().stream().map(DefinedMove::name).toList());
        assertEquals(Metric.POWERS, cube.defaultMetric());
        DefinedMove f = cube.moves().get(0);
        // F: 7 1 3 2 5 6 4 8 / 2 1 0 2 0 0 1 0, 0-based sources and twists by source slot
        assertEquals(6, f.source(0, 0));
        assertEquals(2, f.twist(0, 0));
        assertFalse(cube.hasIdenticalPieces());
    }

    @Test
    void readsTheJsonForm() {
        Definition coset = DefinitionSpaceTest.example("lrx-coset-16.json");
        assertEquals("lrx-coset-16", coset.name());
        assertEquals(Metric.GENERATORS, coset.defaultMetric());
        assertEquals(
                List.of("L", "X"), coset.moves().stream().map(DefinedMove::name).toList());
        assertTrue(coset.hasIdenticalPieces());
        assertEquals(16, coset.slotCount());
    }

    @Test
    void identicalPiecesAndOptionalRows() {
        Definition d = parse("tiny.tws", TINY);
        assertEquals("tiny puzzle", d.name());
        assertArrayEquals(new int[] {0, 0, 1}, d.solvedLabels(0));
        assertArrayEquals(new int[] {0, 0, 0}, d.solvedOrientations(0));
        assertEquals(2, d.moves().get(0).source(0, 1));
        assertEquals(1, d.moves().get(0).twist(0, 0));
    }

    /** Each case: a file, and the FILE:LINE: message it must give. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "Set A 3 1\\nMove M\\nA\\n1 1 2\\nEnd | t.tws:4: not a permutation of 1..3: 1 repeated in set A",
                "Set A 3 1\\nMove M\\nA\\n1 2 4\\nEnd | t.tws:4: not a permutation of 1..3: 4 out of range in set A",
                "Set A 3 2\\nMove M\\nA\\n2 3 1\\n0 2 0\\nEnd | t.tws:5: twist 2 out of range 0..1 in set A",
                "Set A 3 1\\nMove M\\nB\\n2 3 1\\nEnd | t.tws:3: unknown set B in Move M",
                "Set A 3 1\\nMove M\\nA\\n2 3 1\\n | t.tws:4: missing End of Move M (opened at line 2)",
                "Set A 3 1\\nMove M\\nA\\n2 3 1\\nMove N\\nA\\n1 2 3\\nEnd | t.tws:5: missing End of Move M "
                        + "(opened at line 2) before Move",
                "Set A 3 1\\nSet A 2 1\\nMove M\\nA\\n2 3 1\\nEnd | t.tws:2: duplicate set name A",
                "Set A 3 1\\nMove M\\nA\\n2 3 1\\nEnd\\nMove M\\nA\\n2 3 1\\nEnd | t.tws:6: duplicate move name M",
                "Set A 3 1\\n | t.tws:1: no Move: the move list is empty",
                "Set A 3 1\\nIllegal A 1\\n | t.tws:2: unsupported keyword Illegal (supported: Name, Set, "
                        + "Solved, Move, End)",
                "Set A 99999999999 1\\n | t.tws:1: number too large: 99999999999",
                "Set A 5000 1\\n | t.tws:1: number too large: 5000 (at most 4096)",
                "Set A 3 1\\nMove M\\nA\\n2 3\\nEnd | t.tws:5: set A needs 3 numbers, found 2",
                "Set A 3 1\\nSolved\\nA\\n1 2 4\\nEnd\\nMove M\\nA\\n2 3 1\\nEnd | t.tws:4: piece 4 out of "
                        + "range 1..3 in set A",
                "Set A 3 3\\nSolved\\nA\\n1 2 3\\n0 3 0\\nEnd\\nMove M\\nA\\n2 3 1\\nEnd | t.tws:5: "
                        + "orientation 3 out of range 0..2 in set A",
                "{\"moves\": {\"L\": [1, 1, 0]}} | t.json:1: not a permutation of 0..2: 1 repeated in move L",
                "{\"moves\": {\"L\": [1, 2, 0], \"X\": [1, 0]}} | t.json:1: move X has 2 points, the first move 3",
                "{\"moves\": {}} | t.json:1: the move list is empty",
                "{\"moves\": {\"L\": [1, 2, 0]}, \"colours\": 3} | t.json:1: unsupported key colours "
                        + "(supported: name, moves, solved)",
                "{\"moves\": {\"L\": [1, 2, 0]}, \"moves\": {}} | t.json:1: duplicate key moves",
                "{\"moves\": {\"L\": [1, 2, 0]}, \"solved\": [0, 1]} | t.json:1: solved has 2 labels for 3 points",
                "{\"moves\":\\n {\"L\": [1, 2, 0.5]}} | t.json:2: expected a whole number",
                "{\"moves\": {\"L\": [1, 2, 0]} | t.json:1: unexpected end of file",
                "{\"a\\u0001b\": 1, \"moves\": {\"L\": [1, 2, 0]}} | t.json:1: unsupported key a?b (supported: "
                        + "name, moves, solved)",
                "{\"moves\": {\"L\\tM\": [1, 2, 0]}} | t.json:1: move name \"L?M\" holds U+0009 (character "
                        + "tabulation): a move name is letters, digits, punctuation and symbols, without '",
                "Set 1 2 3\\nSet 0 1 1\\nMove M\\n1\\n2 1\\nEnd | t.tws:1: set name 1 is a number: name a set with a "
                        + "word that is neither a number nor Name, Set, Solved, Move, End",
                "Set End 2 1\\n | t.tws:1: set name End is a keyword: name a set with a word that is neither a number "
                        + "nor Name, Set, Solved, Move, End",
                "Set A 2 1\\nSet B 4000 5\\n | t.tws:2: 20,002 points (slots x orientations) in all, more than the "
                        + "16,384 a definition may have",
                "Set A 3 1\\nMove M\\nA\\n2 3 x\\nEnd | t.tws:4: set A needs 3 numbers, found 2, then x",
            })
    void refusesWithFileAndLine(String text, String message) {
        String file = message.substring(0, message.indexOf(':'));
        DefinitionException e = assertThrows(DefinitionException.class, () -> parse(file, text.replace("\\n", "\n")));
        assertEquals(message.strip(), e.getMessage());
    }

    @Test
    void refusesBinaryAndHugeLines() {
        byte[] binary = {'S', 'e', 't', ' ', 0, 1, 2, '\n'};
        assertEquals(
                "b.tws:1: binary data (byte 0x00): not a definition text",
                assertThrows(DefinitionException.class, () -> DefinitionReader.parse("b.tws", binary))
                        .getMessage());
        byte[] huge = new byte[10 << 20];
        Arrays.fill(huge, (byte) '1');
        assertTrue(assertThrows(DefinitionException.class, () -> DefinitionReader.parse("h.tws", huge))
                .getMessage()
                .startsWith("h.tws:1: line longer than"));
        byte[] notUtf8 = {'S', 'e', 't', ' ', (byte) 0xff, '\n'};
        assertEquals(
                "u.tws:1: not UTF-8 text",
                assertThrows(DefinitionException.class, () -> DefinitionReader.parse("u.tws", notUtf8))
                        .getMessage());
    }

    /**
     * Random truncations and byte flips of every example: each outcome is a model or a DefinitionException with a
     * one-line FILE:LINE: message, never another throwable.
     */
    @Test
    void fuzzedExamplesGiveAModelOrOneLine() throws Exception {
        SplittableRandom random = new SplittableRandom(2026);
        for (String name : List.of("2x2x2.tws", "twisty-small.tws", "lrx9.json", "lrx-coset-16.json")) {
            byte[] original = Files.readAllBytes(DefinitionExamples.path(name));
            for (int trial = 0; trial < 1500; trial++) {
                byte[] bytes = trial % 3 == 0
                        ? Arrays.copyOf(original, random.nextInt(original.length + 1))
                        : original.clone();
                if (trial % 3 != 0) {
                    for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
                        int at = random.nextInt(bytes.length);
                        bytes[at] = trial % 3 == 1
                                ? (byte) random.nextInt(256)
                                : (byte) NOISE.charAt(random.nextInt(NOISE.length()));
                    }
                }
                try {
                    Definition d = DefinitionReader.parse(name, bytes);
                    new DefinitionGroup(new MoveSet(d, d.defaultMetric())).order();
                } catch (DefinitionException e) {
                    String m = e.getMessage();
                    if (!m.startsWith(name + ":") || m.contains("\n")) {
                        fail("not one FILE:LINE: line: " + m);
                    }
                } catch (IllegalArgumentException e) {
                    // a model whose every move is the identity, refused when its moves are made
                    assertTrue(e.getMessage().contains("identity"), e.getMessage());
                } catch (Throwable t) {
                    throw new AssertionError(name + " trial " + trial + ": " + t, t);
                }
            }
        }
    }
}
