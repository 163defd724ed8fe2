package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.concurrent.ProgressReporter;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The local engine: the in-core breadth-first search in the driver on all its cores, then one distances file: a byte
 * per state ({@link BreadthFirstTableBuilder}) for the distances, two bits ({@link TwoBitBreadthFirstSearch}) for the
 * histogram alone. One process does the whole search faster than a Spark job pays its per-level scheduling: below ten
 * million states always, and for the histogram alone while two bits a state fit this JVM.
 */
final class LocalExplorer {
    private LocalExplorer() {}

    /** The search of {@code spec}, a progress line every {@code progressSeconds} ({@link ProgressReporter}). */
    static ExploreOutcome run(
            ExploreSpec spec,
            Configuration conf,
            Path distances,
            boolean withStates,
            LevelLog log,
            double progressSeconds) {
        RankedSpace space = spec.space();
        int threads = Runtime.getRuntime().availableProcessors();
        long t0 = System.nanoTime();
        if (distances == null) {
            // the histogram alone: two bits a state, and the last levels found bottom-up where moves can be undone
            // a line every 10 s between the levels' lines: states reached (at the last level's end), time left
            try (ProgressReporter progress = ProgressReporter.start(
                    "explore: in-core search", "states", space.size(), System.out, progressSeconds)) {
                TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                        space.size(),
                        space.rank(space.goal()),
                        t -> space.predecessors(),
                        threads,
                        null,
                        Integer.MAX_VALUE,
                        new TwoBitBreadthFirstSearch.Observer() {
                            @Override
                            public void level(int level, long count, long reached) {
                                log.level(level, count, reached); // as each level is found
                                progress.set(reached);
                                progress.level(level);
                            }
                        });
                return new ExploreOutcome("local", r.histogram(), 0, r.deepestRanks());
            }
        }
        DistanceTable table =
                BreadthFirstTableBuilder.build(space, threads, "the distance table in core", progressSeconds);
        long[] histogram = table.histogram();
        logLevels(log, histogram, t0);
        long rows;
        try (DistanceFiles.Writer w =
                DistanceFiles.writer(conf, new Path(distances, DistanceFiles.fileName(0)), withStates ? spec : null)) {
            for (long r = 0; r < table.size(); r++) {
                int d = table.get(r);
                if (d != DistanceTable.UNREACHED) {
                    w.add(r, d);
                }
            }
            rows = w.rows();
        }
        return new ExploreOutcome("local", histogram, rows, TableSummaries.deepestRanks(table));
    }

    private static void logLevels(LevelLog log, long[] histogram, long started) {
        log.note(String.format(
                Locale.ROOT, "in-core BFS done in %.1f s; its levels:", (System.nanoTime() - started) / 1e9));
        long total = 0;
        for (int d = 0; d < histogram.length; d++) {
            total += histogram[d];
            log.level(d, histogram[d], total);
        }
    }
}
