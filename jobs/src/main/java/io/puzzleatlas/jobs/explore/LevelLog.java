package io.puzzleatlas.jobs.explore;

import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The per-level progress line of explore: depth, new states, time of the level and since the start. */
final class LevelLog {
    private static final Logger LOG = LoggerFactory.getLogger(LevelLog.class);
    private final long started = System.nanoTime();
    private long levelStarted = started;

    void level(int depth, long fresh, long total) {
        long now = System.nanoTime();
        LOG.info(String.format(Locale.ROOT, "depth %3d: %,13d new states (%,14d in all)  %6.2f s  elapsed %7.1f s",
                depth, fresh, total, (now - levelStarted) / 1e9, (now - started) / 1e9));
        levelStarted = now;
    }

    void note(String message) {
        LOG.info(message);
    }
}
