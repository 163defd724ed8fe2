package io.puzzleatlas.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped benchmark boards are exactly what the generator writes, and all solvable. */
class FifteenBoardsTest {
    @Test
    void shippedFileIsReproducible() throws IOException {
        Path file = Paths.get("..").resolve(FifteenBoards.FILE);
        assertEquals(
                FifteenBoards.lines(FifteenBoards.COUNT, FifteenBoards.SEED),
                Files.readAllLines(file, StandardCharsets.US_ASCII));
        List<String> starts = FifteenBoards.read(file);
        assertEquals(100, starts.size());
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        for (String s : starts) {
            assertTrue(puzzle.reachable(puzzle.parse(s), puzzle.defaultGoal()), s);
        }
    }
}
