package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.RankRangeSearch;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction2;
import scala.Tuple2;

/**
 * Reduce side of a level, zipped with the partition's own state: copies the depth array and
 * marks every received rank not seen before with the new depth. The count of new ranks is
 * kept in the state, so the level's total comes from a reduce and stays exact when tasks rerun.
 */
final class LevelMerge implements FlatMapFunction2<Iterator<RangeState>, Iterator<Tuple2<Integer, byte[]>>, RangeState> {
    private static final long serialVersionUID = 1L;

    private final int newDepth;

    LevelMerge(int newDepth) {
        this.newDepth = newDepth;
    }

    @Override
    public Iterator<RangeState> call(Iterator<RangeState> states, Iterator<Tuple2<Integer, byte[]>> blocks) {
        RangeState state = states.next();
        if (!blocks.hasNext()) {
            // Nothing new for this range: the unchanged array can be shared, it is never mutated.
            return List.of(new RangeState(state.part(), state.lo(), state.depth(), 0)).iterator();
        }
        byte[] depth = state.depth().clone();
        long[] fresh = {0};
        while (blocks.hasNext()) {
            RankBlock.decode(blocks.next()._2(), offset -> {
                if (RankRangeSearch.mark(depth, offset, newDepth)) {
                    fresh[0]++;
                }
            });
        }
        return List.of(new RangeState(state.part(), state.lo(), depth, fresh[0])).iterator();
    }
}
