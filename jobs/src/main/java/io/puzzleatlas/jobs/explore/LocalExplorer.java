package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankRangeSearch;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The local engine: the in-core breadth-first search ({@link BreadthFirstTableBuilder}) in the
 * driver, then one distances file. For spaces below about ten million states one process does
 * the whole search faster than a Spark job pays its per-level scheduling.
 */
final class LocalExplorer {
    private LocalExplorer() {
    }

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
        byte[] depth = new byte[(int) space.size()];
        for (int r = 0; r < depth.length; r++) {
            int d = table.get(r);
            depth[r] = d == DistanceTable.UNREACHED ? RankRangeSearch.UNSEEN : (byte) d;
        }
        long rows = DistanceFiles.write(conf, new Path(distances, DistanceFiles.fileName(0)), 0, depth,
                withStates ? spec : null);
        return new ExploreOutcome("local", histogram, rows);
    }
}
