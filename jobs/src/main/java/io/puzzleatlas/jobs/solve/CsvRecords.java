package io.puzzleatlas.jobs.solve;

import java.util.Locale;

/**
 * CSV input of {@code solve}: one instance per line, {@code start[,goal][,step_limit]}, with an
 * optional header line naming those columns. With two fields and no header, the second is a
 * goal when it holds several tokens (a board) and a step limit when it holds one. Every line is
 * a record, an empty one included (it is reported, not skipped).
 */
final class CsvRecords {
    private static final String[] COLUMNS = {"start", "goal", "step_limit"};

    private CsvRecords() {
    }

    static void read(String content, RecordSink sink) {
        int[] columns = null;
        long lineNo = 0;
        int pos = 0;
        int n = content.length();
        while (pos < n) {
            int end = content.indexOf('\n', pos);
            if (end < 0) {
                end = n;
            }
            String line = content.substring(pos, end > pos && content.charAt(end - 1) == '\r' ? end - 1 : end);
            pos = end + 1;
            lineNo++;
            if (lineNo == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
                line = line.substring(1); // a UTF-8 byte-order mark
            }
            if (lineNo == 1 && isHeader(line)) {
                columns = header(line, sink);
                continue;
            }
            record(lineNo, line, columns, sink);
        }
    }

    /** A header names at least one column; a data row never does (its fields are boards and numbers). */
    private static boolean isHeader(String line) {
        for (String f : line.split(",", -1)) {
            if (java.util.Arrays.asList(COLUMNS).contains(f.trim().toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    /** Column positions of start, goal, step_limit; a bad header is itself an error record. */
    private static int[] header(String line, RecordSink sink) {
        String[] names = line.split(",", -1);
        int[] columns = {-1, -1, -1};
        for (int i = 0; i < names.length; i++) {
            String name = names[i].trim().toLowerCase(Locale.ROOT);
            int c = java.util.Arrays.asList(COLUMNS).indexOf(name);
            if (c < 0 || columns[c] >= 0) {
                sink.accept(1, null, null, null, RecordSink.raw(line),
                        "header column '" + names[i].trim() + "' is " + (c < 0 ? "not one of start, goal, step_limit" : "repeated"));
                return null;
            }
            columns[c] = i;
        }
        if (columns[0] < 0) {
            sink.accept(1, null, null, null, RecordSink.raw(line), "header has no 'start' column");
            return null;
        }
        return columns;
    }

    private static void record(long lineNo, String line, int[] columns, RecordSink sink) {
        String raw = RecordSink.raw(line);
        if (line.isBlank()) {
            sink.accept(lineNo, null, null, null, raw, "empty line");
            return;
        }
        String[] fields = line.split(",", -1);
        int expected = columns == null ? COLUMNS.length : (int) java.util.Arrays.stream(columns).filter(c -> c >= 0).count();
        if (fields.length > expected) {
            sink.accept(lineNo, null, null, null, raw, "extra fields: " + fields.length
                    + " comma-separated fields, expected at most " + expected + " (start[,goal][,step_limit])");
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
        sink.accept(lineNo, start == null ? "" : start, goal, limit, raw, null);
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
