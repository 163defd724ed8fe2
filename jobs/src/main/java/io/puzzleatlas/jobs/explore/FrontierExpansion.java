package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * Map side of a level, one task per {@link RangeGroup}: scans each range file's flagged chunks for
 * the frontier ({@link TwoBitLevel#expand}, a chunk at a time through a scratch array), writes each
 * frontier state's distance row to this level's file of the range (when distances are wanted: the
 * table is streamed level by level, no depth per state is kept), and emits encoded
 * {@link RankBlock}s per owner range that the neighbours fall into. The blocks are emitted whenever
 * they hold {@link #BLOCK_BUDGET} bytes (and at the end), lazily, as Spark's shuffle writer asks
 * for them: a task's heap is bounded whatever the size of its ranges or their frontier. Reads the
 * ranges only, so a task run again before the level's merge gives the same blocks; one asked of a
 * range that was merged since fails ({@link StaleRangeException}).
 */
final class FrontierExpansion implements PairFlatMapFunction<Iterator<RangeGroup>, Integer, byte[]> {
    private static final long serialVersionUID = 4L;
    /** Bytes of collected ranks after which a task emits its blocks. */
    static final long BLOCK_BUDGET = 64L << 20;

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
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<RangeGroup> groups) {
        FaultSeam.task("explore-level-" + level);
        RangeGroup group = groups.next();
        RangeFile[] files = new RangeFile[group.ranges().size()];
        for (int i = 0; i < files.length; i++) {
            RangeHandle h = group.ranges().get(i);
            files[i] = h.open();
            if (files[i].level() != level || files[i].merging()) {
                throw new StaleRangeException(h.path() + " holds level " + files[i].level()
                        + (files[i].merging() ? " (merging)" : "") + ", not the frontier of level " + level
                        + ": the range moved on since this level was expanded");
            }
        }
        return new Blocks(group, files);
    }

    /** The expansion of a group's ranges, chunk by chunk, handing out the blocks as they fill. */
    private final class Blocks implements Iterator<Tuple2<Integer, byte[]>> {
        private final List<RangeHandle> ranges;
        private final RangeFile[] files;
        private final NeighbourRanker ranker = spec.ranker();
        private final long[] buffer = new long[ranker.maxNeighbours()];
        private final long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
        private final RankBlock[] blocks = new RankBlock[layout.parts()];
        private final ArrayDeque<Tuple2<Integer, byte[]>> ready = new ArrayDeque<>();
        private final TwoBitLevel.RankSink frontier;
        private final TwoBitLevel.NeighbourSink route;
        /** The range being expanded, its next chunk, its distance rows (or null), its first frontier ranks. */
        private int range;
        private int chunk;
        private DistanceFiles.Writer rows;
        private final LongList first = new LongList();
        private long held;

        Blocks(RangeGroup group, RangeFile[] files) {
            this.ranges = group.ranges();
            this.files = files;
            this.frontier = rank -> {
                if (rows != null) {
                    rows.add(rank, level);
                }
                if (first.size() < SparkExplorer.DEEPEST_CAP) {
                    first.add(rank);
                }
            };
            this.route = (ranks, count) -> {
                for (int k = 0; k < count; k++) {
                    int owner = layout.owner(ranks[k]);
                    RankBlock block = blocks[owner];
                    if (block == null) {
                        block = new RankBlock(layout.length(owner));
                        blocks[owner] = block;
                        held += block.bytes();
                    }
                    held += block.add((int) (ranks[k] - layout.lo(owner)));
                }
            };
            startRange();
        }

        private void startRange() {
            chunk = 0;
            first.clear();
            if (range < files.length && distances != null) {
                int part = ranges.get(range).part();
                rows = DistanceFiles.writer(conf.get(), new Path(distances, DistanceFiles.fileName(part, level)),
                        withStates ? spec : null);
            }
        }

        /** The end of a range: its distance rows closed, its first frontier ranks kept beside it ({@link RangeFile#writeFrontier}). */
        private void endRange() {
            if (rows != null) {
                rows.close();
                rows = null;
            }
            RangeFile.writeFrontier(ranges.get(range).path(), first.toArray());
            range++;
            startRange();
        }

        @Override
        public boolean hasNext() {
            while (ready.isEmpty() && range < files.length) {
                RangeFile f = files[range];
                if (chunk == f.chunks()) {
                    endRange();
                    if (range == files.length) {
                        emit();
                    }
                    continue;
                }
                int c = chunk++;
                if (f.flagged(level, c)) {
                    int n = f.read(c, scratch);
                    long base = ranges.get(range).lo() + ((long) RangeFile.from(c) << 5);
                    TwoBitLevel.expand(scratch, 0, n, base, level, ranker, buffer, frontier, route, false);
                    if (held >= BLOCK_BUDGET) {
                        emit();
                    }
                }
            }
            return !ready.isEmpty();
        }

        @Override
        public Tuple2<Integer, byte[]> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return ready.poll();
        }

        private void emit() {
            for (int owner = 0; owner < blocks.length; owner++) {
                if (blocks[owner] != null) {
                    ready.add(new Tuple2<>(owner, blocks[owner].encode()));
                    blocks[owner] = null;
                }
            }
            held = 0;
        }
    }
}
