package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The local engine: the in-core breadth-first search ({@link BreadthFirstTableBuilder}) in the driver, then one
 * distances file. For spaces below about ten million states one process does the whole search faster than a Spark job
 * pays its per-level scheduling.
 */
final class LocalExplorer {
    private LocalExplorer() {}

    static ExploreOutcome run(ExploreSpec spec, Configuration conf, Path distances, boolean withStates, LevelLog log) {
        RankedSpace space = spec.space();
        long t0 = System.nanoTime();
        DistanceTable table = BreadthFirstTableBuilder.build(space);
        log.note(String.format(Locale.ROOT, "in-core BFS done in %.1f s; its levels:", (System.nanoTime() - t0) / 1e9));
        long[] histogram = table.histogram();
        long total = 0;
        for (int d = 0; d < histogram.length; d++) {
            total += histogram[d];
            log.level(d, histogram[d], total);
        }
        if (distances == null) {
            return new ExploreOutcome("local", histogram, 0, TableSummaries.deepestRanks(table));
        }
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
}
