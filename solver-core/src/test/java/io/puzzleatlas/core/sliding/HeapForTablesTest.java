package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.table.TableUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heap for every table of a partition is checked before the first is built: with 1 GiB free (the seam), the 4x4's
 * 7-8 tables are refused at once in one line naming both files, nothing built or written, rather than after building
 * the 7-tile table for a minute and then running short at the 8-tile one.
 */
class HeapForTablesTest {
    @TempDir
    Path tables;

    @Test
    void allTablesAreCheckedBeforeAnyIsBuilt() throws Exception {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PatternDatabaseCache cache = new PatternDatabaseCache(
                tables, true, 2, new PrintStream(log, true, StandardCharsets.UTF_8), () -> 1L << 30);
        SlidingSolver solver = new SlidingSolver(puzzle, cache, "7-8");
        for (Runnable work : new Runnable[] {
            () -> solver.buildTables(15),
            () -> solver.solve(
                    puzzle.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"), puzzle.defaultGoal(), Budget.UNLIMITED)
        }) {
            TableUnavailableException e = assertThrows(TableUnavailableException.class, work::run);
            String m = e.getMessage();
            assertEquals(1, m.lines().count(), m);
            assertTrue(m.startsWith("pattern databases missing under " + tables + " ("), m);
            assertTrue(m.contains("MB of heap, 1024 MB available: build them once with 'tables build --puzzle "), m);
            assertEquals(2, m.substring(0, m.indexOf(')')).split(", ").length, m);
        }
        assertEquals("", log.toString(StandardCharsets.UTF_8), "nothing built");
        try (var files = Files.list(tables)) {
            assertEquals(0, files.count());
        }
    }
}
