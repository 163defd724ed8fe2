package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.Switches;
import java.util.Locale;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import scala.collection.JavaConverters;

/**
 * Progress lines of a long solving pass on stdout, every {@link Switches#solveProgressSeconds()} seconds (30 unless
 * {@value Switches#SOLVE_PROGRESS_PROPERTY} says otherwise; 0: at every update): instances done (of how many, where
 * known), the nodes their searches generated, the rate and the time left at that rate, e.g. {@code solve: 52,436 of
 * 1,000,000 instances done, 1,884,212,390 nodes, 366 instances/s; about 43 min left}. The local engine updates after
 * every chunk it writes; a Spark job as each of its tasks ends.
 */
final class SolveProgress {
    private final long count;
    private final long interval;
    private final long started = System.nanoTime();
    private long last = started;

    /**
     * @param count the instances in all, or -1 where unknown (text input)
     * @param seconds the seconds between two lines (0: at every update)
     */
    SolveProgress(long count, long seconds) {
        this.count = count;
        this.interval = seconds * 1_000_000_000L;
    }

    /** The counts so far: a line if the interval has passed since the last one and some instances are left. */
    void update(SolveTally.Counts counts) {
        update(counts.records, counts.nodes);
    }

    private synchronized void update(long done, long nodes) {
        long now = System.nanoTime();
        if (now - last < interval || (count >= 0 && done >= count)) {
            return;
        }
        last = now;
        double rate = done / ((now - started) / 1e9);
        String of = count < 0 ? "" : String.format(Locale.ROOT, " of %,d", count);
        String left = count < 0 || done == 0 ? "" : "; about " + duration((count - done) / rate) + " left";
        System.out.printf(
                Locale.ROOT,
                "solve: %,d%s instances done, %,d nodes, %,.0f instances/s%s%n",
                done,
                of,
                nodes,
                rate,
                left);
    }

    /** A listener registered until closed. */
    interface Listening extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Lines every {@code seconds} as the tasks of {@code sc} end, until closed: each successful task's own update of
     * {@code tally} (carried by its end event) is added up here, so the counts do not depend on how far the driver has
     * merged other tasks when the event is read.
     */
    static Listening onSpark(SparkContext sc, SolveTally tally, long count, long seconds) {
        SolveProgress progress = new SolveProgress(count, seconds);
        SparkListener listener = new SparkListener() {
            private long done;
            private long nodes;

            @Override
            public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
                for (AccumulableInfo info :
                        JavaConverters.seqAsJavaList(taskEnd.taskInfo().accumulables())) {
                    if (info.id() == tally.id()
                            && info.update().isDefined()
                            && info.update().get() instanceof SolveTally.Counts counts) {
                        done += counts.records;
                        nodes += counts.nodes;
                        progress.update(done, nodes);
                    }
                }
            }
        };
        sc.addSparkListener(listener);
        return () -> sc.removeSparkListener(listener);
    }

    /** A time left for a progress line: seconds, minutes or hours. */
    static String duration(double seconds) {
        if (seconds < 90) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (seconds < 5400) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }
}
