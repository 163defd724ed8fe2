package io.puzzleatlas.core.santa;

import java.util.ArrayList;
import java.util.List;

/**
 * The CSV the competition's files use: one record a line ({@code \n}, a trailing {@code \r} dropped), fields separated
 * by commas, a field in double quotes may hold commas ({@code ""} is a quote). The first line is a header that must
 * equal the expected one; a last empty line is the file's final newline.
 */
final class CsvText {
    private final String file;
    private final String[] lines;

    /** @throws SantaFormatException when the header is not {@code header} */
    CsvText(String file, String text, String header) {
        this.file = file;
        String[] split = text.split("\n", -1);
        int n = split.length;
        if (n > 0 && split[n - 1].isEmpty()) {
            n--;
        }
        lines = new String[n];
        for (int i = 0; i < n; i++) {
            String l = split[i];
            lines[i] = l.endsWith("\r") ? l.substring(0, l.length() - 1) : l;
        }
        String first = n == 0 ? "" : lines[0].startsWith("\uFEFF") ? lines[0].substring(1) : lines[0];
        if (!first.equals(header)) {
            throw error(1, "header is '" + shorten(first) + "', expected '" + header + "'");
        }
    }

    /** Records after the header. */
    int records() {
        return lines.length - 1;
    }

    /** The 1-based line number of record {@code r} (0-based, after the header). */
    int line(int r) {
        return r + 2;
    }

    /** The fields of record {@code r}, exactly {@code count} of them. */
    List<String> fields(int r, int count) {
        String l = lines[r + 1];
        List<String> out = new ArrayList<>(count);
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < l.length(); i++) {
            char c = l.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < l.length() && l.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw error(line(r), "unclosed double quote");
        }
        out.add(field.toString());
        if (out.size() != count) {
            throw error(line(r), out.size() + " fields, expected " + count);
        }
        return out;
    }

    SantaFormatException error(int line, String reason) {
        return new SantaFormatException(file, line, reason);
    }

    /** At most 40 characters of {@code s}, for messages that quote the input. */
    static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
