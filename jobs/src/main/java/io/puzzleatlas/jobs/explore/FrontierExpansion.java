package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.BlockMoves;
import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.core.table.TwoBitWords;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import scala.Tuple2;

/**
 * The expansion of a level, one task per {@link RangeGroup}: scans each range file's flagged chunks for the frontier
 * ({@link TwoBitLevel#expand}, a chunk at a time through a scratch array), writes each frontier state's distance row to
 * this level's file of the range (when distances are wanted: the table is streamed level by level, no depth per state
 * is kept; each file written is reported to the driver, {@link DistanceOutput#commit}), and hands on each neighbour:
 *
 * <ul>
 *   <li>to a range whose file is on this task's host: marked there at once, by an atomic compare-and-set on the mapped
 *       words that counts each new state once ({@link TwoBitWords#markShared}), as the in-core search marks its one
 *       array, by the same codec: a batch of ranks at a time, their entries loaded first ({@link TwoBitWords#unseen})
 *       so their misses overlap;
 *   <li>to a range on another host: collected into a {@link RankBlock} of its owner, emitted encoded whenever the
 *       task's blocks hold {@link #BLOCK_BUDGET} bytes (and at the end), lazily, as Spark's shuffle writer asks for
 *       them, and merged there ({@link LevelMerge}).
 * </ul>
 *
 * When every range is on one host (local mode, a one-machine cluster) a level is this one stage and the tasks' counts
 * of states they marked first are the level's size ({@link #direct}); else its blocks are shuffled to the merge. Each
 * chunk's frontier is retired as soon as it is expanded, so a range whose expansion was begun cannot be expanded again:
 * a task run again on it fails ({@link StaleRangeException}) and the driver goes back to the last checkpoint.
 */
final class FrontierExpansion implements PairFlatMapFunction<Iterator<RangeGroup>, Integer, byte[]> {
    private static final long serialVersionUID = 6L;
    /** Bytes of collected ranks after which a task emits its blocks. */
    static final long BLOCK_BUDGET = 64L << 20;

    private final ExploreSpec spec;
    private final RangeLayout layout;
    /** Every range of the search, by part: where its file is. */
    private final RangeHandle[] all;
    /** Whether neighbours in ranges on this task's host are marked at once (else every neighbour goes by a block). */
    private final boolean sameHostMarks;

    private final int level;
    /** Where this level's distance files go and how they are reported, or null (histogram only). */
    private final DistanceOutput distances;

    FrontierExpansion(
            ExploreSpec spec,
            RangeLayout layout,
            RangeHandle[] all,
            boolean sameHostMarks,
            int level,
            DistanceOutput distances) {
        this.spec = spec;
        this.layout = layout;
        this.all = all;
        this.sameHostMarks = sameHostMarks;
        this.level = level;
        this.distances = distances;
    }

    /** The map side of a level of two stages: the blocks for ranges on other hosts, keyed by owner range. */
    @Override
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<RangeGroup> groups) {
        return new Expansion(groups.next(), false);
    }

    /**
     * The whole level when every range is on one host: expands the group and returns the states it marked first; every
     * range of the group then holds the frontier of the next level (its marks from other tasks arrive until the stage
     * ends).
     */
    Function<RangeGroup, Long> direct() {
        return new WholeLevel(this);
    }

    /**
     * {@link #direct}'s function: a named class, not a lambda, so that Spark's closure cleaner has no lambda body to
     * read (it parses a lambda's class file at every job, that is every level).
     */
    private static final class WholeLevel implements Function<RangeGroup, Long> {
        private static final long serialVersionUID = 1L;
        private final FrontierExpansion expansion;

        WholeLevel(FrontierExpansion expansion) {
            this.expansion = expansion;
        }

        @Override
        public Long call(RangeGroup group) {
            return expansion.expandWhole(group);
        }
    }

    /** The whole level for {@code group}, every range on this task's host: the states it marked first. */
    long expandWhole(RangeGroup group) {
        Expansion e = new Expansion(group, true);
        if (e.hasNext()) {
            throw new StaleRangeException("range " + e.ready.peek()._1() + " is not on this task's host " + here()
                    + ", though every range was placed on one host");
        }
        return e.fresh.count();
    }

    private static String here() {
        SparkEnv env = SparkEnv.get();
        return env == null ? "localhost" : env.blockManager().blockManagerId().host();
    }

    /** The expansion of a group's ranges, chunk by chunk, handing out the blocks as they fill. */
    private final class Expansion implements Iterator<Tuple2<Integer, byte[]>> {
        private final List<RangeHandle> ranges;
        private final RangeFile[] files;
        private final boolean wholeLevel;
        private final int code = TwoBitLevel.nextCode(level);
        private final NeighbourRanker every = spec.ranker();
        /** The space's moves of whole blocks, marked a word at a time ({@link #markMoved}), or null: none. */
        private final BlockMoves moves = every.blockMoves();

        private final TwoBitLevel.WordSink moved = this::markMoved;
        /** The neighbours ranked one by one: those of the other moves, or all. */
        private final NeighbourRanker ranker = moves == null ? every : moves.others();

        private final long[] buffer = TwoBitLevel.buffer(ranker);
        private final long[] scratch = new long[TwoBitLevel.CHUNK_WORDS];
        /** The codec over {@link #scratch}, which holds a chunk while it is expanded. */
        private final TwoBitWords scratchWords = TwoBitWords.of(scratch);
        /** A batch's neighbours read unseen in this host's ranges, between its two passes: owner range and offset. */
        private final int[] owners = new int[buffer.length];

        private final int[] offsets = new int[buffer.length];
        /** By owner range: its file when it is on this host (marked at once), else null (a block); its codec. */
        private final RangeFile[] marked = new RangeFile[layout.parts()];

        private final TwoBitWords[] markedWords = new TwoBitWords[layout.parts()];

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
        /** States this task marked first. */
        private final TwoBitWords.Count fresh = new TwoBitWords.Count();

        Expansion(RangeGroup group, boolean wholeLevel) {
            FaultSeam.task("explore-level-" + level);
            FaultSeam.stop("explore-level-" + level);
            this.ranges = group.ranges();
            this.wholeLevel = wholeLevel;
            this.files = new RangeFile[ranges.size()];
            for (int i = 0; i < files.length; i++) {
                files[i] = ranges.get(i).open();
                files[i].require(level, RangeFile.Phase.READY, "the expansion of level " + level);
            }
            for (RangeFile f : files) {
                f.setPhase(RangeFile.Phase.EXPANDING);
            }
            if (sameHostMarks) {
                String host = here();
                for (RangeHandle h : all) {
                    if (h.host().equals(host)) {
                        marked[h.part()] = h.open();
                        markedWords[h.part()] = marked[h.part()].codec();
                    }
                }
            }
            this.frontier = rank -> {
                if (rows != null) {
                    rows.add(rank, level);
                }
                if (first.size() < SparkExplorer.DEEPEST_CAP) {
                    first.add(rank);
                }
            };
            // a batch in two passes, as the in-core search marks: loads of this host's entries (and
            // the blocks of other hosts' ranges) first, then the marks of those read unseen
            this.route = (ranks, count) -> {
                int candidates = 0;
                for (int k = 0; k < count; k++) {
                    long rank = ranks[k];
                    int owner = layout.owner(rank);
                    int offset = (int) (rank - layout.lo(owner));
                    TwoBitWords to = markedWords[owner];
                    if (to != null) {
                        owners[candidates] = owner;
                        offsets[candidates] = offset;
                        candidates += to.unseen(offset);
                        continue;
                    }
                    held += block(owner).add(offset);
                }
                for (int k = 0; k < candidates; k++) {
                    int owner = owners[k];
                    if ((markedWords[owner].markShared(offsets[k], code, fresh) & 1) != 0) {
                        marked[owner].flagMarked(offsets[k], level + 1);
                    }
                }
            };
            startRange();
        }

        /** The block of ranks for range {@code owner}, on another host, made on first use. */
        private RankBlock block(int owner) {
            RankBlock block = blocks[owner];
            if (block == null) {
                block = new RankBlock(layout.length(owner));
                blocks[owner] = block;
                held += block.bytes();
            }
            return block;
        }

        /**
         * Where a frontier word's block moves go ({@link TwoBitLevel#expand}, as in the in-core search): the word at
         * the same offset of a target block is one word of one range (ranges start on a word), marked there at once by
         * one atomic OR when the range is on this host, else handed to its block rank by rank, with no rank computed by
         * the ranker.
         */
        private void markMoved(long firstRank, long lowBits) {
            int owner = layout.owner(firstRank);
            int offset = (int) (firstRank - layout.lo(owner));
            TwoBitWords f = markedWords[owner];
            if (f != null) {
                if (f.markWord(offset >>> 5, lowBits, code, true, fresh) != 0) {
                    marked[owner].flagMarked(offset, level + 1);
                }
                return;
            }
            RankBlock block = block(owner);
            for (long bits = lowBits; bits != 0; bits &= bits - 1) {
                held += block.add(offset + (Long.numberOfTrailingZeros(bits) >>> 1));
            }
        }

        private void startRange() {
            chunk = 0;
            first.clear();
            if (range < files.length && distances != null) {
                rows = distances.writer(spec, ranges.get(range).part(), level);
            }
        }

        /**
         * The end of a range: its distance rows closed, its first frontier ranks kept beside it
         * ({@link RangeFile#writeFrontier}), and the range on to the next level (or to its merge).
         */
        private void endRange() {
            if (rows != null) {
                distances.commit(rows);
                rows = null;
            }
            RangeFile.writeFrontier(ranges.get(range).path(), first.toArray());
            RangeFile f = files[range];
            if (wholeLevel) {
                f.setLevel(level + 1);
                f.setPhase(RangeFile.Phase.READY);
            } else {
                f.setPhase(RangeFile.Phase.EXPANDED);
            }
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
                    TwoBitLevel.expand(
                            scratchWords,
                            0,
                            n,
                            base,
                            level,
                            ranker,
                            buffer,
                            frontier,
                            route,
                            moves,
                            moved,
                            false,
                            false);
                    f.retireShared(c, scratch, level);
                    f.flag(level, c, false);
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
