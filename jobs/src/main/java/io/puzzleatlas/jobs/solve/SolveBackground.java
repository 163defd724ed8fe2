package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.atlas.HistogramChart;
import io.puzzleatlas.jobs.io.AtomicOutput;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import javax.imageio.ImageIO;
import org.apache.hadoop.fs.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;

/**
 * Work of {@code solve} that needs no Spark and runs beside it, off the critical path of a small job: loading the chart
 * library (AWT, fonts, image encoders: about a second of class loading and first-use set-up) while Spark starts,
 * loading the solver's tables while the first query is planned, and drawing the run's chart while the histogram and
 * errors are written.
 */
final class SolveBackground {
    private SolveBackground() {}

    /**
     * Draws a throw-away chart on a daemon thread so that the real one finds everything loaded. Its bitmap is small
     * (1/16 of the pixels): it loads the same classes, and the image encoder's pixel loop stays too cold for the JIT's
     * optimizing compiler, which would otherwise spend most of a second of a core compiling it while the job solves.
     */
    static void warmUpChart() {
        daemon("solve-chart-warm-up", () -> {
            try {
                XYChart chart = HistogramChart.chart("warm-up", new long[] {1, 2, 1}, "instances", false);
                int w = HistogramChart.WIDTH / 4;
                int h = HistogramChart.HEIGHT / 4;
                BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = image.createGraphics();
                chart.paint(g, w, h);
                g.dispose();
                ImageIO.write(image, "png", OutputStream.nullOutputStream());
                VectorGraphicsEncoder.saveVectorGraphic(
                        chart, OutputStream.nullOutputStream(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            } catch (IOException | RuntimeException e) {
                // Only a warm-up: the real chart is drawn later and reports its own failures.
            }
        });
    }

    /**
     * Creates the JVM's shared solver for the job's settings (as the tasks will) and, for puzzles with a goal board,
     * solves the goal so that its goal class's tables are loaded now (never built: {@link JobTables#prepare} has made
     * sure they exist). Only where tasks run in this JVM (local mode): on a cluster the driver would load tables it
     * never uses.
     */
    static void warmUpSolver(PuzzleHandle handle, String goalText, SolverSettings settings) {
        daemon("solve-solver-warm-up", () -> {
            try {
                PuzzleSolver solver = JobTables.solver(handle, settings);
                Puzzle puzzle = handle.puzzle();
                if (puzzle.hasGoalBoard()) {
                    if (puzzle.wide() != null) {
                        String goal = goalText == null ? puzzle.wide().defaultGoal() : goalText;
                        solver.solveText(goal, goal, Budget.of(null, null));
                    } else {
                        long goal = goalText == null ? puzzle.defaultGoal() : puzzle.parse(goalText);
                        solver.solve(goal, goal, Budget.of(null, null));
                    }
                }
            } catch (RuntimeException e) {
                // Only a warm-up: the tasks create the solver again and report what fails.
            }
        });
    }

    /**
     * Draws the chart of the run's optimal lengths ({@code histogram.png} and {@code .svg}) in memory on another
     * thread; {@link Chart#copyTo} waits for it and writes it.
     */
    static Chart drawChart(String puzzle, long[] lengths) {
        if (lengths.length == 0) {
            return new Chart(null);
        }
        return new Chart(CompletableFuture.supplyAsync(() -> {
            try {
                return Drawn.of(HistogramChart.chart(
                        puzzle + ": instances per optimal length", lengths, "instances", false, "longest"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot draw the histogram chart", e);
            }
        }));
    }

    /** A chart's two encodings. */
    private record Drawn(byte[] png, byte[] svg) {
        static Drawn of(XYChart chart) throws IOException {
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return new Drawn(BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG), svg.toByteArray());
        }
    }

    /** A chart being drawn, or none (no instance has a length). */
    static final class Chart {
        private final CompletableFuture<Drawn> drawn;

        private Chart(CompletableFuture<Drawn> drawn) {
            this.drawn = drawn;
        }

        /**
         * Waits for the chart and writes it into the staged dataset {@code chart}, through the output's file system.
         */
        void copyTo(AtomicOutput out) {
            if (drawn == null) {
                // No record has a length (no input, or every one invalid, unsolvable or over budget):
                // chart/ is published as an empty directory, like the empty datasets beside it.
                try {
                    if (!out.fileSystem().mkdirs(out.staged("chart"))) {
                        throw new IOException("cannot create " + out.staged("chart"));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot write the histogram chart", e);
                }
                return;
            }
            Drawn chart;
            try {
                chart = drawn.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
            try {
                write(out, "histogram.png", chart.png());
                write(out, "histogram.svg", chart.svg());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the histogram chart", e);
            }
        }
    }

    private static void write(AtomicOutput out, String name, byte[] bytes) throws IOException {
        try (OutputStream o = out.fileSystem().create(new Path(out.staged("chart"), name), true)) {
            o.write(bytes);
        }
    }

    private static void daemon(String name, Runnable work) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        t.start();
    }
}
