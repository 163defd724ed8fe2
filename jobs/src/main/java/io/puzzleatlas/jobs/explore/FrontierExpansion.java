package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * Map side of a level: scans the partition's words for the frontier ({@link TwoBitLevel#expand}),
 * writes each frontier state's distance row to this level's file of the range (when distances are
 * wanted: the table is streamed level by level, no depth per state is kept), and emits one encoded
 * {@link RankBlock} per owner range that the neighbours fall into. Nothing per state leaves the
 * task but a few bytes of a block.
 */
final class FrontierExpansion implements PairFlatMapFunction<Iterator<RangeState>, Integer, byte[]> {
    private static final long serialVersionUID = 2L;

    private final ExploreSpec spec;
    private final RangeLayout layout;
    private final int level;
    /** Where this level's distance files go, or null (histogram only). */
    private final String distances;
    private final boolean withStates;
    private final HadoopConf conf;

    FrontierExpansion(ExploreSpec spec, RangeLayout layout, int level, Path distances, boolean withStates, HadoopConf conf) {
        this.spec = spec;
        this.layout = layout;
        this.level = level;
        this.distances = distances == null ? null : distances.toString();
        this.withStates = withStates;
        this.conf = conf;
    }

    @Override
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<RangeState> states) {
        FaultSeam.task("explore-level-" + level);
        NeighbourRanker ranker = spec.ranker();
        long[] buffer = new long[ranker.maxNeighbours()];
        List<Tuple2<Integer, byte[]>> out = new ArrayList<>();
        while (states.hasNext()) {
            RangeState state = states.next();
            RankBlock[] blocks = new RankBlock[layout.parts()];
            try (DistanceFiles.Writer rows = distances == null ? null : DistanceFiles.writer(conf.get(),
                    new Path(distances, DistanceFiles.fileName(state.part(), level)), withStates ? spec : null)) {
                TwoBitLevel.RankSink frontier = rows == null ? null : rank -> rows.add(rank, level);
                TwoBitLevel.NeighbourSink route = (ranks, count) -> {
                    for (int k = 0; k < count; k++) {
                        int owner = layout.owner(ranks[k]);
                        RankBlock block = blocks[owner];
                        if (block == null) {
                            block = new RankBlock(layout.length(owner));
                            blocks[owner] = block;
                        }
                        block.add((int) (ranks[k] - layout.lo(owner)));
                    }
                };
                long[] words = state.words();
                for (int c = 0; c < TwoBitLevel.chunks(words.length); c++) {
                    if (state.mayHoldFrontier(c)) {
                        int from = c * TwoBitLevel.CHUNK_WORDS;
                        TwoBitLevel.expand(words, from, Math.min(words.length, from + TwoBitLevel.CHUNK_WORDS), state.lo(),
                                level, ranker, buffer, frontier, route, false);
                    }
                }
            }
            for (int owner = 0; owner < blocks.length; owner++) {
                if (blocks[owner] != null) {
                    out.add(new Tuple2<>(owner, blocks[owner].encode()));
                    blocks[owner] = null;
                }
            }
        }
        return out.iterator();
    }
}
