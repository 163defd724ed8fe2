package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The characters of a definition file: a byte-order mark, the three line ends, blanks that are not spaces, half a
 * surrogate pair, and which characters a move name may hold.
 */
class DefinitionTextTest {
    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private static String refusal(String file, String text) {
        return assertThrows(DefinitionException.class, () -> DefinitionReaderTest.parse(file, text))
                .getMessage();
    }

    /** What a test compares of two definitions: sets, move names, solved labels and the moves' steps. */
    private static String summary(Definition d) {
        MoveSet moves = new MoveSet(d, d.defaultMetric());
        StringBuilder sb = new StringBuilder(d.name() + " " + d.sets() + " " + moves.names());
        for (int s = 0; s < d.sets().size(); s++) {
            sb.append(' ').append(Arrays.toString(d.solvedLabels(s)));
        }
        for (int m = 0; m < moves.steps(); m++) {
            sb.append(' ').append(Arrays.toString(moves.src[m]));
            sb.append(Arrays.toString(moves.add[m]));
        }
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2x2x2.tws", "lrx9.json"})
    void aByteOrderMarkIsSkipped(String name) throws Exception {
        byte[] plain = Files.readAllBytes(DefinitionExamples.path(name));
        byte[] marked = new byte[BOM.length + plain.length];
        System.arraycopy(BOM, 0, marked, 0, BOM.length);
        System.arraycopy(plain, 0, marked, BOM.length, plain.length);
        assertEquals(summary(DefinitionReader.parse(name, plain)), summary(DefinitionReader.parse(name, marked)));
    }

    /** Every line end counts one line: the same file with LF, CRLF and CR alone reads alike and is refused alike. */
    @ParameterizedTest
    @ValueSource(strings = {"\n", "\r\n", "\r"})
    void lfCrlfAndCrEndLinesAlike(String end) throws Exception {
        String tws = Files.readString(DefinitionExamples.path("2x2x2.tws"));
        assertEquals(
                summary(DefinitionReaderTest.parse("c.tws", tws)),
                summary(DefinitionReaderTest.parse("c.tws", tws.replace("\n", end))));
        String comment = "# a comment ends at the line end\nSet A 3 1\nMove M\nA\n2 3 3\nEnd\n";
        assertEquals(
                "c.tws:5: not a permutation of 1..3: 3 repeated in set A",
                refusal("c.tws", comment.replace("\n", end)));
        String json = "{\"moves\": {\n\"L\": [1, 2, 0],\n\"X\": [1, 1, 2]}}";
        assertEquals(
                "c.json:3: not a permutation of 0..2: 1 repeated in move X",
                refusal("c.json", json.replace("\n", end)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u00a0", "\u2007", "\u3000", "\u200b", "\ufeff"})
    void blanksThatAreNotSpacesAreNamed(String blank) {
        String described = DefinitionText.describe(blank.codePointAt(0));
        assertEquals(
                "t.tws:4: unexpected character " + described + " at column 2: separate tokens by plain spaces or tabs",
                refusal("t.tws", "Set A 2 1\nMove M\nA\n2" + blank + "1\nEnd\n"));
        assertEquals(
                "t.json:2: unexpected character " + described + ": separate values by plain spaces, tabs or line ends",
                refusal("t.json", "{\"moves\": {\n\"L\":" + blank + "[1, 0]}}"));
    }

    @Test
    void aNoBreakSpaceIsNamedSo() {
        assertEquals("U+00A0 (no-break space)", DefinitionText.describe(0xa0));
        assertEquals("U+D800 (a lone surrogate, not a character)", DefinitionText.describe(0xd800));
    }

    /**
     * Half a surrogate pair written as a \\u escape is refused; a whole pair (an emoji) is a character like another.
     */
    @Test
    void loneSurrogatesAreRefused() {
        assertEquals(
                "t.json:1: string \"?\" holds U+D800 (a lone surrogate, not a character): a \\u escape of half a "
                        + "surrogate pair is not Unicode text",
                refusal("t.json", "{\"moves\": {\"\\ud800\": [1, 0], \"B\": [0, 1]}}"));
        assertEquals(
                "t.json:1: string \"A?\" holds U+DC00 (a lone surrogate, not a character): a \\u escape of half a "
                        + "surrogate pair is not Unicode text",
                refusal("t.json", "{\"name\": \"A\\udc00\", \"moves\": {\"B\": [1, 0]}}"));
        Definition d = DefinitionReaderTest.parse("t.json", "{\"moves\": {\"\\ud83d\\ude00\": [1, 0]}}");
        assertEquals(List.of("\ud83d\ude00"), new MoveSet(d, Metric.GENERATORS).names());
    }

    /** Letters of any script, digits, punctuation and symbols make names; spaces, controls, format characters not. */
    @Test
    void moveNamesHoldLettersDigitsPunctuationAndSymbols() {
        Definition d =
                DefinitionReaderTest.parse("t.tws", "Set A 2 1\nMove Ré\nA\n2 1\nEnd\nMove Ж+[2]\nA\n2 1\nEnd\n");
        assertEquals(List.of("Ré", "Ж+[2]"), new MoveSet(d, Metric.GENERATORS).names());
        assertEquals(
                "t.json:1: move name \"A?\" holds U+00AD (soft hyphen): a move name is letters, digits, punctuation "
                        + "and symbols, without '",
                refusal("t.json", "{\"moves\": {\"A\u00ad\": [1, 0]}}"));
        assertEquals(
                "t.tws:2: move name \"R'\" holds U+0027 (apostrophe): a move name is letters, digits, punctuation "
                        + "and symbols, without '",
                refusal("t.tws", "Set A 2 1\nMove R'\nA\n2 1\nEnd\n"));
        assertEquals(
                "t.json:1: move name \"A?\" holds U+E000 (private use area e000): a move name is letters, digits, "
                        + "punctuation and symbols, without '",
                refusal("t.json", "{\"moves\": {\"A\ue000\": [1, 0]}}"));
    }
}
