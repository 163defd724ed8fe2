package io.puzzleatlas.core.definition;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads a definition file of either form into a {@link Definition}: {@code .json} (or text opening with <code>{</code>)
 * as a generator list, anything else as the ksolve/twsearch text form. The bytes are checked before any parsing (size,
 * text, line length), so a huge or binary file is refused in one line instead of filling the heap.
 */
public final class DefinitionReader {
    /** Largest file read. */
    public static final int MAX_FILE_BYTES = 16 << 20;
    /** Longest line accepted. */
    public static final int MAX_LINE_CHARS = 1 << 20;
    /** Largest number of slots of one set. */
    public static final int MAX_SLOTS = 1 << 12;
    /**
     * Largest number of points (slots times orientations, over all sets): what the group of the moves is computed on.
     */
    public static final int MAX_POINTS = 1 << 14;
    /** Largest number of orientations of a set. */
    public static final int MAX_ORIENTATIONS = 256;
    /** Largest number of moves. */
    public static final int MAX_MOVES = 1 << 12;

    private static final byte[] UTF8_BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};

    private DefinitionReader() {}

    /** Reads {@code path}; refuses it with a {@link DefinitionException} naming the line. */
    public static Definition read(Path path) {
        String file = path.toString();
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(MAX_FILE_BYTES + 1);
        } catch (IOException e) {
            throw new DefinitionException(file, 0, "cannot read: " + e.getMessage());
        }
        return parse(file, bytes);
    }

    /** Parses the bytes of a file named {@code file} (the name picks the form and labels the errors). */
    public static Definition parse(String file, byte[] bytes) {
        String text = text(file, bytes);
        boolean json = file.toLowerCase(Locale.ROOT).endsWith(".json")
                || text.stripLeading().startsWith("{");
        return json ? new JsonDefinitionParser(file, text).parse() : new TwsParser(file, text).parse();
    }

    /**
     * The bytes as text: no more than the limits, UTF-8 (a leading byte-order mark skipped), no control characters but
     * tabs and line ends. Lines end in LF, CRLF or CR alone ({@link #isLineEnd}).
     */
    static String text(String file, byte[] bytes) {
        if (bytes.length > MAX_FILE_BYTES) {
            throw new DefinitionException(file, 0, "larger than " + (MAX_FILE_BYTES >> 20) + " MiB");
        }
        int start = hasByteOrderMark(bytes) ? UTF8_BOM.length : 0;
        int line = 1;
        int lineStart = start;
        for (int i = start; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            if (b == '\n' || b == '\r' && (i + 1 == bytes.length || bytes[i + 1] != '\n')) {
                line++;
                lineStart = i + 1;
            } else if (b < 0x20 && b != '\t' && b != '\r' && b != '\f' || b == 0x7f) {
                throw new DefinitionException(
                        file, line, String.format(Locale.ROOT, "binary data (byte 0x%02x): not a definition text", b));
            } else if (i - lineStart >= MAX_LINE_CHARS) {
                throw new DefinitionException(file, line, "line longer than " + MAX_LINE_CHARS + " characters");
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, start, bytes.length - start))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new DefinitionException(file, 1, "not UTF-8 text");
        }
    }

    private static boolean hasByteOrderMark(byte[] bytes) {
        int n = UTF8_BOM.length;
        return bytes.length >= n && Arrays.equals(bytes, 0, n, UTF8_BOM, 0, n);
    }

    /**
     * Whether the character at {@code i} ends a line: an LF, or a CR not followed by an LF (a CRLF ends at its LF), so
     * that the line numbers of every message count LF, CRLF and CR files alike.
     */
    static boolean isLineEnd(CharSequence text, int i) {
        char c = text.charAt(i);
        return c == '\n' || c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n');
    }

    /** Dense labels 0..k-1 of {@code values} in increasing value order; {@code texts} receives each label's text. */
    static int[] denseLabels(int[] values, String[][] texts, int set) {
        int[] sorted = values.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[distinct++] = sorted[i];
            }
        }
        String[] t = new String[distinct];
        for (int i = 0; i < distinct; i++) {
            t[i] = Integer.toString(sorted[i]);
        }
        texts[set] = t;
        int[] labels = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            labels[i] = Arrays.binarySearch(sorted, 0, distinct, values[i]);
        }
        return labels;
    }
}
