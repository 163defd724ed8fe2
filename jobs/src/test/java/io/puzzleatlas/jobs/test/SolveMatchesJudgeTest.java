package io.puzzleatlas.jobs.test;

import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.judge.Judge;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInstance;
import io.puzzleatlas.core.magic.MagicBoardJudge;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.rotation.RotationGameJudge;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.core.sliding.EightPuzzleJudge;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code solve} of judge-format and CSV files gives exactly what {@code judge} mode answers. */
class SolveMatchesJudgeTest extends SparkSuite {
    private static final String EIGHT = String.join(
                    "\n",
                    "2 3 4 1 5 x 7 6 8",
                    "1 2 3 4 5 6 7 8 x",
                    "1 2 3 4 5 6 8 7 x",
                    "8 6 7 2 5 4 3 x 1",
                    "6 4 7 8 5 x 3 2 1",
                    "x 1 2 3 4 5 6 7 8",
                    "1 2 3 x 4 6 7 5 8")
            + "\n";
    private static final String MAGIC = "4\n5 8 3 2\n4 1 6 7\n5\n5 8 3 2\n4 1 6 7\n3\n5 8 3 2\n4 1 6 7\n"
            + "6\n3 4 7 8\n6 5 2 1\n1\n1 2 3 4\n8 7 6 5\n-1\n";
    private static final String ROTATION = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
            + "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n"
            + "3 3 3 3 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3\n0\n";

    @TempDir
    Path tmp;

    @Test
    void eightPuzzleJudgeFile() throws IOException {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        assertSameAnswers(
                "eight-puzzle", EIGHT, "judge.txt", new EightPuzzleJudge(puzzle, puzzle.defaultGoal(), false));
    }

    @Test
    void eightPuzzleCsvFile() throws IOException {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        String csv = "start\n" + EIGHT;
        assertSameAnswers(
                "eight-puzzle", csv, "boards.csv", new EightPuzzleJudge(puzzle, puzzle.defaultGoal(), false), EIGHT);
    }

    @Test
    void magicBoardJudgeFile() throws IOException {
        assertSameAnswers("magic-board", MAGIC, "magic.txt", new MagicBoardJudge());
    }

    @Test
    void magicBoardCsvWithGoalAndStepLimit() throws IOException {
        String csv = "1 2 3 4 8 7 6 5,5 8 3 2 4 1 6 7,4\n1 2 3 4 8 7 6 5,5 8 3 2 4 1 6 7,5\n"
                + "1 2 3 4 8 7 6 5,5 8 3 2 4 1 6 7,3\n1 2 3 4 8 7 6 5,3 4 7 8 6 5 2 1,6\n1 2 3 4 8 7 6 5,1 2 3 "
                + "4 8 7 6 5,1\n";
        assertSameAnswers("magic-board", csv, "magic.csv", new MagicBoardJudge(), MAGIC);
    }

    @Test
    void rotationGameJudgeFile() throws IOException {
        assertSameAnswers("rotation-game", ROTATION, "rotation.txt", new RotationGameJudge());
    }

    private void assertSameAnswers(String puzzleName, String content, String fileName, JudgeFormat format)
            throws IOException {
        assertSameAnswers(puzzleName, content, fileName, format, content);
    }

    /** Solves {@code content} with the Spark job and compares with the judge's answers to {@code judgeInput}. */
    private void assertSameAnswers(
            String puzzleName, String content, String fileName, JudgeFormat format, String judgeInput)
            throws IOException {
        Path input = Files.writeString(tmp.resolve(fileName), content);
        Path out = tmp.resolve("out");
        run("solve", "--puzzle", puzzleName, "--input", input, "--output", out);

        StringWriter expected = new StringWriter();
        Judge.run(format, Solvers.forName(puzzleName), new StringReader(judgeInput), expected);

        Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
        List<Row> rows = parquet(out, "results").orderBy(col("instance_id")).collectAsList();
        StringBuilder actual = new StringBuilder();
        for (Row r : rows) {
            long start = puzzle.parse(r.getString(r.fieldIndex("start")));
            String goal = r.getString(r.fieldIndex("goal"));
            Integer limit = r.isNullAt(r.fieldIndex("step_limit")) ? null : r.getInt(r.fieldIndex("step_limit"));
            int length = r.isNullAt(r.fieldIndex("length")) ? -1 : r.getInt(r.fieldIndex("length"));
            SolveResult result = new SolveResult(
                    Status.valueOf(r.getString(r.fieldIndex("status"))),
                    length,
                    r.getString(r.fieldIndex("moves")),
                    r.getLong(r.fieldIndex("nodes")),
                    r.getString(r.fieldIndex("reason")));
            format.answer(new JudgeInstance(start, goal == null ? -1 : puzzle.parse(goal), limit, ""), result, actual);
        }
        assertEquals(expected.toString(), actual.toString());
        assertEquals(0, parquet(out, "errors").count());
    }
}
