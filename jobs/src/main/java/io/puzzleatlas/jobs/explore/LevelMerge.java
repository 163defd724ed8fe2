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
        long[] old = state.words();
        int chunks = TwoBitLevel.chunks(old.length);
        boolean frontier = false;
        for (int c = 0; c < chunks && !frontier; c++) {
            frontier = state.mayHoldFrontier(c);
        }
        boolean[] next = new boolean[chunks];
        if (!frontier && !blocks.hasNext()) {
            // nothing to retire, nothing new: the unchanged words are shared, they are never mutated
            return List.of(new RangeState(state.part(), state.lo(), old, 0, next)).iterator();
        }
        long[] words = old.clone();
        for (int c = 0; c < chunks; c++) {
            if (state.mayHoldFrontier(c)) {
                int from = c * TwoBitLevel.CHUNK_WORDS;
                TwoBitLevel.retire(words, from, Math.min(words.length, from + TwoBitLevel.CHUNK_WORDS), level, false);
            }
        }
        int code = TwoBitLevel.nextCode(level);
        long fresh = 0;
        while (blocks.hasNext()) {
            fresh += RankBlock.markInto(blocks.next()._2(), words, code, next);
        }
        return List.of(new RangeState(state.part(), state.lo(), words, fresh, next)).iterator();
    }
}
