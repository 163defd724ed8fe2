package io.puzzleatlas.core.judge;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;

/**
 * Whitespace-separated tokens from a stream, each with its 1-based ordinal, line and column, for judge inputs whose
 * tokens may be split over lines in any way. Reads through a buffer; tokens longer than {@link #MAX_TOKEN} characters
 * are cut and reported as such by parsers.
 */
public final class TokenReader {
    public static final int MAX_TOKEN = 64;
    private final Reader in;
    private final char[] buffer = new char[1 << 16];
    private int length;
    private int pos;
    private int line = 1;
    private int column;
    private long ordinal;
    private int tokenLine;
    private int tokenColumn;
    private final StringBuilder token = new StringBuilder();

    public TokenReader(Reader in) {
        this.in = in;
    }

    private int read() {
        if (pos == length) {
            try {
                length = in.read(buffer, 0, buffer.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            pos = 0;
            if (length <= 0) {
                length = 0;
                return -1;
            }
        }
        return buffer[pos++];
    }

    /** The next token, or null at the end of the input. */
    public String next() {
        int ch = read();
        while (ch != -1 && Character.isWhitespace(ch)) {
            advance(ch);
            ch = read();
        }
        if (ch == -1) {
            return null;
        }
        token.setLength(0);
        tokenLine = line;
        tokenColumn = column + 1;
        while (ch != -1 && !Character.isWhitespace(ch)) {
            column++;
            if (token.length() < MAX_TOKEN) {
                token.append((char) ch);
            }
            ch = read();
        }
        if (ch != -1) {
            advance(ch);
        }
        ordinal++;
        return token.toString();
    }

    private void advance(int ch) {
        if (ch == '\n') {
            line++;
            column = 0;
        } else {
            column++;
        }
    }

    /** Where the last token returned by {@link #next} starts: "token N (line L, column C)". */
    public String position() {
        return "token " + ordinal + " (line " + tokenLine + ", column " + tokenColumn + ")";
    }
}
