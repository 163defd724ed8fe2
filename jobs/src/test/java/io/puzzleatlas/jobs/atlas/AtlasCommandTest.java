package io.puzzleatlas.jobs.atlas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.SlidingPuzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SlidingSolver;
import io.puzzleatlas.jobs.Main;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtlasCommandTest {
    @TempDir
    Path dir;

    @Test
    void writesEveryGoalClassAndRefusesToOverwriteSilently() throws Exception {
        String out = dir.toString();
        assertEquals(0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out));
        List<AtlasSpace> spaces = new AtlasCsv().load(dir);
        assertEquals(List.of("sliding-3x3-blank-0", "sliding-3x3-blank-1", "sliding-3x3-blank-4"),
                spaces.stream().map(AtlasSpace::space).toList());
        assertEquals(30, spaces.get(2).radius());
        assertEquals(148, spaces.get(2).deepest().size());
        List<String> csv = Files.readAllLines(dir.resolve("atlas/sliding-3x3-blank-4/histogram.csv"), StandardCharsets.UTF_8);
        assertEquals(AtlasCsv.HISTOGRAM_HEADER, csv.get(0));
        assertEquals("eight-puzzle,1 2 3 4 0 5 6 7 8,0,1", csv.get(1));
        assertEquals(2, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out));
        assertEquals(0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out, "--overwrite"));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".staging")));
        }
    }

    @Test
    void anyGoalGetsItsOwnDeepestBoards() throws Exception {
        String goalText = "8 7 6 5 0 4 3 2 1";
        assertEquals(0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", goalText, "--output", dir.toString()));
        AtlasSpace s = new AtlasCsv().load(dir).get(0);
        assertEquals(30, s.radius());
        assertEquals(148, s.deepest().size());
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SlidingSolver solver = new SlidingSolver(p);
        long goal = p.parse(goalText);
        for (String board : s.deepest().subList(0, 10)) {
            assertEquals(30, solver.solve(p.parse(board), goal, Budget.UNLIMITED).length(), board);
        }
    }

    @Test
    void magicBoardFromAGivenStartAndBadInput() throws Exception {
        assertEquals(0, Main.run("atlas", "--puzzle", "magic-board", "--goal", "5 8 3 2 4 1 6 7", "--output", dir.toString()));
        AtlasSpace s = new AtlasCsv().load(dir).get(0);
        assertEquals("magic-board-from-58324167", s.space());
        assertEquals(22, s.radius());
        assertEquals(2, Main.run("atlas", "--puzzle", "rotation-game", "--goal", "1", "--output", dir.toString()));
        assertEquals(2, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "1 2 3", "--output", dir.toString()));
    }
}
