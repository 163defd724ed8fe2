package io.puzzleatlas.jobs.io;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * The closing lines every job prints (docs/cli.md): records read, rows in results and in errors, whether they reconcile
 * (read = results + errors), wall time and throughput.
 */
public final class Report {
    private Report() {}

    /** Whether {@link #phase} prints: {@code -Dpuzzleatlas.phases=true}. */
    private static final boolean PHASES = Boolean.getBoolean("puzzleatlas.phases");

    /**
     * With {@code -Dpuzzleatlas.phases=true}, prints to stderr when a step of a job ended, in seconds since JVM start:
     * where a small job's time goes (docs/benchmarks.md).
     */
    public static void phase(String job, String step) {
        if (PHASES) {
            System.err.println(String.format(
                    Locale.ROOT,
                    "%s: phase %-22s %6.2f s since JVM start",
                    job,
                    step,
                    ManagementFactory.getRuntimeMXBean().getUptime() / 1e3));
        }
    }

    /** Prints the reconciliation and timing; returns whether it reconciles. */
    public static boolean print(PrintStream out, String job, long read, long results, long errors, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        boolean reconciles = read == results + errors;
        out.println(String.format(
                Locale.ROOT,
                "%s: read %,d | results %,d | errors %,d | reconciles %s",
                job,
                read,
                results,
                errors,
                reconciles ? "yes" : "NO"));
        double sinceJvmStart = ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
        double rate = read / Math.max(seconds, 1e-9);
        out.println(String.format(
                Locale.ROOT,
                "%s: wall %.1f s for the job (%.1f s since JVM start), %,." + (rate < 100 ? 1 : 0) + "f records/s",
                job,
                seconds,
                sinceJvmStart,
                rate));
        out.flush();
        return reconciles;
    }
}
