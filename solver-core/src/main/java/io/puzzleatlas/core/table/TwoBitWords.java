package io.puzzleatlas.core.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The two-bit codec ({@link TwoBitLevel}'s codes, after Korf 2008) over one store of 64-bit words: the reads, the marks
 * (one entry by compare-and-set, a whole word by an atomic OR, or plainly where one thread owns the words), the
 * retiring of a frontier and the counting, written once for the in-core search's {@code long[]} ({@link #of(long[])})
 * and the Spark engine's memory-mapped range files ({@link #of(ByteBuffer)}: little-endian words).
 *
 * <p>The store is one of two final classes, fixed when the codec is made; a JVM uses one of them on each hot path (the
 * in-core search the array, the range files the buffer), so the word accesses below stay monomorphic and inline. Every
 * mark that gives entries a code reports them to a {@link NewStates}: the one place a new state is counted.
 */
public abstract class TwoBitWords {
    private TwoBitWords() {}

    /** The codec over {@code words} (not a copy). */
    public static TwoBitWords of(long[] words) {
        return new ArrayWords(words);
    }

    /** The codec over the little-endian words of {@code bytes}, from its byte 0 (not a copy). */
    public static TwoBitWords of(ByteBuffer bytes) {
        return BufferWords.over(bytes); // typed TwoBitWords: a JVM that never calls this never loads the class
    }

    /** Words in the store. */
    public abstract int length();

    abstract long plain(int i);

    abstract void plain(int i, long word);

    abstract long opaque(int i);

    abstract long compareAndExchange(int i, long expected, long word);

    abstract long getAndOr(int i, long bits);

    /** Word {@code i}, by a plain load. */
    public final long word(int i) {
        return plain(i);
    }

    /** Word {@code i}: opaque when other threads write the words meanwhile ({@code shared}), else plain. */
    public final long read(int i, boolean shared) {
        return shared ? opaque(i) : plain(i);
    }

    /** The code of entry {@code rank}. */
    public final int code(long rank) {
        return (int) (plain((int) (rank >>> 5)) >>> ((rank & 31) << 1)) & 3;
    }

    /** Sets the code of an entry known to be unseen (seeding: the start state, a resumed frontier). */
    public final void set(long rank, int code) {
        int i = (int) (rank >>> 5);
        plain(i, plain(i) | (long) code << ((rank & 31) << 1));
    }

    /**
     * 1 if entry {@code rank} reads unseen, else 0, by a plain load and no branch: the first pass of a batch of marks,
     * whose loads are then in flight together. A stale read is safe: an entry once seen stays seen, and the mark
     * decides.
     */
    public final int unseen(long rank) {
        long w = plain((int) (rank >>> 5));
        return (int) ((((w >>> ((rank & 31) << 1)) & 3) - 1) >>> 63);
    }

    /**
     * Gives entry {@code rank} {@code code} if it is unseen, plainly (one thread owns the words); true, and the entry
     * told to {@code found}, if this call changed it.
     */
    public final boolean mark(long rank, int code, NewStates found) {
        int i = (int) (rank >>> 5);
        int shift = (int) (rank & 31) << 1;
        long w = plain(i);
        if (((w >>> shift) & 3) != 0) {
            return false;
        }
        plain(i, w | ((long) code << shift));
        found.add(i, 1L << shift);
        return true;
    }

    /**
     * Gives entry {@code rank} {@code code} if it is unseen, by compare-and-set (other threads, or executors of the
     * host, mark the words meanwhile), so each new state is told to {@code found} exactly once; returns {@code retries
     * << 1 | changed}: how often the compare-and-set failed because another marker had changed the word, and 1 if this
     * call changed the entry.
     */
    public final int markShared(long rank, int code, NewStates found) {
        int i = (int) (rank >>> 5);
        int shift = (int) (rank & 31) << 1;
        long w = opaque(i);
        int retries = 0;
        while (((w >>> shift) & 3) == 0) {
            long witness = compareAndExchange(i, w, w | ((long) code << shift));
            if (witness == w) {
                found.add(i, 1L << shift);
                return retries << 1 | 1;
            }
            w = witness;
            retries++;
        }
        return retries << 1;
    }

    /**
     * Gives the entries flagged in {@code lowBits} (at their low bit) of word {@code i} {@code code} where they are
     * unseen; returns those this call changed (told to {@code found} when any), each once whatever other markers do
     * meanwhile when {@code shared} (then by one atomic OR: every mark of a level writes the same code, so an entry
     * another marker set meanwhile is left as it was).
     */
    public final long markWord(int i, long lowBits, int code, boolean shared, NewStates found) {
        long candidates = lowBits & TwoBitLevel.unseenBits(shared ? opaque(i) : plain(i));
        if (candidates == 0) {
            return 0;
        }
        long bits = TwoBitLevel.codeBits(candidates, code);
        long old;
        if (shared) {
            old = getAndOr(i, bits);
        } else {
            old = plain(i);
            plain(i, old | bits);
        }
        long fresh = candidates & TwoBitLevel.unseenBits(old);
        if (fresh != 0) {
            found.add(i, fresh);
        }
        return fresh;
    }

    /** ORs {@code bits} into word {@code i}: atomically when other threads write the words meanwhile. */
    public final void or(int i, long bits, boolean shared) {
        if (shared) {
            getAndOr(i, bits);
        } else {
            plain(i, plain(i) | bits);
        }
    }

    /**
     * Marks expanded the entries of word {@code i} flagged in {@code frontierBits} (at their low bit: the frontier of
     * {@code level}, {@link TwoBitLevel#frontierBits}), atomically when {@code shared}: safe while others mark unseen
     * entries of the word.
     */
    public final void retire(int i, long frontierBits, int level, boolean shared) {
        if (frontierBits != 0) {
            // frontier 1 (01) or 2 (10) becomes 3 (11): OR in the missing bit
            or(i, (level & 1) == 0 ? frontierBits << 1 : frontierBits, shared);
        }
    }

    /** Entries of words {@code [from, to)} whose code is {@code code}. */
    public final long count(int from, int to, int code) {
        long n = 0;
        for (int i = from; i < to; i++) {
            n += Long.bitCount(TwoBitLevel.codeLowBits(plain(i), code));
        }
        return n;
    }

    /**
     * Told of the entries a mark gave a code while they were unseen: the one place new states are counted (a symmetry
     * reduction, which counts a state for its class, changes {@link Count}).
     */
    @FunctionalInterface
    public interface NewStates {
        /** The entries flagged in {@code lowBits} (at their low bit) of word {@code word} are new. */
        void add(int word, long lowBits);
    }

    /** Counts the new states: each entry once. */
    public static final class Count implements NewStates {
        private long count;

        @Override
        public void add(int word, long lowBits) {
            count += Long.bitCount(lowBits);
        }

        /** New states told so far. */
        public long count() {
            return count;
        }
    }

    /** The words of a Java array: at most 2^31 - 1. */
    private static final class ArrayWords extends TwoBitWords {
        private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
        private final long[] words;

        ArrayWords(long[] words) {
            this.words = words;
        }

        @Override
        public int length() {
            return words.length;
        }

        @Override
        long plain(int i) {
            return words[i];
        }

        @Override
        void plain(int i, long word) {
            words[i] = word;
        }

        @Override
        long opaque(int i) {
            return (long) WORDS.getOpaque(words, i);
        }

        @Override
        long compareAndExchange(int i, long expected, long word) {
            return (long) WORDS.compareAndExchange(words, i, expected, word);
        }

        @Override
        long getAndOr(int i, long bits) {
            return (long) WORDS.getAndBitwiseOr(words, i, bits);
        }
    }

    /** The little-endian words of a byte buffer (a mapped file): at most 2^28 (byte offsets are ints). */
    private static final class BufferWords extends TwoBitWords {
        private static final VarHandle LONGS =
                MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        private final ByteBuffer bytes;

        private BufferWords(ByteBuffer bytes) {
            this.bytes = bytes;
        }

        /**
         * A buffer's codec, typed as the base class so that checking {@link TwoBitWords#of(ByteBuffer)} loads no
         * {@code BufferWords}: while the array's class is the only one loaded, the compiler binds the word accesses
         * without a type check.
         */
        static TwoBitWords over(ByteBuffer bytes) {
            return new BufferWords(bytes);
        }

        @Override
        public int length() {
            return bytes.capacity() >>> 3;
        }

        @Override
        long plain(int i) {
            return (long) LONGS.get(bytes, i << 3);
        }

        @Override
        void plain(int i, long word) {
            LONGS.set(bytes, i << 3, word);
        }

        @Override
        long opaque(int i) {
            return (long) LONGS.getOpaque(bytes, i << 3);
        }

        @Override
        long compareAndExchange(int i, long expected, long word) {
            return (long) LONGS.compareAndExchange(bytes, i << 3, expected, word);
        }

        @Override
        long getAndOr(int i, long bits) {
            return (long) LONGS.getAndBitwiseOr(bytes, i << 3, bits);
        }
    }
}
