package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankRangeSearch;
import io.puzzleatlas.core.table.SpaceNeighbourRanker;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * Map side of a level: expands the partition's frontier (its ranks at the current depth) and
 * emits one encoded {@link RankBlock} per owner range that the new ranks fall into. Nothing
 * per state leaves the task but a few bytes of a block.
 */
final class FrontierExpansion implements PairFlatMapFunction<Iterator<RangeState>, Integer, byte[]> {
    private static final long serialVersionUID = 1L;

    private final ExploreSpec spec;
    private final RangeLayout layout;
    private final int level;

    FrontierExpansion(ExploreSpec spec, RangeLayout layout, int level) {
        this.spec = spec;
        this.layout = layout;
        this.level = level;
    }

    @Override
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<RangeState> states) {
        FaultSeam.task("explore-level-" + level);
        NeighbourRanker ranker = new SpaceNeighbourRanker(spec.space(), false); // predecessors: distances TO the goal
        List<Tuple2<Integer, byte[]>> out = new ArrayList<>();
        while (states.hasNext()) {
            RangeState state = states.next();
            RankBlock[] blocks = new RankBlock[layout.parts()];
            RankRangeSearch.expand(ranker, state.depth(), state.lo(), level, rank -> {
                int owner = layout.owner(rank);
                RankBlock block = blocks[owner];
                if (block == null) {
                    block = new RankBlock(layout.length(owner));
                    blocks[owner] = block;
                }
                block.add((int) (rank - layout.lo(owner)));
            });
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
