package io.puzzleatlas.jobs.atlas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.rotation.RotationCensus;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingSolver;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.test.CliRun;
import io.puzzleatlas.jobs.test.SparkSuite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtlasCommandTest extends SparkSuite {
    @TempDir
    Path dir;

    @Test
    void writesEveryGoalClassAndRefusesToOverwriteSilently() throws Exception {
        String out = dir.toString();
        assertEquals(0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out));
        List<AtlasSpace> spaces = AtlasFiles.load(dir);
        assertEquals(
                List.of("sliding-3x3-blank-0", "sliding-3x3-blank-1", "sliding-3x3-blank-4"),
                spaces.stream().map(AtlasSpace::space).toList());
        assertEquals(30, spaces.get(2).radius());
        assertEquals(148, spaces.get(2).deepest().size());
        List<String> csv =
                Files.readAllLines(dir.resolve("atlas/sliding-3x3-blank-4/histogram.csv"), StandardCharsets.UTF_8);
        assertEquals(AtlasCsv.HISTOGRAM_HEADER, csv.get(0));
        assertEquals("eight-puzzle,1 2 3 4 0 5 6 7 8,0,1", csv.get(1));
        // An existing space is a refused job (3), as for every command (docs/cli.md); it was 2 here.
        assertEquals(3, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out));
        assertEquals(
                0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "classes", "--output", out, "--overwrite"));
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("_staging")
                    || p.getFileName().toString().equals("_publishing")));
        }
    }

    @Test
    void anyGoalGetsItsOwnDeepestBoards() throws Exception {
        String goalText = "8 7 6 5 0 4 3 2 1";
        assertEquals(0, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", goalText, "--output", dir.toString()));
        AtlasSpace s = AtlasFiles.load(dir).get(0);
        assertEquals(30, s.radius());
        assertEquals(148, s.deepest().size());
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SlidingSolver solver = new SlidingSolver(p);
        long goal = p.parse(goalText);
        for (String board : s.deepest().subList(0, 10)) {
            assertEquals(
                    30, solver.solve(p.parse(board), goal, Budget.UNLIMITED).length(), board);
        }
    }

    /** The census spread over Spark tasks equals the in-core one; the Parquet datasets read back. */
    @Test
    void rotationGameCensusOnSparkMatchesTheInCoreCensus() throws Exception {
        assertEquals(0, Main.run("atlas", "--puzzle", "rotation-game", "--output", dir.toString()));
        RotationCensus.Result inCore = RotationCensus.standard().run(2);
        Path space = dir.resolve("atlas/rotation-game");
        List<Row> rows = spark().read()
                .parquet(space.resolve("histogram").toString())
                .orderBy("depth")
                .collectAsList();
        long total = 0;
        for (Row r : rows) {
            assertEquals("rotation-game", r.getString(r.fieldIndex("puzzle")));
            assertEquals(inCore.histogram()[r.getInt(r.fieldIndex("depth"))], r.getLong(r.fieldIndex("count")));
            total += r.getLong(r.fieldIndex("count"));
        }
        assertEquals(inCore.histogram().length, rows.size());
        assertEquals(RotationGame.STATES, total);
        List<Row> deepest =
                spark().read().parquet(space.resolve("deepest").toString()).collectAsList();
        assertEquals(inCore.deepest().length, deepest.size());
        RotationGame game = new RotationGame();
        Set<String> expected = new HashSet<>();
        for (long b : inCore.deepest()) {
            expected.add(game.format(b));
        }
        for (Row r : deepest) {
            assertTrue(expected.contains(r.getString(r.fieldIndex("board"))));
            assertEquals(inCore.radius(), r.getInt(r.fieldIndex("depth")));
        }
    }

    @Test
    void magicBoardFromAGivenStartAndBadInput() throws Exception {
        assertEquals(
                0,
                Main.run("atlas", "--puzzle", "magic-board", "--goal", "5 8 3 2 4 1 6 7", "--output", dir.toString()));
        AtlasSpace s = AtlasFiles.load(dir).get(0);
        assertEquals("magic-board-from-58324167", s.space());
        assertEquals(22, s.radius());
        assertEquals(2, Main.run("atlas", "--puzzle", "rotation-game", "--goal", "1", "--output", dir.toString()));
        assertEquals(2, Main.run("atlas", "--puzzle", "eight-puzzle", "--goal", "1 2 3", "--output", dir.toString()));
    }

    /** An atlas this JVM cannot hold is refused before it starts, with what it needs; 15 cells are out of reach. */
    @Test
    void atlasesTooLargeForTheHeapAreRefusedWithTheirNeeds() {
        assertEquals(
                3,
                Main.run(
                        "atlas",
                        "--puzzle",
                        "sliding-2x7",
                        "--output",
                        dir.resolve("big").toString()));
        // 15 cells: refused with the estimate (a two-bit array of 653,837,184,000 boards), like any space too large
        ByteArrayOutputStream bigErr = new ByteArrayOutputStream();
        PrintStream stderr = System.err;
        System.setErr(new PrintStream(bigErr, true, StandardCharsets.UTF_8));
        try {
            assertEquals(
                    3,
                    Main.run(
                            "atlas",
                            "--puzzle",
                            "sliding-3x5",
                            "--output",
                            dir.resolve("big").toString()));
        } finally {
            System.setErr(stderr);
        }
        Assertions.assertTrue(
                bigErr.toString(StandardCharsets.UTF_8)
                        .startsWith("atlas: the atlas of sliding-3x5 (653,837,184,000 boards per goal class) needs "
                                + "about 152.3 GiB of heap"),
                bigErr.toString(StandardCharsets.UTF_8));
        CliRun small = CliRun.inJvm(
                List.of("-Dpuzzleatlas.available-heap=" + (50L << 20)),
                "atlas",
                "--puzzle",
                "sliding-3x4",
                "--output",
                dir.resolve("big").toString());
        assertEquals(3, small.status());
        assertEquals(
                "atlas: the atlas of sliding-3x4 (239,500,800 boards per goal class) needs about 121 MiB of heap; "
                        + "this JVM has 50 MiB: give it more (java -Xmx...)",
                small.err().trim());
        Assertions.assertFalse(Files.exists(dir.resolve("big").resolve("atlas")));
    }
}
