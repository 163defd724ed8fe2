package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.concurrent.ProgressReporter;
import io.puzzleatlas.core.search.SolverSettings;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table build prints a progress line (ranks done of all, time so far, time left) every period while it runs: the
 * build is held at the end of its third level by the reporter's seam until two lines are out (no sleep: the seam waits
 * on a latch the printed lines count down). The first line written while held may have been composed just before the
 * hold (the timer thread composes a line, then waits for the stream), so three are taken and the first is dropped.
 */
class BuildProgressTest {
    private static final Pattern LINE = Pattern.compile(
            "building progress-pocket-[0-9a-f]{16}\\.pdb: [0-9,]+ of 3,674,160 ranks \\(\\d+%\\) in [0-9.]+ s;"
                    + " about [0-9.]+ (s|min|h) left");

    @TempDir
    Path tables;

    private final PrintStream stdout = System.out;

    @AfterEach
    void restore() {
        System.setOut(stdout);
        ProgressReporter.levelSeam(null);
    }

    @Test
    void aHeldBuildPrintsProgressLinesWithTheTimeLeft() throws Exception {
        CountDownLatch threeLines = new CountDownLatch(3);
        CountDownLatch held = new CountDownLatch(1);
        StringBuilder whileHeld = new StringBuilder();
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(
                new OutputStream() {
                    /** Whether the next byte starts a line: lines are taken whole (the hold may come mid-line). */
                    private boolean lineStart = true;

                    private boolean whole;

                    @Override
                    public synchronized void write(int b) {
                        captured.write(b);
                        whole |= lineStart && held.getCount() == 0;
                        if (whole && threeLines.getCount() > 0) { // the whole lines printed while held
                            whileHeld.append((char) b);
                            if (b == '\n') {
                                threeLines.countDown();
                            }
                        }
                        lineStart = b == '\n';
                    }
                },
                true,
                StandardCharsets.UTF_8));
        ProgressReporter.levelSeam(level -> {
            if (level == 3 && held.getCount() > 0) {
                held.countDown();
                try {
                    assertTrue(threeLines.await(2, TimeUnit.MINUTES), "three progress lines while the build is held");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        DefinitionPuzzle puzzle = new DefinitionPuzzle(
                "progress-pocket", DefinitionBruteForceTest.example("pocket-cube.tws"), Metric.POWERS);
        SolverSettings settings =
                SolverSettings.fromSystem().withTables(tables.toString()).withProgressSeconds(0.02);
        new DefinitionSolver(puzzle, settings, DefinitionSolver.Method.DESCENT).prepare(null);
        System.setOut(stdout);
        assertEquals(0, held.getCount(), "the seam held the build");
        List<String> lines = whileHeld.toString().lines().skip(1).toList();
        assertEquals(2, lines.size(), captured::toString);
        for (String line : lines) {
            assertTrue(LINE.matcher(line).matches(), line);
            assertTrue(!line.contains(": 0 of"), line);
            long done = Long.parseLong(
                    line.replaceAll(".*\\.pdb: ([0-9,]+) of .*", "$1").replace(",", ""));
            assertTrue(done < 3_674_160, "every rank counted once, the build held before its end: " + line);
        }
        try (var files = Files.list(tables)) {
            assertEquals(1, files.count(), "the table was built and written");
        }
    }
}
