package io.puzzleatlas.core.table;

/**
 * One thread of {@link TwoBitBreadthFirstSearch}'s top-down level: its ranker, scratch buffer, and what its chunks
 * found; marks the neighbours of the frontier through the codec ({@link TwoBitWords}), the new states counted by one
 * {@link TwoBitWords.Count}.
 */
final class LevelWorker implements TwoBitLevel.NeighbourSink {
    private static final int CHUNK_RANK_BITS = TwoBitLevel.CHUNK_RANK_BITS;

    /** The space's block moves, marked a word at a time, or null: the ranker gives every neighbour. */
    final BlockMoves blocks;
    /** The neighbours ranked one by one: all, or those of the moves other than the block moves. */
    final NeighbourRanker ranker;

    final long[] buffer;
    final LongList recorded;
    /** What takes each frontier rank: the recorder, the observer's sink, both, or null. */
    final TwoBitLevel.RankSink frontier;

    final TwoBitWords words;
    private final int code;
    private final boolean[] nextChunks;
    final boolean shared;
    /** Marks the words the block moves reach, flagging their chunks. */
    final TwoBitLevel.WordSink moved = this::markMoved;
    /** The states this thread marked first. */
    final TwoBitWords.Count added = new TwoBitWords.Count();

    // this thread's counters of the level (TwoBitBreadthFirstSearch.Counters)
    long scanned;
    long casMarks;
    long casRetries;
    long blockWords;

    LevelWorker(
            boolean record,
            TwoBitLevel.RankSink observed,
            BlockMoves blocks,
            NeighbourRanker ranker,
            TwoBitWords words,
            int code,
            boolean[] nextChunks,
            boolean shared) {
        this.blocks = blocks;
        this.ranker = ranker;
        this.buffer = TwoBitLevel.buffer(ranker);
        this.recorded = record ? new LongList() : null;
        LongList list = recorded;
        this.frontier = !record
                ? observed
                : observed == null
                        ? list::add
                        : r -> {
                            list.add(r);
                            observed.accept(r);
                        };
        this.words = words;
        this.code = code;
        this.nextChunks = nextChunks;
        this.shared = shared;
    }

    private void markMoved(long firstRank, long lowBits) {
        blockWords++;
        if (words.markWord((int) (firstRank >>> 5), lowBits, code, shared, added) != 0) {
            flag((int) (firstRank >>> CHUNK_RANK_BITS));
        }
    }

    /**
     * Marks a batch in two passes: first only loads, one per rank, with no branch on what they read, keeping the ranks
     * whose entry is unseen (a stale read is safe: an entry once seen stays seen), so the cache and TLB misses of the
     * whole batch are in flight together; then the marks, on words now in cache.
     */
    @Override
    public void accept(long[] ranks, int count) {
        TwoBitWords words = this.words;
        int candidates = 0;
        for (int k = 0; k < count; k++) {
            long rank = ranks[k];
            int unseen = words.unseen(rank); // the load before the store, as the words may be this array's kind
            ranks[candidates] = rank;
            candidates += unseen;
        }
        if (!shared) {
            for (int k = 0; k < candidates; k++) {
                long rank = ranks[k];
                if (words.mark(rank, code, added)) {
                    flag((int) (rank >>> CHUNK_RANK_BITS));
                }
            }
            return;
        }
        casMarks += candidates;
        for (int k = 0; k < candidates; k++) {
            long rank = ranks[k];
            int tries = words.markShared(rank, code, added);
            casRetries += tries >>> 1;
            if ((tries & 1) != 0) {
                flag((int) (rank >>> CHUNK_RANK_BITS));
            }
        }
    }

    /**
     * Flags chunk {@code c} as holding next-level states: a plain store (every writer stores true; the level's end
     * publishes it), and only when the flag is not set yet, since a store even of the same value takes the cache line
     * from the other cores that read it: with one store per new state, the 64 flags of one line went back and forth
     * between the threads.
     */
    private void flag(int c) {
        if (!nextChunks[c]) {
            nextChunks[c] = true;
        }
    }
}
