package io.puzzleatlas.jobs.explore;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-level progress line of explore: depth, new states, time of the level and since the start, and, while the
 * search runs, an estimate of the time left: the states not yet reached at the slower of the run's rate and the last
 * level's, corrected at every level (the run's average alone, carried by early levels, read "about 5 s left" before 69
 * s), shown once a tenth of the space is reached.
 */
public final class LevelLog {
    private static final Logger LOG = LoggerFactory.getLogger(LevelLog.class);
    private final long started = System.nanoTime();
    private final long states;
    private long levelStarted = started;
    /** States reached before this run's first level (a resumed search's earlier levels), or -1. */
    private long before = -1;

    /** @param states the states of the space (0: no estimate of the time left) */
    public LevelLog(long states) {
        this.states = states;
    }

    public void level(int depth, long fresh, long total) {
        level(depth, fresh, total, 0);
    }

    /**
     * A level whose own wall time {@code seconds} was measured where it ran (levels run several to a Spark stage report
     * together); 0: the time since the last line.
     */
    public void level(int depth, long fresh, long total, double seconds) {
        long now = System.nanoTime();
        double elapsed = (now - started) / 1e9;
        if (before < 0) {
            before = total - fresh;
        }
        long here = total - before; // the rate is this run's, also when it resumed a checkpoint
        double levelSeconds = seconds > 0 ? seconds : (now - levelStarted) / 1e9;
        // the slower of the last level's rate and the run's: levels grow, so the run's average rate overstates
        double average = elapsed > 0 ? here / elapsed : 0;
        double rate = fresh > 0 && levelSeconds > 0 ? Math.min(average, fresh / levelSeconds) : average;
        String left = states > total && total >= states / 10 && rate > 0 && here > 0
                ? String.format(Locale.ROOT, "  about %.0f s left", (states - total) / rate)
                : "";
        LOG.info(String.format(
                Locale.ROOT,
                "depth %3d: %,13d new states (%,14d in all)  %6.2f s  elapsed %7.1f s%s",
                depth,
                fresh,
                total,
                levelSeconds,
                elapsed,
                left));
        levelStarted = now;
    }

    public void note(String message) {
        LOG.info(message);
    }
}
