package io.puzzleatlas.jobs.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.RefusedException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** CSV headers: mapped by name in any order, refused when they cannot be mapped; rows wider than their header. */
class CsvRecordsTest {

    private static List<String> read(String content) {
        List<String> out = new ArrayList<>();
        CsvRecords.read(
                content,
                "in.csv",
                (line, start, goal, limit, raw, reason) ->
                        out.add(line + "|" + start + "|" + goal + "|" + limit + "|" + reason));
        return out;
    }

    @Test
    void headerInAnyOrderNamesTheColumns() {
        assertEquals(
                List.of("2|1 2 3 4 5 6 7 0 8|1 2 3 4 5 6 7 8 0|null|null"),
                read("goal,start\n1 2 3 4 5 6 7 8 0,1 2 3 4 5 6 7 0 8\n"));
        assertEquals(List.of("2|1 2 3 4 5 6 7 0 8|null|3|null"), read("step_limit,start\n3,1 2 3 4 5 6 7 0 8\n"));
        assertEquals(List.of("2|1 2 3 4 5 6 7 0 8|null|null|null"), read("\uFEFFstart\n1 2 3 4 5 6 7 0 8\n"));
    }

    @Test
    void rowsWiderThanTheHeaderAreErrors() {
        List<String> rows = read("start\n1 2 3 4 5 6 7 0 8,5\n");
        assertEquals(1, rows.size());
        assertTrue(
                rows.get(0).startsWith("2|null|null|null|extra fields: 2 comma-separated fields, expected at most 1"),
                rows.get(0));
    }

    /**
     * Before: the header became an error row and the rows were read by position (3 became a step limit, the second
     * start a goal).
     */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "start,max_moves|header column 2 'max_moves' is not one of start, scramble, goal, step_limit",
                "start,start|header column 'start' appears twice (columns 1 and 2)",
                "goal|has no 'start' (or 'scramble') column",
                "start,scramble|header columns 1 and 2 both give the start (start, scramble): keep one",
                "Start,GOAL,limit|header column 3 'limit' is not one of start, scramble, goal, step_limit"
            })
    void aHeaderThatCannotBeMappedRefusesTheFile(String header, String reason) {
        RefusedException e = assertThrows(RefusedException.class, () -> read(header + "\n1 2 3 4 5 6 7 0 8,3\n"));
        assertTrue(e.getMessage().startsWith("in.csv: ") && e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void dataRowsAreNeverTakenForAHeader() {
        // a board whose first token is the blank 'x', and a broken step limit on line 1
        assertEquals(List.of("1|x 1 2 3 4 5 6 7 8|null|null|null"), read("x 1 2 3 4 5 6 7 8\n"));
        assertEquals(List.of("1|1 2 3 4 5 6 7 8 0|null|abc|null"), read("1 2 3 4 5 6 7 8 0,,abc\n"));
    }
}
