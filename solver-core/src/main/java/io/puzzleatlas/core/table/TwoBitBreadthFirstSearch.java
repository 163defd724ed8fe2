package io.puzzleatlas.core.table;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.function.IntFunction;
import java.util.function.LongPredicate;

/**
 * Breadth-first search of a whole ranked state space in this JVM with two bits per state ({@link TwoBitLevel}: Korf
 * 2008's encoding, here in memory), on one thread or several: the one engine of the atlas's searches and of every
 * distance table ({@link BreadthFirstTableBuilder}).
 *
 * <p>A level is one sequential scan of the array: threads take 512K-rank chunks in turn and scan each once
 * ({@link TwoBitLevel#expand}), expanding its frontier, marking unseen neighbours with the next level's code by
 * compare-and-set (so each new state is counted exactly once) and marking each frontier word expanded as the scan
 * leaves it. Moves that shift whole blocks of ranks ({@link BlockMoves}: a sliding puzzle's sideways moves) are marked
 * from the chunk's frontier words 32 entries at a time, and only the other moves are ranked state by state. A 3x4
 * sliding puzzle (239,500,800 ranks) needs 60 MB, the 2x7 (43,589,145,600) 10.9 GB. Depth per state is not kept: the
 * histogram comes from the counts, and the ranks of a level are recorded while it is small, so the last level's ranks
 * (the deepest states) are known when the search ends.
 *
 * <p>Where every rank's neighbours are the ranks it is a neighbour of ({@link NeighbourRanker#symmetric}), a level with
 * more frontier states than unseen ones is found bottom-up instead: each unseen state is checked for a neighbour in the
 * frontier (Beamer, Asanović and Patterson, "Direction-optimizing breadth-first search", SC 2012), which turns the
 * last, largest levels of a puzzle's space into a scan of the few states left.
 *
 * <p>Between two levels the whole search is the array, the level and the histogram (a {@link Snapshot}): an
 * {@link Observer} may save it, and {@link #run} continues from one.
 */
public final class TwoBitBreadthFirstSearch {
    /** Levels with at most this many states have their ranks recorded. */
    public static final int RECORD_CAP = 1 << 16;
    /** Largest space: the array is one Java long[] (2^31 - 9 words of 32 ranks). */
    public static final long MAX_RANKS = (long) (Integer.MAX_VALUE - 8) << 5;

    private static final int CHUNK_WORDS = TwoBitLevel.CHUNK_WORDS;
    private static final int CHUNK_RANK_BITS = TwoBitLevel.CHUNK_RANK_BITS;

    /**
     * The outcome: {@code histogram[d]} states at distance d and the deepest ranks, ascending; when the search stopped
     * early ({@code complete} false) the histogram of the levels done.
     */
    public record Result(long[] histogram, long[] deepestRanks, boolean complete) {
        /** States reached. */
        public long reached() {
            return Arrays.stream(histogram).sum();
        }
    }

    /**
     * The search between two levels: {@code level} levels are done, {@code histogram} has {@code level + 1} entries,
     * and {@code words} holds the frontier of {@code level} (the array itself, not a copy: a saver writes it before
     * returning).
     */
    public record Snapshot(int level, long[] histogram, long[] words) {}

    /**
     * What a run did besides finding states, counted as it goes (a few additions per chunk or per marked state, no
     * shared counter): for finding what grows with the thread count (docs/benchmarks.md). {@code chunksHandedOut}:
     * chunk indexes given to threads, empty ones included; {@code chunksScanned}: those scanned (top-down with a
     * frontier, or bottom-up); {@code casMarks}: states marked by compare-and-set, {@code casRetries}: those
     * compare-and-sets repeated because another thread had changed the word between the read and the write;
     * {@code blockWords}: words the block moves marked (one atomic OR each); {@code parallelNanos}: wall time of the
     * levels' scans on all threads; {@code serialNanosPerLevel[d]}: wall time of level d's expansion spent outside its
     * scans, on one thread (hand-over, merging, the observer).
     */
    public record Counters(
            int threads,
            long chunksHandedOut,
            long chunksScanned,
            long casMarks,
            long casRetries,
            long blockWords,
            long parallelNanos,
            long[] serialNanosPerLevel) {
        /** The serial time of all levels. */
        public long serialNanos() {
            return Arrays.stream(serialNanosPerLevel).sum();
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "threads %d, chunks handed out %d, scanned %d, CAS marks %d, CAS retries %d, block-move words %d,"
                            + " parallel %.3f s, serial %.3f s over %d levels (largest %.3f ms)",
                    threads,
                    chunksHandedOut,
                    chunksScanned,
                    casMarks,
                    casRetries,
                    blockWords,
                    parallelNanos / 1e9,
                    serialNanos() / 1e9,
                    serialNanosPerLevel.length,
                    Arrays.stream(serialNanosPerLevel).max().orElse(0) / 1e6);
        }
    }

    /** The counters of the run that ended last in this JVM, or null before the first. */
    private static volatile Counters lastCounters;

    /** The {@link Counters} of the run that ended last in this JVM (of any search), or null before the first. */
    public static Counters lastCounters() {
        return lastCounters;
    }

    /** Told of each level as it is found and of each pause between levels. */
    public interface Observer {
        Observer NONE = new Observer() {};

        /** Level {@code level} holds {@code count} states; {@code reached} so far, */
        default void level(int level, long count, long reached) {}

        /** Called between two levels, before the next is expanded; may save {@code s}. */
        default void between(Snapshot s) {}

        /**
         * A sink for each rank of the frontier of {@code level} as it is expanded (from several threads at once when
         * the search has several), or null: none wanted. Taking the ranks there costs no scan of its own.
         */
        default TwoBitLevel.RankSink frontier(int level) {
            return null;
        }
    }

    private TwoBitBreadthFirstSearch() {}

    /** Bytes a snapshot of a search of {@code size} ranks takes: the array. */
    public static long checkpointBytes(long size) {
        return TwoBitLevel.words(size) * 8;
    }

    /** The whole search of {@code size} ranks from {@code goalRank}, no observer. */
    public static Result run(long size, long goalRank, IntFunction<NeighbourRanker> rankers, int threads) {
        return run(size, goalRank, rankers, threads, null, Integer.MAX_VALUE, Observer.NONE);
    }

    /**
     * Searches the space of {@code size} ranks from {@code goalRank} on {@code threads} threads;
     * {@code rankers.apply(i)} makes thread i's neighbour ranker. Starts from {@code from} when it is not null; stops
     * when {@code maxLevel} levels are done (result not complete).
     */
    public static Result run(
            long size,
            long goalRank,
            IntFunction<NeighbourRanker> rankers,
            int threads,
            Snapshot from,
            int maxLevel,
            Observer observer) {
        if (size > MAX_RANKS) {
            throw new IllegalArgumentException("a space of " + size + " ranks needs more than one array of 2^31 words");
        }
        Search search = from == null ? Search.fresh(size, goalRank, observer) : Search.resumed(size, from);
        // per thread: the block moves (marked a word at a time), or null, and the ranker of the rest
        BlockMoves[] blocks = new BlockMoves[threads];
        NeighbourRanker[] perThread = new NeighbourRanker[threads];
        boolean symmetric = true;
        for (int t = 0; t < threads; t++) {
            NeighbourRanker ranker = rankers.apply(t);
            blocks[t] = ranker.blockMoves();
            perThread[t] = blocks[t] == null ? ranker : blocks[t].others();
            symmetric &= blocks[t] == null && ranker.symmetric();
        }
        search.symmetric = symmetric;
        // one thread searches on the caller's thread, and marks without compare-and-set
        ExecutorService pool = threads > 1 ? ChunkedWork.pool(threads, "two-bit-bfs") : null;
        search.threads = threads;
        try {
            while (true) {
                observer.between(
                        new Snapshot(search.level, Arrays.copyOf(search.histogram, search.level + 1), search.words));
                if (search.level >= maxLevel) {
                    return new Result(Arrays.copyOf(search.histogram, search.level + 1), new long[0], false);
                }
                Result done = search.next(pool, blocks, perThread, observer);
                if (done != null) {
                    return done;
                }
            }
        } finally {
            lastCounters = search.counters();
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    /** A search under way: the array, the histogram so far, the level done and the chunks its frontier may hold. */
    private static final class Search {
        private final long[] words;
        private final TwoBitWords codec;
        private final long size;
        /** Whether a level may be found bottom-up ({@link NeighbourRanker#symmetric}). */
        boolean symmetric;

        private long[] histogram;
        private int level;
        private long reached;
        private boolean[] frontierChunks;

        // the counters (Counters), kept by this thread between levels from what the workers counted
        int threads;
        private long chunksHandedOut;
        private long chunksScanned;
        private long casMarks;
        private long casRetries;
        private long blockWords;
        private long parallelNanos;
        private final LongList serialNanos = new LongList();

        Counters counters() {
            return new Counters(
                    threads,
                    chunksHandedOut,
                    chunksScanned,
                    casMarks,
                    casRetries,
                    blockWords,
                    parallelNanos,
                    serialNanos.toArray());
        }

        private Search(long size, long[] words, long[] histogram, int level, boolean[] frontierChunks) {
            this.size = size;
            this.words = words;
            this.codec = TwoBitWords.of(words);
            this.histogram = histogram;
            this.level = level;
            this.frontierChunks = frontierChunks;
            for (int d = 0; d <= level; d++) {
                reached += histogram[d];
            }
        }

        /** From the goal alone: level 0. */
        static Search fresh(long size, long goalRank, Observer observer) {
            long[] words = new long[(int) TwoBitLevel.words(size)];
            TwoBitWords.of(words).set(goalRank, TwoBitLevel.frontierCode(0));
            long[] histogram = new long[64];
            histogram[0] = 1;
            observer.level(0, 1, 1);
            boolean[] chunks = new boolean[TwoBitLevel.chunks(words.length)];
            chunks[(int) (goalRank >>> CHUNK_RANK_BITS)] = true;
            return new Search(size, words, histogram, 0, chunks);
        }

        /** From a snapshot: every chunk may hold its frontier. */
        static Search resumed(long size, Snapshot from) {
            if (from.words().length != TwoBitLevel.words(size)) {
                throw new IllegalArgumentException("the snapshot holds " + from.words().length
                        + " words, the space needs " + TwoBitLevel.words(size));
            }
            int level = from.level();
            boolean[] chunks = new boolean[TwoBitLevel.chunks(from.words().length)];
            Arrays.fill(chunks, true);
            return new Search(
                    size, from.words(), Arrays.copyOf(from.histogram(), Math.max(64, 2 * (level + 1))), level, chunks);
        }

        /** Expands one level; returns the result when it found nothing new (the search is complete), else null. */
        Result next(ExecutorService pool, BlockMoves[] blocks, NeighbourRanker[] rankers, Observer observer) {
            long started = System.nanoTime();
            boolean record = histogram[level] <= RECORD_CAP;
            boolean[] nextChunks = new boolean[frontierChunks.length];
            TwoBitLevel.RankSink observed = observer.frontier(level);
            // bottom-up when fewer states are unseen than in the frontier, and no one wants the frontier's ranks
            LevelOutcome out = symmetric && !record && observed == null && size - reached < histogram[level]
                    ? pullLevel(pool, rankers, codec, size, level, frontierChunks, nextChunks)
                    : level(pool, blocks, rankers, codec, level, record, observed, frontierChunks, nextChunks);
            frontierChunks = nextChunks;
            chunksHandedOut += out.work.chunksHandedOut;
            chunksScanned += out.work.chunksScanned;
            casMarks += out.work.casMarks;
            casRetries += out.work.casRetries;
            blockWords += out.work.blockWords;
            parallelNanos += out.work.parallelNanos;
            serialNanos.add(System.nanoTime() - started - out.work.parallelNanos);
            if (out.added == 0) {
                long[] deepest = record ? out.recorded : new long[0];
                Arrays.sort(deepest);
                return new Result(Arrays.copyOf(histogram, level + 1), deepest, true);
            }
            level++;
            if (level == histogram.length) {
                histogram = Arrays.copyOf(histogram, level * 2);
            }
            histogram[level] = out.added;
            reached += out.added;
            observer.level(level, out.added, reached);
            return null;
        }
    }

    private record LevelOutcome(long added, long[] recorded, Work work) {}

    /** A level's share of the {@link Counters}, summed over its workers. */
    private static final class Work {
        long chunksHandedOut;
        long chunksScanned;
        long casMarks;
        long casRetries;
        long blockWords;
        long parallelNanos;
    }

    /**
     * Expands one level. {@code frontierChunks[c]} says whether chunk c may hold frontier states (chunks without any
     * are skipped: the first and last levels touch a few chunks of the array); the chunks that receive new states are
     * flagged in {@code nextChunks}.
     */
    private static LevelOutcome level(
            ExecutorService pool,
            BlockMoves[] blocks,
            NeighbourRanker[] rankers,
            TwoBitWords words,
            int level,
            boolean record,
            TwoBitLevel.RankSink observed,
            boolean[] frontierChunks,
            boolean[] nextChunks) {
        int chunks = frontierChunks.length;
        int code = TwoBitLevel.nextCode(level);
        long started = System.nanoTime();
        List<LevelWorker> results = ChunkedWork.run(
                pool,
                rankers.length,
                chunks,
                w -> new LevelWorker(record, observed, blocks[w], rankers[w], words, code, nextChunks, pool != null),
                (worker, c) -> {
                    if (!frontierChunks[c]) {
                        return;
                    }
                    worker.scanned++;
                    int from = c * CHUNK_WORDS;
                    int to = Math.min(words.length(), from + CHUNK_WORDS);
                    TwoBitLevel.expand(
                            words,
                            from,
                            to,
                            0,
                            level,
                            worker.ranker,
                            worker.buffer,
                            worker.frontier,
                            worker,
                            worker.blocks,
                            worker.moved,
                            true,
                            worker.shared);
                },
                "two-bit search");
        Work work = new Work();
        work.parallelNanos = System.nanoTime() - started;
        work.chunksHandedOut = chunks;
        long added = 0;
        LongList recorded = new LongList();
        for (LevelWorker r : results) {
            added += r.added.count();
            work.chunksScanned += r.scanned;
            work.casMarks += r.casMarks;
            work.casRetries += r.casRetries;
            work.blockWords += r.blockWords;
            if (record) {
                recorded.addAll(r.recorded);
            }
        }
        return new LevelOutcome(added, recorded.toArray(), work);
    }

    /**
     * Finds the next level bottom-up: every unseen rank with a neighbour in the frontier of {@code level} gets the next
     * level's code (a thread writes only the words of its own chunks; states found meanwhile are not frontier states,
     * so what other threads read of them does not matter); then the frontier is retired.
     */
    private static LevelOutcome pullLevel(
            ExecutorService pool,
            NeighbourRanker[] rankers,
            TwoBitWords words,
            long size,
            int level,
            boolean[] frontierChunks,
            boolean[] nextChunks) {
        int chunks = frontierChunks.length;
        int frontier = TwoBitLevel.frontierCode(level);
        int code = TwoBitLevel.nextCode(level);
        boolean shared = pool != null;
        long started = System.nanoTime();
        List<Puller> added = ChunkedWork.run(
                pool,
                rankers.length,
                chunks,
                w -> new Puller(rankers[w]),
                (puller, c) -> {
                    NeighbourRanker ranker = puller.ranker;
                    long[] buffer = new long[ranker.maxNeighbours()];
                    LongPredicate inFrontier = n -> words.code(n) == frontier;
                    int from = c * CHUNK_WORDS;
                    int to = Math.min(words.length(), from + CHUNK_WORDS);
                    for (int i = from; i < to; i++) {
                        long first = (long) i << 5;
                        long unseen = TwoBitLevel.unseenBits(words.word(i));
                        if (first + 32 > size) {
                            unseen &= (1L << ((size - first) << 1)) - 1; // no ranks past the space
                        }
                        long hits = 0;
                        for (long bits = unseen; bits != 0; bits &= bits - 1) {
                            int at = Long.numberOfTrailingZeros(bits);
                            if (ranker.anyNeighbour(first + (at >>> 1), inFrontier, buffer)) {
                                hits |= 1L << at;
                            }
                        }
                        if (hits != 0) {
                            words.or(i, TwoBitLevel.codeBits(hits, code), shared);
                            puller.added.add(i, hits);
                            nextChunks[c] = true;
                        }
                    }
                    puller.scanned++;
                },
                "two-bit search, bottom-up");
        ChunkedWork.run(
                pool,
                rankers.length,
                chunks,
                w -> Boolean.TRUE, // no state of its own
                (none, c) -> {
                    if (!frontierChunks[c]) {
                        return;
                    }
                    int to = Math.min(words.length(), (c + 1) * CHUNK_WORDS);
                    for (int i = c * CHUNK_WORDS; i < to; i++) {
                        words.retire(i, TwoBitLevel.frontierBits(words.word(i), level), level, false);
                    }
                },
                "two-bit search, retiring a level");
        Work work = new Work();
        work.parallelNanos = System.nanoTime() - started;
        work.chunksHandedOut = 2L * chunks;
        long total = 0;
        for (Puller p : added) {
            total += p.added.count();
            work.chunksScanned += p.scanned;
        }
        return new LevelOutcome(total, new long[0], work);
    }

    /** One thread of a bottom-up level: its ranker, the states it found, the chunks it scanned. */
    private static final class Puller {
        final NeighbourRanker ranker;
        final TwoBitWords.Count added = new TwoBitWords.Count();
        long scanned;

        Puller(NeighbourRanker ranker) {
            this.ranker = ranker;
        }
    }
}
