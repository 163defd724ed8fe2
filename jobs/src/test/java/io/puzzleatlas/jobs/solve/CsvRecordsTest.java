package io.puzzleatlas.jobs.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CSV headers in any column order, with a byte-order mark, and rows wider than their header. */
class CsvRecordsTest {

    private static List<String> read(String content) {
        List<String> out = new ArrayList<>();
        CsvRecords.read(content, (line, start, goal, limit, raw, reason) ->
                out.add(line + "|" + start + "|" + goal + "|" + limit + "|" + reason));
        return out;
    }

    @Test
    void headerInAnyOrderNamesTheColumns() {
        assertEquals(List.of("2|1 2 3 4 5 6 7 0 8|1 2 3 4 5 6 7 8 0|null|null"),
                read("goal,start\n1 2 3 4 5 6 7 8 0,1 2 3 4 5 6 7 0 8\n"));
        assertEquals(List.of("2|1 2 3 4 5 6 7 0 8|null|3|null"), read("step_limit,start\n3,1 2 3 4 5 6 7 0 8\n"));
        assertEquals(List.of("2|1 2 3 4 5 6 7 0 8|null|null|null"), read("\uFEFFstart\n1 2 3 4 5 6 7 0 8\n"));
    }

    @Test
    void rowsWiderThanTheHeaderAreErrors() {
        List<String> rows = read("start\n1 2 3 4 5 6 7 0 8,5\n");
        assertEquals(1, rows.size());
        assertEquals(true, rows.get(0).startsWith("2|null|null|null|extra fields: 2 comma-separated fields, expected at most 1"),
                rows.get(0));
    }

    @Test
    void headerWithoutStartIsAnError() {
        List<String> rows = read("goal\n1 2 3 4 5 6 7 8 0\n");
        assertEquals("1|null|null|null|header has no 'start' column", rows.get(0));
        assertEquals(2, rows.size());
    }
}
