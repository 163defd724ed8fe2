package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.RefusedException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * CSV input of {@code solve}: one instance per line, {@code start[,goal][,step_limit]}, with an optional header line;
 * the header may name a {@code scramble} column instead of {@code start} (move names from the solved state). Without a
 * header, fields are read by position; with two fields the second is a goal when it holds several tokens (a board) and
 * a step limit when it holds one. With a header, its names map the columns in any order; a header naming an unknown
 * column, a column twice, or no {@code start} refuses the whole file, since reading its rows by position would silently
 * misread them. Every other line is a record, an empty one included (it is reported, not skipped).
 *
 * <p>The header is decided once per file on the driver ({@link #header}), so the lines themselves can be read split by
 * split ({@link #record}).
 */
final class CsvRecords {
    static final List<String> COLUMNS = List.of("start", "goal", "step_limit");
    /** The header word of a start given as a scramble: move names applied to the solved state. */
    static final String SCRAMBLE = "scramble";
    /**
     * What a start read from a {@code scramble} column begins with, up to the record's check ({@link RecordParser}),
     * which plays the moves (a board's text never holds a colon).
     */
    static final String SCRAMBLE_MARK = "scramble: ";
    /** A header field: one word. Data fields are boards (several tokens), numbers or empty. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private CsvRecords() {}

    /** Reads a whole file's content (tests, small inputs): the same rules as the split reader. */
    static void read(String content, String source, RecordSink sink) {
        String[] lines = content.split("\n", -1);
        int count = content.endsWith("\n") ? lines.length - 1 : lines.length;
        int[] columns = count == 0 ? null : header(stripCr(lines[0]), source);
        for (int i = columns == null ? 0 : 1; i < count; i++) {
            String line = stripCr(lines[i]);
            record(i + 1, i == 0 ? stripBom(line) : line, columns, sink);
        }
    }

    private static String stripCr(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /** {@code line} without a leading UTF-8 byte-order mark. */
    static String stripBom(String line) {
        return !line.isEmpty() && line.charAt(0) == '\uFEFF' ? line.substring(1) : line;
    }

    /**
     * The column positions (start, goal, step_limit; -1 when absent) named by {@code firstLine}, then 1 when the start
     * is a {@code scramble} column (else 0), or null when it is a data row. A header is a line whose non-empty fields
     * are all single words. Throws {@link RefusedException} naming {@code source} for a header that cannot be mapped.
     */
    static int[] header(String firstLine, String source) {
        String line = stripBom(firstLine);
        String[] names = line.split(",", -1);
        boolean anyName = false;
        for (String f : names) {
            String t = f.trim();
            if (!t.isEmpty() && !NAME.matcher(t).matches()) {
                return null;
            }
            anyName |= !t.isEmpty();
        }
        if (!anyName) {
            return null;
        }
        int[] columns = {-1, -1, -1, 0};
        for (int i = 0; i < names.length; i++) {
            String name = names[i].trim().toLowerCase(Locale.ROOT);
            boolean scramble = name.equals(SCRAMBLE); // the start as the moves leading to it from the solved state
            int c = scramble ? 0 : COLUMNS.indexOf(name);
            if (c == 0 && columns[0] >= 0 && (scramble || columns[3] == 1)) {
                throw new RefusedException(source + ": header columns " + (columns[0] + 1) + " and " + (i + 1)
                        + " both give the start (start, scramble): keep one");
            }
            columns[3] |= scramble ? 1 : 0;
            if (c < 0) {
                throw new RefusedException(source + ": header column " + (i + 1) + " '" + names[i].trim()
                        + "' is not one of start, scramble, goal, step_limit");
            }
            if (columns[c] >= 0) {
                throw new RefusedException(source + ": header column '" + name + "' appears twice (columns "
                        + (columns[c] + 1) + " and " + (i + 1) + ")");
            }
            columns[c] = i;
        }
        if (columns[0] < 0) {
            throw new RefusedException(
                    source + ": header " + Arrays.toString(names) + " has no 'start' (or 'scramble') column");
        }
        return columns;
    }

    /** One data line (line terminator and, on line 1, byte-order mark removed) as a record. */
    static void record(long lineNo, String line, int[] columns, RecordSink sink) {
        if (line.isBlank()) {
            sink.accept(lineNo, null, null, null, line, "empty line");
            return;
        }
        String[] fields = line.split(",", -1);
        int expected = COLUMNS.size();
        for (int c = 0; columns != null && c < COLUMNS.size(); c++) {
            expected -= columns[c] < 0 ? 1 : 0;
        }
        if (fields.length > expected) {
            sink.accept(
                    lineNo,
                    null,
                    null,
                    null,
                    line,
                    "extra fields: " + fields.length + " comma-separated fields, expected at most " + expected
                            + " (start[,goal][,step_limit])");
            return;
        }
        String start;
        String goal = null;
        String limit = null;
        if (columns != null) {
            start = field(fields, columns[0]);
            goal = field(fields, columns[1]);
            limit = field(fields, columns[2]);
        } else {
            start = field(fields, 0);
            if (fields.length == 2) {
                String second = field(fields, 1);
                if (second != null && second.split("\\s+").length > 1) {
                    goal = second;
                } else {
                    limit = second;
                }
            } else if (fields.length == 3) {
                goal = field(fields, 1);
                limit = field(fields, 2);
            }
        }
        if (columns != null && columns[3] == 1 && start != null) {
            start = SCRAMBLE_MARK + start;
        }
        sink.accept(lineNo, start == null ? "" : start, goal, limit, line, null);
    }

    /** The trimmed field, null when absent or empty. */
    private static String field(String[] fields, int index) {
        if (index < 0 || index >= fields.length) {
            return null;
        }
        String f = fields[index].trim();
        return f.isEmpty() ? null : f;
    }
}
