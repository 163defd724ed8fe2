package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction2;
import scala.Tuple2;

/**
 * Reduce side of a level, zipped with the partition's own state: copies the words, marks the
 * level's frontier expanded ({@link TwoBitLevel#retire}) and every received rank not seen before
 * with the next level's code. The count of new ranks is kept in the state, so the level's total
 * comes from a reduce and stays exact when tasks rerun.
 */
final class LevelMerge implements FlatMapFunction2<Iterator<RangeState>, Iterator<Tuple2<Integer, byte[]>>, RangeState> {
    private static final long serialVersionUID = 2L;

    private final int level;

    /** The merge that ends the expansion of {@code level}. */
    LevelMerge(int level) {
        this.level = level;
    }

    @Override
    public Iterator<RangeState> call(Iterator<RangeState> states, Iterator<Tuple2<Integer, byte[]>> blocks) {
        RangeState state = states.next();
        long[] words = state.words().clone();
        TwoBitLevel.retire(words, 0, words.length, level);
        int code = TwoBitLevel.nextCode(level);
        long[] fresh = {0};
        while (blocks.hasNext()) {
            RankBlock.decode(blocks.next()._2(), offset -> fresh[0] += TwoBitLevel.mark(words, offset, code));
        }
        return List.of(new RangeState(state.part(), state.lo(), words, fresh[0])).iterator();
    }
}
