package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a newcomer meets first: {@code show} prints every dataset a job writes as text, {@code solve --board} answers
 * one position on standard output, and the help says what {@code --puzzle} and the CSV columns accept.
 */
class FirstHourTest {
    @TempDir
    Path tmp;

    @Test
    void showPrintsResultsErrorsAndHistogramOfASolve() throws Exception {
        Path csv = Files.write(
                tmp.resolve("mine.csv"), List.of("start", "8 1 3 4 0 2 7 6 5", "1 2 3 4 5 6 8 7 0", "2 x 3"));
        Path out = tmp.resolve("out");
        CliRun solve = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", csv, "--output", out);
        assertEquals(ExitCode.OK.code(), solve.status(), solve.err());

        CliRun results = CliRun.of("show", out.resolve("results"));
        assertEquals(ExitCode.OK.code(), results.status(), results.err());
        List<String> lines = results.out().lines().toList();
        assertEquals(4, lines.size(), results.out());
        assertEquals(
                List.of(
                        "puzzle",
                        "instance_id",
                        "start",
                        "goal",
                        "step_limit",
                        "status",
                        "length",
                        "moves",
                        "nodes",
                        "solve_micros",
                        "reason"),
                List.of(lines.get(0).split(" +")));
        assertTrue(
                lines.get(1)
                        .matches("eight-puzzle +2 +8 1 3 4 0 2 7 6 5 +1 2 3 4 5 6 7 8 0 +null +SOLVED +14 +"
                                + "rdlluurdldrurd +26 +\\d+ +null"),
                lines.get(1));
        assertTrue(
                lines.get(2).matches("eight-puzzle +3 .* UNSOLVABLE +null +null +0 +\\d+ +parity: .*"), lines.get(2));
        assertEquals("(2 of 2 rows, 1 file)", lines.get(3));

        CliRun errors = CliRun.of("show", "--tsv", out.resolve("errors"));
        assertEquals(
                List.of(
                        "source\tline\traw\treason",
                        csv.toUri().toString().replace("file:///", "file:/") + "\t4\t2 x 3\texpected 9 tokens for "
                                + "eight-puzzle, got 3",
                        "(1 of 1 rows, 1 file)"),
                errors.out().lines().toList());

        CliRun histogram = CliRun.of("show", out.resolve("histogram"), "--limit", "1");
        assertEquals(
                List.of(
                        "puzzle        goal               status  depth  count",
                        "eight-puzzle  1 2 3 4 5 6 7 8 0  SOLVED  14     1",
                        "(1 of 2 rows, 1 file)"),
                histogram.out().lines().toList());
    }

    @Test
    void showPrintsTheDistancesOfAnExplore() {
        Path out = tmp.resolve("magic");
        CliRun explore = CliRun.of("explore", "--puzzle", "magic-board", "--output", out);
        assertEquals(ExitCode.OK.code(), explore.status(), explore.err());
        CliRun distances = CliRun.of("show", out.resolve("distances"), "-n", "2");
        assertEquals(ExitCode.OK.code(), distances.status(), distances.err());
        List<String> lines = distances.out().lines().toList();
        assertEquals(4, lines.size(), distances.out());
        assertEquals("(2 of 40,320 rows, 1 file)", lines.get(3));
        assertEquals(List.of("rank", "depth"), List.of(lines.get(0).split(" +")));
        assertTrue(lines.get(1).matches("\\d+ +\\d+"), lines.get(1));
    }

    @Test
    void showNamesAMissingOrForeignDatasetInOneLine() throws Exception {
        CliRun.of("show", tmp.resolve("nothing"))
                .expectOneLine(
                        ExitCode.REFUSED.code(), "show: " + tmp.resolve("nothing") + ": no such file or directory");
        Path text = Files.writeString(tmp.resolve("notes.parquet"), "not parquet");
        CliRun.of("show", text).expectOneLine(ExitCode.REFUSED.code(), "show: " + text + ": not a Parquet file (");
    }

    @Test
    void solveBoardAnswersOnePositionOnStandardOutput() {
        CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--board", "8 1 3 4 0 2 7 6 5");
        assertEquals(ExitCode.OK.code(), run.status(), run.err());
        assertEquals(
                List.of(
                        "puzzle  eight-puzzle",
                        "start   8 1 3 4 0 2 7 6 5",
                        "goal    1 2 3 4 5 6 7 8 0",
                        "status  SOLVED",
                        "length  14",
                        "moves   rdlluurdldrurd",
                        "nodes   26"),
                run.out().lines().toList());
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--board", "2 x 3")
                .expectOneLine(
                        ExitCode.USAGE.code(), "solve: --board '2 x 3': expected 9 tokens for eight-puzzle, got 3");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--board", "1 2 3 4 5 6 7 8 0", "--output", tmp)
                .expectOneLine(ExitCode.USAGE.code(), "--board solves one position on standard output");
    }

    /**
     * A definition's scramble is taken as a board; the plan for one position is IDA* and says why, in one line; table
     * descent once the space's table is in the table directory.
     */
    @Test
    void solveBoardTakesADefinitionsScramble() {
        Path file = DefinitionCommandsTest.puzzleFile("pocket-cube.tws");
        CliRun run =
                CliRun.of("solve", "--puzzle", file, "--board", "U R F' U2 R' F", "--tables", tmp.resolve("tables"));
        assertEquals(ExitCode.OK.code(), run.status(), run.err());
        List<String> lines =
                run.out().lines().filter(l -> !l.startsWith("building ")).toList();
        assertTrue(lines.get(0).startsWith("solve: plan: IDA* with pattern databases for 1 position: "), lines.get(0));
        assertTrue(lines.get(0).contains("rather than table descent: 3,674,160 ranks to build"), lines.get(0));
        assertEquals("status  SOLVED", lines.get(4));
        assertEquals("length  6", lines.get(5));
        assertEquals("moves   F' R U2 F R' U'", lines.get(6));

        // once the space's table is in --tables, the plan counts it as built: table descent, nothing to build
        CliRun build = CliRun.of("tables", "build", "--puzzle", file, "--tables", tmp.resolve("tables"));
        assertEquals(ExitCode.OK.code(), build.status(), build.err());
        CliRun again =
                CliRun.of("solve", "--puzzle", file, "--board", "U R F' U2 R' F", "--tables", tmp.resolve("tables"));
        List<String> descent = again.out().lines().toList();
        assertTrue(
                descent.get(0).startsWith("solve: plan: table descent for 1 position: 0 ranks to build"),
                descent.get(0));
        assertEquals("moves   F' R U2 F R' U'", descent.get(6));
    }

    @Test
    void helpNamesDefinitionFilesAndTheCsvColumns() {
        for (String command : List.of("solve", "explore", "atlas", "generate")) {
            CliRun help = CliRun.of(command, "--help");
            String text = help.out().replaceAll("\\s+", " ");
            assertTrue(text.contains("or a definition file's path (twsearch's .tws, a generator list .json"), command);
            assertTrue(text.contains("eight-puzzle"), command);
        }
        String solve = CliRun.of("solve", "--help").out().replaceAll("\\s+", " ");
        assertTrue(solve.contains("with a header naming the columns start, goal, step_limit and scramble"), solve);
        assertTrue(solve.contains("--scramble K: walks of K random moves"), solve);
        assertTrue(solve.contains("-b, --board=BOARD"), solve);
    }

    @Test
    void anUnknownMetricIsOneLineWithoutAnExceptionName() {
        CliRun run = CliRun.of(
                "solve",
                "--puzzle",
                DefinitionCommandsTest.puzzleFile("2x2x2.tws"),
                "--metric",
                "bogus",
                "--board",
                "U");
        run.expectOneLine(
                ExitCode.USAGE.code(),
                "solve: Invalid value for option '--metric': unknown metric bogus (powers, generators, listed)");
        assertFalse(run.err().contains("java.lang"), run.err());
    }
}
