package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code allowed_moves} column: a Python dict literal, {@code {'name': [0, 2, 1], ...}}, names in single (or
 * double) quotes, values lists of non-negative integers. Scanned by hand, one pass, no intermediate strings per entry.
 */
final class MoveDictParser {
    private final String text;
    private int at;
    final List<String> names = new ArrayList<>();
    final List<int[]> perms = new ArrayList<>();

    /** @throws IllegalArgumentException (one line, naming the character offset) on anything else */
    MoveDictParser(String text) {
        this.text = text;
        expect('{');
        skipSpace();
        if (peek() == '}') {
            at++;
        } else {
            while (true) {
                names.add(name());
                expect(':');
                perms.add(list());
                skipSpace();
                char c = next();
                if (c == '}') {
                    break;
                }
                if (c != ',') {
                    throw error("expected ',' or '}'");
                }
                skipSpace();
                if (peek() == '}') {
                    at++;
                    break;
                }
            }
        }
        skipSpace();
        if (at < text.length()) {
            throw error("text after the closing '}'");
        }
    }

    private String name() {
        skipSpace();
        char quote = next();
        if (quote != '\'' && quote != '"') {
            throw error("expected a quoted move name");
        }
        int end = text.indexOf(quote, at);
        if (end < 0) {
            throw error("unclosed move name");
        }
        String name = text.substring(at, end);
        at = end + 1;
        return name;
    }

    private int[] list() {
        expect('[');
        int[] values = new int[64];
        int n = 0;
        skipSpace();
        if (peek() == ']') {
            at++;
            return new int[0];
        }
        while (true) {
            skipSpace();
            int start = at;
            long v = 0;
            while (at < text.length() && Character.isDigit(text.charAt(at)) && v <= Integer.MAX_VALUE) {
                v = v * 10 + (text.charAt(at++) - '0');
            }
            if (at == start || v > Integer.MAX_VALUE) {
                throw error("expected a non-negative integer", start);
            }
            if (n == values.length) {
                values = Arrays.copyOf(values, 2 * n);
            }
            values[n++] = (int) v;
            skipSpace();
            char c = next();
            if (c == ']') {
                return Arrays.copyOf(values, n);
            }
            if (c != ',') {
                throw error("expected ',' or ']'");
            }
        }
    }

    private void expect(char c) {
        skipSpace();
        if (next() != c) {
            throw error("expected '" + c + "'");
        }
    }

    private char peek() {
        return at < text.length() ? text.charAt(at) : '\0';
    }

    private char next() {
        char c = peek();
        at++;
        return c;
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    /** Refuses the character just read. */
    private IllegalArgumentException error(String reason) {
        return error(reason, Math.max(0, at - 1));
    }

    private static IllegalArgumentException error(String reason, int offset) {
        return new IllegalArgumentException("allowed_moves: " + reason + " at character " + offset);
    }
}
