package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction2;
import scala.Tuple2;

/**
 * Reduce side of a level whose ranges are on several hosts, one task per {@link RangeGroup}, zipped with the group:
 * marks every rank the other hosts sent a range, not seen before, with the next level's code, in place; then counts the
 * range's next level by a scan of the chunks that may hold it (flagged by the marks of this host's expansions, or
 * touched by a block), flags them, and returns {range, new ranks} per range.
 *
 * <p>Safe to run again (Spark retries a task whose executor was lost): a range whose merge finished returns the count
 * recorded in its file's header; one whose merge was cut off is merged again, marking changes nothing twice and the
 * scan counts the same.
 */
final class LevelMerge implements FlatMapFunction2<Iterator<RangeGroup>, Iterator<Tuple2<Integer, byte[]>>, long[]> {
    private static final long serialVersionUID = 5L;

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
        boolean[][] touched = new boolean[n][];
        for (int i = 0; i < n; i++) {
            RangeHandle h = group.ranges().get(i);
            RangeFile f = h.open();
            files[i] = f;
            if (f.level() == level + 1 && f.phase() == RangeFile.Phase.READY) {
                done[i] = true; // merged by an earlier attempt
                continue;
            }
            if (f.level() != level || f.phase() != RangeFile.Phase.MERGING) {
                f.require(level, RangeFile.Phase.EXPANDED, "the merge of level " + level);
            }
            f.setPhase(RangeFile.Phase.MERGING);
            touched[i] = new boolean[f.chunks()];
        }
        int code = TwoBitLevel.nextCode(level);
        while (blocks.hasNext()) {
            Tuple2<Integer, byte[]> block = blocks.next();
            int i = (block._1() - first) / stride;
            if (!done[i]) {
                RankBlock.markInto(block._2(), files[i].codec(), code, touched[i]);
            }
        }
        FaultSeam.task("explore-merge-" + level);
        List<long[]> counts = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            RangeFile f = files[i];
            if (!done[i]) {
                f.setFresh(countCode(f, level + 1, touched[i]));
                f.setLevel(level + 1);
                f.setPhase(RangeFile.Phase.READY);
            }
            counts.add(new long[] {group.ranges().get(i).part(), f.fresh()});
        }
        return counts.iterator();
    }

    /**
     * The ranks of {@code range} in the frontier of {@code level}, in the chunks flagged for it or {@code touched};
     * flags exactly the chunks that hold one.
     */
    static long countCode(RangeFile range, int level, boolean[] touched) {
        int code = TwoBitLevel.frontierCode(level);
        long n = 0;
        for (int c = 0; c < range.chunks(); c++) {
            if (!touched[c] && !range.flagged(level, c)) {
                continue;
            }
            long inChunk = range.codec().count(RangeFile.from(c), range.to(c), code);
            range.flag(level, c, inChunk != 0);
            n += inChunk;
        }
        return n;
    }
}
