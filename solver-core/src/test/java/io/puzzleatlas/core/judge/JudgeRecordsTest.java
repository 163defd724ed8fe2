package io.puzzleatlas.core.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Judge files are streamed record by record: a file is never read further than its next record. */
class JudgeRecordsTest {

    private static JudgeRecords records(String puzzle, Reader in) {
        PuzzleHandle handle = PuzzleHandle.resolve(puzzle);
        return JudgeKind.records(handle.kind(), handle.puzzle(), in);
    }

    @Test
    void anEndlessFileGivesItsFirstRecordsWithoutReadingOn() {
        String line = "8 6 7 2 5 4 3 0 1\r\n";
        Reader endless = new Reader() {
            private long pos;

            @Override
            public int read(char[] buf, int off, int len) {
                for (int i = 0; i < len; i++) {
                    buf[off + i] = line.charAt((int) (pos++ % line.length()));
                }
                return len;
            }

            @Override
            public void close() {}
        };
        JudgeRecords records = records("eight-puzzle", endless);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            records.next((lineNo, start, goal, limit, raw, reason) -> {
                if (seen.size() < 3) {
                    seen.add(lineNo + ":" + start + ":" + raw);
                }
            });
        }
        assertEquals(
                List.of(
                        "1:8 6 7 2 5 4 3 0 1:8 6 7 2 5 4 3 0 1",
                        "2:8 6 7 2 5 4 3 0 1:8 6 7 2 5 4 3 0 1",
                        "3:8 6 7 2 5 4 3 0 1:8 6 7 2 5 4 3 0 1"),
                seen);
    }

    @Test
    void magicBoardRecordsSpanLinesAndLinesAfterTheEndAreReported() {
        List<String> seen = new ArrayList<>();
        JudgeRecords records =
                records("magic-board", new StringReader("4\n5 8 3 2\n\n4 1 6 7\n2 1 2 3 4\n5 6 7 8\n7\n-1\nlate\n"));
        while (records.next((lineNo, start, goal, limit, raw, reason) ->
                seen.add(lineNo + "|" + goal + "|" + limit + "|" + reason))) {
            // one record per call
        }
        assertEquals(
                List.of(
                        "1|5 8 3 2 4 1 6 7|4|null",
                        "5|1 2 3 4 5 6 7 8|2|null",
                        "7||7|input ends after 0 of 8 board tokens",
                        "9|null|null|after the end-of-input line 8"),
                seen);
    }
}
