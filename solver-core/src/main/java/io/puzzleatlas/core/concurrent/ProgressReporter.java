package io.puzzleatlas.core.concurrent;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * Progress of a long step (a table build, a breadth-first search): while it runs, one line every
 * {@value #DEFAULT_SECONDS} seconds ({@value #SECONDS_PROPERTY}) with what is done, of how much, the time so far and
 * the time left at the rate so far: {@code building t.pdb: 12,345,678 of 88,179,840 ranks (14%) in 20 s; about 2 min
 * left}. Workers count with {@link #add} (a {@link LongAdder}: no contention between threads) or {@link #set}; the line
 * is printed by one shared daemon thread, so a step that ends within the period prints nothing. The one reporter every
 * long step uses.
 */
public final class ProgressReporter implements AutoCloseable {
    /**
     * System property: seconds between two lines (a decimal number; default {@value #DEFAULT_SECONDS}), read once where
     * a command starts ({@code SolverSettings.fromSystem()}) and passed to {@link #start} as a value.
     */
    public static final String SECONDS_PROPERTY = "puzzleatlas.progressSeconds";

    public static final double DEFAULT_SECONDS = 10;

    /**
     * Test seam: called at each {@link #level} (the end of a breadth-first level) with the level, on the searching
     * thread; a test may park there on a latch to hold a build in the middle while its progress lines are printed.
     */
    private static volatile IntConsumer levelSeam;

    /** Sets the test seam of {@link #level} (null: none). */
    public static void levelSeam(IntConsumer seam) {
        levelSeam = seam;
    }

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "puzzle-atlas-progress");
        t.setDaemon(true);
        return t;
    });

    private final String what;
    private final String unit;
    private final PrintStream out;
    private final long started = System.nanoTime();
    private final LongAdder done = new LongAdder();
    private final ScheduledFuture<?> task;
    private volatile long total;

    private ProgressReporter(String what, String unit, long total, PrintStream out, double seconds) {
        this.what = what;
        this.unit = unit;
        this.total = total;
        this.out = out;
        long period = Math.max(1, (long) ((seconds > 0 ? seconds : DEFAULT_SECONDS) * 1e9));
        this.task = TIMER.scheduleAtFixedRate(this::report, period, period, TimeUnit.NANOSECONDS);
    }

    /**
     * Starts reporting {@code what} ({@code building t.pdb}), {@code total} {@code unit}s to do (0: not known yet,
     * {@link #total(long)}), on {@code out}, a line every {@code seconds} (0 or less: {@value #DEFAULT_SECONDS}). Close
     * it when the step ends.
     */
    public static ProgressReporter start(String what, String unit, long total, PrintStream out, double seconds) {
        return new ProgressReporter(what, unit, total, out, seconds);
    }

    /**
     * The seconds between two lines that {@code text}, the value of {@value #SECONDS_PROPERTY}, asks for: a positive
     * decimal number, else (null, malformed, 0 or less) {@value #DEFAULT_SECONDS}.
     */
    public static double seconds(String text) {
        if (text == null) {
            return DEFAULT_SECONDS;
        }
        try {
            double s = Double.parseDouble(text);
            return s > 0 ? s : DEFAULT_SECONDS;
        } catch (NumberFormatException e) {
            return DEFAULT_SECONDS;
        }
    }

    /** {@code n} more units done (any thread). */
    public void add(long n) {
        done.add(n);
    }

    /** {@code n} units done in all (one thread). */
    public void set(long n) {
        done.add(n - done.sum());
    }

    public void total(long n) {
        total = n;
    }

    /** The end of breadth-first level {@code level} (the test seam's place). */
    public void level(int level) {
        IntConsumer seam = levelSeam;
        if (seam != null) {
            seam.accept(level);
        }
    }

    /** The progress line now. */
    public String line() {
        long n = done.sum();
        double elapsed = (System.nanoTime() - started) / 1e9;
        StringBuilder s = new StringBuilder(what).append(": ");
        s.append(String.format(Locale.ROOT, "%,d", n));
        if (total > 0) {
            s.append(String.format(Locale.ROOT, " of %,d %s (%d%%)", total, unit, Math.min(100, 100 * n / total)));
        } else {
            s.append(' ').append(unit);
        }
        s.append(" in ").append(duration(elapsed));
        if (total > 0 && n > 0 && n < total) {
            s.append("; about ").append(duration(elapsed * (total - n) / n)).append(" left");
        }
        return s.toString();
    }

    private void report() {
        out.println(line());
        out.flush();
    }

    @Override
    public void close() {
        task.cancel(false);
    }

    /** Seconds in words: {@code 0.4 s}, {@code 12 s}, {@code 54 min}, {@code 3.2 h}. */
    public static String duration(double seconds) {
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (seconds < 600) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (seconds < 3 * 3600) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
}
