package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pocket cube in every command: generate, solve (both engines), explore (both engines), atlas, report. */
@Tag("slow")
class PocketCubeCommandsTest extends SparkSuite {
    private static final long[] HALF_TURNS = {1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644};

    @TempDir
    Path tmp;

    @Test
    void generatedCubesAreSolvedAndEveryAnswerIsOptimal() {
        run("generate", "--puzzle", "pocket-cube", "--random", 50, "--seed", 3, "--output", tmp.resolve("gen"));
        Path instances = tmp.resolve("gen").resolve("instances");
        run("solve", "--puzzle", "pocket-cube", "--input", instances, "--output", tmp.resolve("solved"));
        List<Row> rows = parquet(tmp.resolve("solved"), "results").collectAsList();
        assertEquals(50, rows.size());
        for (Row r : rows) {
            assertEquals("SOLVED", r.getAs("status"));
            int length = r.getAs("length");
            String moves = r.getAs("moves");
            assertEquals(length, moves.isEmpty() ? 0 : moves.split(" ").length);
            Assertions.assertTrue(length <= 11, "God's number in the half-turn metric");
        }
        run("solve", "--puzzle", "pocket-cube-qtm", "--random", 20, "--seed", 4, "--output", tmp.resolve("qtm"));
        for (Row r : parquet(tmp.resolve("qtm"), "results").collectAsList()) {
            String moves = r.getAs("moves");
            Assertions.assertTrue(moves.isEmpty() || moves.matches("[URF]'?( [URF]'?)*"), moves);
        }
    }

    @Test
    void aCsvOfSolvedScrambledTwistedAndBrokenCubes() throws Exception {
        Path csv = Files.writeString(
                tmp.resolve("cubes.csv"),
                String.join(
                                "\n",
                                "start",
                                "UUUURRRRFFFFDDDDLLLLBBBB",
                                "UUUUBBRRRRFFDDDDFFLLLLBB",
                                "UUFF UBRR RRFD DBDB FDLL LLUB",
                                "UUUFURRRFRFFDDDDLLLLBBBB",
                                "UUUURRRRFFFFDDDDLLLLBBBX")
                        + "\n");
        for (String engine : List.of("local", "spark")) {
            Path out = tmp.resolve(engine);
            CliRun r =
                    CliRun.of("solve", "--puzzle", "pocket-cube", "--input", csv, "--engine", engine, "--output", out);
            assertEquals(0, r.status(), r.err());
            Assertions.assertTrue(r.out().contains("solve: read 5 | results 4 | errors 1 | reconciles yes"), r.out());
            List<Row> rows = parquet(out, "results").orderBy("instance_id").collectAsList();
            assertEquals(
                    List.of("SOLVED", "SOLVED", "SOLVED", "UNSOLVABLE"),
                    strings(rows, rows.get(0).fieldIndex("status")));
            // solved; after U, U' solves it; R then U: U' R'; a corner twisted in place
            assertEquals(
                    List.of("", "U'", "U' R'"),
                    strings(rows.subList(0, 3), rows.get(0).fieldIndex("moves")));
            Row error = parquet(out, "errors").collectAsList().get(0);
            assertEquals("sticker B4 'X' is not one of U R F D L B", error.getAs("reason"));
        }
    }

    @Test
    void exploreOnBothEnginesGivesThePublishedCounts() {
        for (String engine : List.of("local", "spark")) {
            Path out = tmp.resolve("explore-" + engine);
            run("explore", "--puzzle", "pocket-cube", "--engine", engine, "--output", out);
            long[] histogram = parquet(out, "histogram").orderBy("depth").collectAsList().stream()
                    .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                    .toArray();
            assertArrayEquals(HALF_TURNS, histogram, engine);
        }
    }

    @Test
    void atlasAndReportDrawTheDeepestCubesAsNets() throws Exception {
        Path atlas = tmp.resolve("atlas");
        run("atlas", "--puzzle", "pocket-cube", "--output", atlas);
        List<String> histogram = Files.readAllLines(atlas.resolve("atlas/pocket-cube/histogram.csv"));
        assertEquals("pocket-cube,UUUURRRRFFFFDDDDLLLLBBBB,11,2644", histogram.get(histogram.size() - 1));
        assertEquals(
                2645,
                Files.readAllLines(atlas.resolve("atlas/pocket-cube/deepest.csv"))
                        .size(),
                "header + 2,644 cubes");
        run("report", "--input", atlas, "--output", tmp.resolve("report"));
        String page = Files.readString(tmp.resolve("report/index.html"));
        Assertions.assertTrue(
                page.contains("<td class=\"cU\" style=\"background:#ffffff\">U</td>"), "stickers painted");
        Assertions.assertTrue(page.contains("table class=\"board\""), "cubes drawn");
    }
}
