package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction2;
import scala.Tuple2;

/**
 * Reduce side of a level, one task per {@link RangeGroup}, zipped with the group: in each range's
 * file, in place, marks the level's frontier expanded ({@link TwoBitLevel#retire}, in the flagged
 * chunks) and every received rank not seen before with the next level's code, flags the chunks
 * that got one, and returns {range, new ranks} per range.
 *
 * <p>Safe to run again (Spark retries a task whose executor was lost): a range whose merge
 * finished returns the count recorded in its file's header; one whose merge was cut off is merged
 * again (retiring and marking change nothing twice) and counts the next level's states by a scan
 * of the range instead, since the first attempt's marks are no longer new.
 */
final class LevelMerge implements FlatMapFunction2<Iterator<RangeGroup>, Iterator<Tuple2<Integer, byte[]>>, long[]> {
    private static final long serialVersionUID = 4L;

    private final int level;

    /** The merge that ends the expansion of {@code level}. */
    LevelMerge(int level) {
        this.level = level;
    }

    @Override
    public Iterator<long[]> call(Iterator<RangeGroup> groups, Iterator<Tuple2<Integer, byte[]>> blocks) {
        RangeGroup group = groups.next();
        int n = group.ranges().size();
        // by owner range: the group's ranges are p = g, g + groups, ...; slot i holds range ranges().get(i)
        int first = n == 0 ? 0 : group.ranges().get(0).part();
        int stride = n < 2 ? 1 : group.ranges().get(1).part() - first;
        RangeFile[] files = new RangeFile[n];
        boolean[] done = new boolean[n];
        boolean[] again = new boolean[n];
        boolean[][] next = new boolean[n][];
        long[] fresh = new long[n];
        long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
        for (int i = 0; i < n; i++) {
            RangeHandle h = group.ranges().get(i);
            RangeFile f = h.open();
            files[i] = f;
            if (f.level() == level + 1 && !f.merging()) {
                done[i] = true; // merged by an earlier attempt
                fresh[i] = f.fresh();
                continue;
            }
            if (f.level() != level) {
                throw new StaleRangeException(h.path() + " holds level " + f.level() + ", not level " + level + " or "
                        + (level + 1));
            }
            again[i] = f.merging();
            f.setMerging(true);
            for (int c = 0; c < f.chunks(); c++) {
                if (f.flagged(level, c)) {
                    int words = f.read(c, scratch);
                    TwoBitLevel.retire(scratch, 0, words, level, false);
                    f.write(c, scratch);
                }
            }
            next[i] = new boolean[f.chunks()];
        }
        int code = TwoBitLevel.nextCode(level);
        while (blocks.hasNext()) {
            Tuple2<Integer, byte[]> block = blocks.next();
            int i = (block._1() - first) / stride;
            if (!done[i]) {
                fresh[i] += RankBlock.markInto(block._2(), files[i].words(), code, next[i]);
            }
        }
        FaultSeam.task("explore-merge-" + level);
        List<long[]> counts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            RangeFile f = files[i];
            if (!done[i]) {
                if (again[i]) {
                    fresh[i] = countCode(f, code, next[i], scratch);
                }
                for (int c = 0; c < next[i].length; c++) {
                    f.flag(level + 1, c, next[i][c]);
                }
                f.setFresh(fresh[i]);
                f.setLevel(level + 1);
                f.setMerging(false);
            }
            counts.add(new long[] {group.ranges().get(i).part(), fresh[i]});
        }
        return counts.iterator();
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
}
