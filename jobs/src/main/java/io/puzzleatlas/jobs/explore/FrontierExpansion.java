package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * Map side of a level: scans the range file's flagged chunks for the frontier
 * ({@link TwoBitLevel#expand}, a chunk at a time through a scratch array), writes each frontier
 * state's distance row to this level's file of the range (when distances are wanted: the table is
 * streamed level by level, no depth per state is kept), and emits encoded {@link RankBlock}s per
 * owner range that the neighbours fall into. The blocks are emitted whenever they hold
 * {@link #BLOCK_BUDGET} bytes (and at the end), lazily, as Spark's shuffle writer asks for them:
 * a task's heap is bounded whatever the size of its range or its frontier. Reads the range only,
 * so a task run again before the level's merge gives the same blocks.
 */
final class FrontierExpansion implements PairFlatMapFunction<Iterator<RangeHandle>, Integer, byte[]> {
    private static final long serialVersionUID = 3L;
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
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<RangeHandle> handles) {
        FaultSeam.task("explore-level-" + level);
        RangeHandle handle = handles.next();
        RangeFile range = handle.open();
        if (range.level() != level || range.merging()) {
            throw new StaleRangeException(handle.path() + " holds level " + range.level() + (range.merging() ? " (merging)" : "")
                    + ", not the frontier of level " + level + ": the range moved on since this level was expanded");
        }
        return new Blocks(handle, range);
    }

    /** The expansion of one range, chunk by chunk, handing out its blocks as they fill. */
    private final class Blocks implements Iterator<Tuple2<Integer, byte[]>> {
        private final RangeHandle handle;
        private final RangeFile range;
        private final NeighbourRanker ranker = spec.ranker();
        private final long[] buffer = new long[ranker.maxNeighbours()];
        private final long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
        private final RankBlock[] blocks = new RankBlock[layout.parts()];
        private final ArrayDeque<Tuple2<Integer, byte[]>> ready = new ArrayDeque<>();
        private final DistanceFiles.Writer rows;
        private final TwoBitLevel.RankSink frontier;
        private final TwoBitLevel.NeighbourSink route;
        /** The frontier's first ranks, kept beside the range: the deepest states, should this level be the last. */
        private final LongList first = new LongList();
        private long held;
        private int chunk;

        Blocks(RangeHandle handle, RangeFile range) {
            this.handle = handle;
            this.range = range;
            this.rows = distances == null ? null : DistanceFiles.writer(conf.get(),
                    new Path(distances, DistanceFiles.fileName(handle.part(), level)), withStates ? spec : null);
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
        }

        @Override
        public boolean hasNext() {
            while (ready.isEmpty() && chunk <= range.chunks()) {
                if (chunk == range.chunks()) {
                    chunk++;
                    if (rows != null) {
                        rows.close();
                    }
                    RangeFile.writeFrontier(handle.path(), first.toArray());
                    emit();
                    break;
                }
                int c = chunk++;
                if (range.flagged(level, c)) {
                    int n = range.read(c, scratch);
                    TwoBitLevel.expand(scratch, 0, n, handle.lo() + ((long) RangeFile.from(c) << 5), level, ranker, buffer,
                            frontier, route, false);
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
