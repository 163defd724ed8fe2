package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.search.SolverSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 5x5 board through the commands: a scramble set generated, written as Parquet, read back, counted and solved on
 * Spark, every answer replayed to its goal; solve's own draws and a CSV on the local engine; a CSV with a bad board;
 * the commands that number boards in a long refuse it in one line. Patterns of at most 3 tiles keep the tables instant
 * to build.
 */
@Tag("slow")
class TwentyFourPuzzleCommandsTest extends SparkSuite {
    private static final String NAME = "twenty-four-puzzle";

    @TempDir
    Path tmp;

    private String savedMaxPattern;

    @BeforeEach
    void smallPatterns() {
        savedMaxPattern = System.getProperty(SolverSettings.MAX_PATTERN_PROPERTY);
        System.setProperty(SolverSettings.MAX_PATTERN_PROPERTY, "3");
    }

    @AfterEach
    void restorePatterns() {
        if (savedMaxPattern == null) {
            System.clearProperty(SolverSettings.MAX_PATTERN_PROPERTY);
        } else {
            System.setProperty(SolverSettings.MAX_PATTERN_PROPERTY, savedMaxPattern);
        }
    }

    @Test
    void scrambleSetRoundTripsThroughGenerateAndSolve() {
        WideBoards boards = PuzzleRegistry.puzzle(NAME).wide();
        run(
                "generate",
                "--puzzle",
                NAME,
                "--random",
                12,
                "--scramble",
                24,
                "--seed",
                9,
                "--output",
                tmp.resolve("gen"));
        Path instances = tmp.resolve("gen").resolve("instances");
        List<Row> generated = parquet(tmp.resolve("gen"), "instances").collectAsList();
        assertEquals(12, generated.size());
        for (Row r : generated) {
            assertEquals(boards.canonical(r.getAs("start")), r.getAs("start"));
            assertEquals(boards.defaultGoal(), r.getAs("goal"));
        }
        for (String engine : List.of("spark")) {
            Path out = tmp.resolve("solved-" + engine);
            CliRun run = CliRun.of(
                    "solve",
                    "--puzzle",
                    NAME,
                    "--input",
                    instances,
                    "--engine",
                    engine,
                    "--tables",
                    tmp.resolve("tables"),
                    "--output",
                    out);
            assertEquals(0, run.status(), run.err());
            Assertions.assertTrue(
                    run.out().contains("solve: read 12 | results 12 | errors 0 | reconciles yes"), run.out());
            List<Row> rows = parquet(out, "results").collectAsList();
            assertEquals(12, rows.size());
            for (Row r : rows) {
                assertEquals("SOLVED", r.getAs("status"));
                String moves = r.getAs("moves");
                int length = r.getAs("length");
                assertEquals(length, moves.length());
                Assertions.assertTrue(length <= 24, "a walk of 24 moves bounds the optimal length");
                assertEquals(r.<String>getAs("goal"), boards.replay(r.getAs("start"), moves));
            }
        }
    }

    @Test
    void generatedSolveAndACsvWithABadBoard() throws Exception {
        WideBoards boards = PuzzleRegistry.puzzle(NAME).wide();
        run(
                "solve",
                "--puzzle",
                NAME,
                "--random",
                4,
                "--scramble",
                16,
                "--seed",
                2,
                "--engine",
                "local",
                "--tables",
                tmp.resolve("tables"),
                "--output",
                tmp.resolve("generated"));
        for (Row r : parquet(tmp.resolve("generated"), "results").collectAsList()) {
            assertEquals(r.<String>getAs("goal"), boards.replay(r.getAs("start"), r.getAs("moves")));
        }
        String goal = boards.defaultGoal();
        Path csv = Files.writeString(
                tmp.resolve("boards.csv"),
                String.join(
                                "\n",
                                "start",
                                goal,
                                goal.replace(" 24 0", " 0 24"),
                                goal.replaceFirst("^1 2 ", "2 1 "),
                                goal.replace(" 23 ", " 22 "))
                        + "\n");
        CliRun run = CliRun.of(
                "solve",
                "--puzzle",
                NAME,
                "--input",
                csv,
                "--engine",
                "local",
                "--tables",
                tmp.resolve("tables"),
                "--output",
                tmp.resolve("csv"));
        assertEquals(0, run.status(), run.err());
        Assertions.assertTrue(run.out().contains("solve: read 4 | results 3 | errors 1 | reconciles yes"), run.out());
        List<Row> rows =
                parquet(tmp.resolve("csv"), "results").orderBy("instance_id").collectAsList();
        assertEquals(
                List.of("SOLVED", "SOLVED", "UNSOLVABLE"),
                strings(rows, rows.get(0).fieldIndex("status")));
        assertEquals(List.of("", "r"), strings(rows.subList(0, 2), rows.get(0).fieldIndex("moves")));
        assertEquals(
                "tile 22 appears twice (token 23)",
                parquet(tmp.resolve("csv"), "errors").collectAsList().get(0).getAs("reason"));
        // the contest format: blank as x, one board per line
        Path judge = Files.writeString(
                tmp.resolve("boards.txt"),
                goal.replace(" 0", " x") + "\n"
                        + goal.replace(" 19 20 ", " 19 x ").replace(" 24 0", " 24 20") + "\n");
        run = CliRun.of(
                "solve",
                "--puzzle",
                NAME,
                "--input",
                judge,
                "--format",
                "judge",
                "--engine",
                "local",
                "--tables",
                tmp.resolve("tables"),
                "--output",
                tmp.resolve("judge"));
        assertEquals(0, run.status(), run.err());
        Assertions.assertTrue(run.out().contains("solve: read 2 | results 2 | errors 0 | reconciles yes"), run.out());
        rows = parquet(tmp.resolve("judge"), "results").orderBy("instance_id").collectAsList();
        assertEquals(List.of("", "d"), strings(rows, rows.get(0).fieldIndex("moves")));
    }

    @Test
    void commandsThatNumberBoardsRefuseInOneLine() {
        String why = "numbers boards in a long: " + NAME + " has 25 cells, too many boards to number; "
                + "solve and generate --random N take its boards";
        CliRun.of("generate", "--puzzle", NAME, "--all", "--output", tmp.resolve("all"))
                .expectOneLine(2, "--all " + why);
        CliRun.of("explore", "--puzzle", NAME, "--output", tmp.resolve("explore"))
                .expectOneLine(2, "explore " + why);
        CliRun.of("atlas", "--puzzle", NAME, "--output", tmp.resolve("atlas")).expectOneLine(2, "atlas " + why);
        CliRun.of("judge", NAME).expectOneLine(2, "judge " + why);
    }
}
