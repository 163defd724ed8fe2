package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.nio.LongBuffer;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction2;
import scala.Tuple2;

/**
 * Reduce side of a level, zipped with the range's handle: in the range's file, in place, marks
 * the level's frontier expanded ({@link TwoBitLevel#retire}, in the flagged chunks) and every
 * received rank not seen before with the next level's code, flags the chunks that got one, and
 * returns how many ranks were new.
 *
 * <p>Safe to run again (Spark retries a task whose executor was lost): a merge that finished
 * returns the count recorded in the file's header; one that was cut off is done again (retiring
 * and marking change nothing twice) and counts the next level's states by a scan of the range
 * instead, since the first attempt's marks are no longer new.
 */
final class LevelMerge implements FlatMapFunction2<Iterator<RangeHandle>, Iterator<Tuple2<Integer, byte[]>>, long[]> {
    private static final long serialVersionUID = 3L;

    private final int level;

    /** The merge that ends the expansion of {@code level}. */
    LevelMerge(int level) {
        this.level = level;
    }

    @Override
    public Iterator<long[]> call(Iterator<RangeHandle> handles, Iterator<Tuple2<Integer, byte[]>> blocks) {
        RangeHandle handle = handles.next();
        RangeFile range = handle.open();
        if (range.level() == level + 1 && !range.merging()) {
            return result(handle, range.fresh()); // merged by an earlier attempt
        }
        if (range.level() != level) {
            throw new StaleRangeException(handle.path() + " holds level " + range.level() + ", not level " + level
                    + " or " + (level + 1));
        }
        boolean again = range.merging();
        range.setMerging(true);
        long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
        for (int c = 0; c < range.chunks(); c++) {
            if (range.flagged(level, c)) {
                int n = range.read(c, scratch);
                TwoBitLevel.retire(scratch, 0, n, level, false);
                range.write(c, scratch);
            }
        }
        int code = TwoBitLevel.nextCode(level);
        boolean[] next = new boolean[range.chunks()];
        LongBuffer words = range.words();
        long fresh = 0;
        while (blocks.hasNext()) {
            fresh += RankBlock.markInto(blocks.next()._2(), words, code, next);
        }
        FaultSeam.task("explore-merge-" + level);
        if (again) {
            fresh = countCode(range, code, next, scratch);
        }
        for (int c = 0; c < next.length; c++) {
            range.flag(level + 1, c, next[c]);
        }
        range.setFresh(fresh);
        range.setLevel(level + 1);
        range.setMerging(false);
        return result(handle, fresh);
    }

    /** The ranks of {@code range} whose code is {@code code}, flagging the chunks that hold one. */
    static long countCode(RangeFile range, int code, boolean[] chunks, long[] scratch) {
        long n = 0;
        for (int c = 0; c < range.chunks(); c++) {
            int words = range.read(c, scratch);
            long inChunk = 0;
            for (int i = 0; i < words; i++) {
                inChunk += Long.bitCount(TwoBitLevel.codeLowBits(scratch[i], code));
            }
            chunks[c] = inChunk != 0;
            n += inChunk;
        }
        return n;
    }

    private static Iterator<long[]> result(RangeHandle handle, long fresh) {
        return List.of(new long[] {handle.part(), fresh}).iterator();
    }
}
