package io.puzzleatlas.core.table;

/**
 * The two-bit state encoding and the level expansion of the breadth-first searches over rank spaces, after Korf,
 * "Linear-time disk-based implicit graph search" (JACM 55(6), 2008): one implementation for the in-core search
 * ({@link TwoBitBreadthFirstSearch}, one array, neighbours marked in place) and for the Spark engine (one array per
 * rank range, neighbours shipped to the range that owns them and marked there).
 *
 * <p>Rank {@code r} takes bits {@code 2(r mod 32)} and {@code 2(r mod 32)+1} of word {@code r/32}: 0 unseen, 1 or 2 the
 * frontier of an even or an odd level (the other value marks the next level's states as they are found), 3 expanded.
 * The frontier of level {@code d} is found by scanning the words, 32 ranks per load; no depth per state is kept: a
 * level's states are known while it is the frontier, and that is when a caller that wants them (distances streamed
 * level by level, the deepest states) takes them. The words are read and marked through {@link TwoBitWords}, the one
 * codec of the array and of the range files.
 */
public final class TwoBitLevel {
    /**
     * Both drivers cut an array into chunks of {@code CHUNK_WORDS} words (2^{@value #CHUNK_RANK_BITS} ranks) and flag
     * the chunks that receive new states, so a level scans only chunks that hold frontier states (the first and last
     * levels touch a few).
     */
    public static final int CHUNK_WORDS = 1 << 14;

    public static final int CHUNK_RANK_BITS = 19;
    public static final int UNSEEN = 0;
    public static final int EXPANDED = 3;
    private static final long LOW_BITS = 0x5555_5555_5555_5555L;

    /** Receives ranks: the frontier's states. */
    @FunctionalInterface
    public interface RankSink {
        void accept(long rank);
    }

    /**
     * Receives the neighbour ranks of one frontier state, {@code ranks[0, count)}: one call per state, not per rank.
     */
    @FunctionalInterface
    public interface NeighbourSink {
        void accept(long[] ranks, int count);
    }

    private TwoBitLevel() {}

    /** Words for {@code ranks} ranks. */
    public static long words(long ranks) {
        return (ranks + 31) >>> 5;
    }

    /** The code of the frontier states of {@code level}. */
    public static int frontierCode(int level) {
        return (level & 1) == 0 ? 1 : 2;
    }

    /** The code that marks the states found while {@code level} is expanded (the frontier of the next level). */
    public static int nextCode(int level) {
        return (level & 1) == 0 ? 2 : 1;
    }

    /** The low bit of each two-bit entry of {@code word} whose code is the frontier of {@code level}. */
    public static long frontierBits(long word, int level) {
        long x = word ^ ((level & 1) == 0 ? LOW_BITS : LOW_BITS << 1);
        return ~(x | (x >>> 1)) & LOW_BITS;
    }

    /**
     * Neighbour ranks handed to a {@link NeighbourSink} in one call, at least: the neighbours of many frontier states
     * go together, so a sink can load the words they fall in before it tests any (the cache and TLB misses of a batch
     * overlap instead of waiting one after another).
     */
    public static final int BATCH = 512;

    /** A buffer for {@link #expand} with {@code ranker}: a batch of neighbour ranks. */
    public static long[] buffer(NeighbourRanker ranker) {
        return new long[BATCH + ranker.maxNeighbours()];
    }

    /**
     * Expands the frontier of {@code level} held in {@code words[fromWord, toWord)} (rank of entry 0 of word 0:
     * {@code base}, a multiple of 32), in one scan of the words:
     *
     * <ul>
     *   <li>each frontier rank goes to {@code frontier} (null: not wanted);
     *   <li>the neighbours by {@code ranker} go to {@code neighbours}, {@link #BATCH} or more ranks a call (the rest at
     *       the end; the sink may overwrite them; {@code buffer} comes from {@link #buffer});
     *   <li>the block moves ({@code moves}; null: none) go to {@code moved} a frontier word at a time: for each target
     *       block of the word's block, the word at the same offset of the target block with the frontier's bits, 32
     *       entries at once, with no rank computed;
     *   <li>when {@code retire}, each word's frontier is marked expanded as the scan leaves it (else the caller does
     *       that elsewhere).
     * </ul>
     *
     * Returns the number of frontier states. {@code shared}: other threads mark entries of the words meanwhile, so
     * words are read opaque and retired by an atomic OR ({@link TwoBitWords#retire}); else plainly.
     */
    public static long expand(
            TwoBitWords words,
            int fromWord,
            int toWord,
            long base,
            int level,
            NeighbourRanker ranker,
            long[] buffer,
            RankSink frontier,
            NeighbourSink neighbours,
            BlockMoves moves,
            WordSink moved,
            boolean retire,
            boolean shared) {
        if (buffer.length < BATCH + ranker.maxNeighbours()) {
            throw new IllegalArgumentException(
                    "a buffer of " + buffer.length + " ranks; expand needs one from TwoBitLevel.buffer");
        }
        long blockWords = moves == null ? Long.MAX_VALUE : moves.blockSize() >>> 5;
        long baseWord = base >>> 5;
        int held = 0;
        long states = 0;
        int start = fromWord;
        while (start < toWord) {
            int[] targets = null;
            int end = toWord;
            long shift = 0;
            if (moves != null) {
                int block = (int) ((baseWord + start) / blockWords);
                end = (int) Math.min(toWord, (block + 1) * blockWords - baseWord);
                targets = moves.targets()[block];
                shift = (long) block * moves.blockSize();
            }
            for (int i = start; i < end; i++) {
                long hits = frontierBits(words.read(i, shared), level);
                if (hits == 0) {
                    continue;
                }
                long first = base + ((long) i << 5);
                for (long bits = hits; bits != 0; bits &= bits - 1) {
                    long rank = first + (Long.numberOfTrailingZeros(bits) >>> 1);
                    if (frontier != null) {
                        frontier.accept(rank);
                    }
                    held += ranker.neighbours(rank, buffer, held);
                    if (held >= BATCH) {
                        neighbours.accept(buffer, held);
                        held = 0;
                    }
                    states++;
                }
                if (targets != null) {
                    for (int target : targets) {
                        moved.mark(first + target * moves.blockSize() - shift, hits);
                    }
                }
                if (retire) {
                    words.retire(i, hits, level, shared);
                }
            }
            start = end;
        }
        if (held > 0) {
            neighbours.accept(buffer, held);
        }
        return states;
    }

    /** Where {@link #expand} hands a frontier word's block moves. */
    @FunctionalInterface
    public interface WordSink {
        /**
         * Marks the entries flagged in {@code lowBits} (at their low bit) of the word whose first rank is
         * {@code firstRank} (a multiple of 32) where they are unseen, counting what it marked.
         */
        void mark(long firstRank, long lowBits);
    }

    /** The low bit of each unseen entry of {@code word}. */
    public static long unseenBits(long word) {
        return ~(word | (word >>> 1)) & LOW_BITS;
    }

    /**
     * The bits that give the entries flagged in {@code lowBits} (at their low bit) the code {@code code}, from unseen.
     */
    public static long codeBits(long lowBits, int code) {
        return ((code & 1) != 0 ? lowBits : 0) | ((code & 2) != 0 ? lowBits << 1 : 0);
    }

    /** The low bit of each entry of {@code word} whose code is {@code code}. */
    public static long codeLowBits(long word, int code) {
        long x = word ^ codeBits(LOW_BITS, 3 - code);
        return x & (x >>> 1) & LOW_BITS;
    }

    /** Chunks of an array of {@code words} words. */
    public static int chunks(int words) {
        return (words + CHUNK_WORDS - 1) / CHUNK_WORDS;
    }

    /** Ranks in {@code words[fromWord, toWord)} whose code is the frontier of {@code level}, to {@code sink}. */
    public static long forEachFrontier(long[] words, int fromWord, int toWord, long base, int level, RankSink sink) {
        long n = 0;
        for (int i = fromWord; i < toWord; i++) {
            long first = base + ((long) i << 5);
            for (long bits = frontierBits(words[i], level); bits != 0; bits &= bits - 1) {
                sink.accept(first + (Long.numberOfTrailingZeros(bits) >>> 1));
                n++;
            }
        }
        return n;
    }
}
