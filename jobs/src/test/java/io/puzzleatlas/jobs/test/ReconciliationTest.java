package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is lost: every record of a mixed input lands in results with the right status or in errors with the right
 * reason and line, and read = results + errors.
 */
@Tag("slow")
class ReconciliationTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void everyRecordOfAMixedCsvLandsWithTheRightStatusOrReason() throws IOException {
        // line -> expected status (results) or "error: reason fragment" (errors)
        Map<String, String> lines = new LinkedHashMap<>();
        lines.put("1 2 3 4 5 6 7 8 0", "SOLVED");
        lines.put("1 2 3 x 4 6 7 5 8,1 2 3 4 5 6 7 8 x", "SOLVED");
        lines.put("1 2 3 4 5 6 8 7 0", "UNSOLVABLE");
        lines.put("8 6 7 2 5 4 3 0 1,,5", "OVER_LIMIT");
        lines.put("1 2 3 4 5 6 7 0 8,1 2 3 4 5 6 7 8 0,3", "SOLVED");
        lines.put("1 2 3 4 5 6 7 8", "error: expected 9 tokens for eight-puzzle, got 8");
        lines.put("1 2 3 4 5 6 7 8 0 9", "error: expected 9 tokens for eight-puzzle, got 10");
        lines.put("1 2 3 4 5 6 7 7 0", "error: tile 7 appears twice");
        lines.put("1 2 3 a b 6 7 8 0", "error: 'a' is not a number");
        lines.put("1 2 3 4 5 6 7 8 9", "error: '9' is out of range");
        lines.put("", "error: empty line");
        lines.put("1 2 3 4 5 6 7 8 99999999999999999999", "error: is not a value in range");
        lines.put("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0", "error: got 16");
        lines.put("1 2 3 4 5 6 7 8 0,,abc", "error: step limit 'abc'");
        lines.put("1 2 3 4 5 6 7 8 0,,-1", "error: step limit '-1'");
        lines.put("1 2 3 4 5 6 7 8 0,1 2 3,4,5", "error: extra fields");
        lines.put("1 2 3 4 5 6 7 8 0,1 2 3 4 5 6 7 8 8", "error: tile 8 appears twice");
        lines.put("x x 1 2 3 4 5 6 7", "error: the blank appears twice");
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (String line : lines.keySet()) {
            file.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        }
        // Binary junk: bytes that are not UTF-8 text at all.
        file.write(new byte[] {0x00, 0x01, (byte) 0xFF, (byte) 0xFE, (byte) 0x80, 0x20, 0x07, '\n'});
        Path input = tmp.resolve("mixed.csv");
        Files.write(input, file.toByteArray());
        Path out = tmp.resolve("out");

        run("solve", "--puzzle", "eight-puzzle", "--input", input, "--output", out);

        List<Row> results = parquet(out, "results").collectAsList();
        List<Row> errors = parquet(out, "errors").collectAsList();
        assertEquals(lines.size() + 1, results.size() + errors.size(), "read = results + errors");

        Map<Long, String> statusByLine = new HashMap<>();
        for (Row r : results) {
            statusByLine.put(r.getLong(r.fieldIndex("instance_id")), r.getString(r.fieldIndex("status")));
            if (r.getLong(r.fieldIndex("instance_id")) == 2) {
                // Boards are written in the canonical text form whatever the input's spelling.
                assertEquals("1 2 3 0 4 6 7 5 8", r.getString(r.fieldIndex("start")));
                assertEquals("1 2 3 4 5 6 7 8 0", r.getString(r.fieldIndex("goal")));
                assertEquals("rdr", r.getString(r.fieldIndex("moves")));
            }
        }
        Map<Long, Row> errorByLine = new HashMap<>();
        for (Row r : errors) {
            Assertions.assertTrue(r.getString(r.fieldIndex("source")).endsWith("mixed.csv"));
            errorByLine.put(r.getLong(r.fieldIndex("line")), r);
        }
        long lineNo = 0;
        for (Map.Entry<String, String> e : lines.entrySet()) {
            lineNo++;
            String expected = e.getValue();
            if (expected.startsWith("error: ")) {
                Row err = errorByLine.get(lineNo);
                Assertions.assertTrue(err != null, "line " + lineNo + " '" + e.getKey() + "' should be in errors");
                String reason = err.getString(err.fieldIndex("reason"));
                Assertions.assertTrue(
                        reason.contains(expected.substring(7)), "line " + lineNo + ": reason '" + reason + "'");
                assertEquals(e.getKey(), err.getString(err.fieldIndex("raw")));
            } else {
                assertEquals(expected, statusByLine.get(lineNo), "line " + lineNo + " '" + e.getKey() + "'");
            }
        }
        Row junk = errorByLine.get(lineNo + 1);
        Assertions.assertTrue(
                junk != null
                        && junk.getString(junk.fieldIndex("reason")).contains("expected 9 tokens for eight-puzzle"),
                "binary junk line: " + junk);
    }

    @Test
    void overLimitKeepsTheLengthAndBudgetExceededGuessesNothing() throws IOException {
        Path input = Files.writeString(
                tmp.resolve("fifteen.csv"),
                "start,goal,step_limit\n"
                        + "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15,,\n"
                        + "15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 0,,\n"
                        + "1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15,,2\n");
        Path out = tmp.resolve("out");
        run("solve", "--puzzle", "fifteen-puzzle", "--input", input, "--output", out, "--max-nodes", 20000);
        Map<Long, Row> byLine = new HashMap<>();
        for (Row r : parquet(out, "results").collectAsList()) {
            byLine.put(r.getLong(r.fieldIndex("instance_id")), r);
        }
        assertEquals(3, byLine.size());
        assertEquals("SOLVED", byLine.get(2L).getString(byLine.get(2L).fieldIndex("status")));
        assertEquals("r", byLine.get(2L).getString(byLine.get(2L).fieldIndex("moves")));
        Row hard = byLine.get(3L);
        assertEquals("BUDGET_EXCEEDED", hard.getString(hard.fieldIndex("status")));
        Assertions.assertTrue(hard.isNullAt(hard.fieldIndex("moves")) && hard.isNullAt(hard.fieldIndex("length")));
        Row over = byLine.get(4L);
        assertEquals("OVER_LIMIT", over.getString(over.fieldIndex("status")));
        assertEquals(3, over.getInt(over.fieldIndex("length")));
        Assertions.assertTrue(over.isNullAt(over.fieldIndex("moves")));
        assertEquals(2, over.getInt(over.fieldIndex("step_limit")));
    }

    @Test
    void judgeFormatRecordsAreKeptApartAndNothingAfterTheEndMarkerIsDropped() throws IOException {
        Path input = Files.writeString(
                tmp.resolve("magic.txt"),
                String.join(
                                "\n",
                                "4",
                                "5 8 3 2",
                                "4 1 6 7",
                                "x",
                                "5 8 3 2",
                                "4 1 6 7",
                                "3",
                                "1 2 3 4",
                                "8 7 6 5 9",
                                "2",
                                "1 2 3 4",
                                "8 7 6 6",
                                "-1",
                                "5",
                                "5 8 3 2 4 1 6 7")
                        + "\n");
        Path out = tmp.resolve("out");
        run("solve", "--puzzle", "magic-board", "--input", input, "--output", out, "--format", "judge");
        List<Row> results = parquet(out, "results").collectAsList();
        assertEquals(1, results.size());
        assertEquals(
                "4 ACCB",
                results.get(0).getInt(results.get(0).fieldIndex("length")) + " "
                        + results.get(0).getString(results.get(0).fieldIndex("moves")));
        Map<Long, String> reasons = new HashMap<>();
        for (Row r : parquet(out, "errors").collectAsList()) {
            reasons.put(r.getLong(r.fieldIndex("line")), r.getString(r.fieldIndex("reason")));
        }
        assertEquals(5, reasons.size(), reasons.toString());
        Assertions.assertTrue(reasons.get(4L).contains("step limit 'x'"), reasons.toString());
        Assertions.assertTrue(reasons.get(7L).contains("extra tokens: 9 board tokens"), reasons.toString());
        Assertions.assertTrue(
                reasons.get(10L).contains("8 appears twice") || reasons.get(10L).contains("6 appears twice"),
                reasons.toString());
        Assertions.assertTrue(reasons.get(14L).contains("after the end-of-input line 13"), reasons.toString());
        Assertions.assertTrue(reasons.get(15L).contains("after the end-of-input line 13"), reasons.toString());
    }
}
