package io.puzzleatlas.core.santa;

import java.util.Arrays;

/**
 * The states a breadth-first search has met, each a label array packed into a few {@code long} words (no object per
 * state): {@code bits} bits a sticker, {@code 64 / bits} stickers a word, none straddling two words. Entries are
 * appended in the order they are met, so a breadth-first layer is a range of entry ids; each keeps its parent's id, the
 * move that joins it to the parent and its depth. An open-addressing table of entry ids (linear probing, at most half
 * full) finds a state. Memory is {@code 8 * words + 6} bytes an entry plus 4 to 8 bytes of index.
 */
final class PackedStates {
    private static final int NONE = -1;

    private final int width;
    private final int bits;
    private final int perWord;
    private final int words;
    private final long mask;

    private long[] keys;
    private int[] parents;
    private byte[] moves;
    private byte[] depths;
    private int size;
    private int[] index;

    /** A table for states of {@code width} stickers with labels {@code 0..labels-1}. */
    PackedStates(int width, int labels) {
        this.width = width;
        this.bits = bits(labels);
        this.perWord = 64 / bits;
        this.words = words(width, labels);
        this.mask = (1L << bits) - 1;
        int capacity = 1024;
        this.keys = new long[capacity * words];
        this.parents = new int[capacity];
        this.moves = new byte[capacity];
        this.depths = new byte[capacity];
        this.index = new int[2 * capacity];
        Arrays.fill(index, NONE);
    }

    /** States held. */
    int size() {
        return size;
    }

    /** Packs {@code state} into {@code key} ({@link #words} entries). */
    void pack(short[] state, long[] key) {
        Arrays.fill(key, 0, words, 0L);
        for (int i = 0; i < width; i++) {
            key[i / perWord] |= (long) state[i] << (bits * (i % perWord));
        }
    }

    /** Words a packed state of {@code width} stickers with {@code labels} labels takes. */
    static int words(int width, int labels) {
        int perWord = 64 / bits(labels);
        return (width + perWord - 1) / perWord;
    }

    private static int bits(int labels) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(Math.max(1, labels - 1)));
    }

    /** Unpacks entry {@code id} into {@code state}. */
    void unpack(int id, short[] state) {
        int base = id * words;
        for (int i = 0; i < width; i++) {
            state[i] = (short) ((keys[base + i / perWord] >>> (bits * (i % perWord))) & mask);
        }
    }

    /** The id of the packed state {@code key}, or -1 when it is not held. */
    int find(long[] key) {
        int slots = index.length - 1;
        for (int s = hash(key) & slots; ; s = (s + 1) & slots) {
            int id = index[s];
            if (id == NONE || equalsAt(id, key)) {
                return id;
            }
        }
    }

    /**
     * Adds the packed state {@code key} met from entry {@code parent} (-1 for a root) by {@code move} at {@code depth};
     * returns its id, or -1 when it was held already (then nothing changes).
     */
    int addIfAbsent(long[] key, int parent, int move, int depth) {
        int slots = index.length - 1;
        int s = hash(key) & slots;
        for (int id = index[s]; id != NONE; s = (s + 1) & slots, id = index[s]) {
            if (equalsAt(id, key)) {
                return NONE;
            }
        }
        if (size == parents.length) {
            grow();
            return addIfAbsent(key, parent, move, depth);
        }
        int id = size++;
        System.arraycopy(key, 0, keys, id * words, words);
        parents[id] = parent;
        moves[id] = (byte) move;
        depths[id] = (byte) depth;
        index[s] = id;
        return id;
    }

    int parent(int id) {
        return parents[id];
    }

    int move(int id) {
        return moves[id] & 0xff;
    }

    int depth(int id) {
        return depths[id];
    }

    private boolean equalsAt(int id, long[] key) {
        int base = id * words;
        for (int w = 0; w < words; w++) {
            if (keys[base + w] != key[w]) {
                return false;
            }
        }
        return true;
    }

    private static int hash(long[] key) {
        long h = 0x9E3779B97F4A7C15L;
        for (long k : key) {
            h = (h ^ k) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        int capacity = parents.length * 2;
        keys = Arrays.copyOf(keys, capacity * words);
        parents = Arrays.copyOf(parents, capacity);
        moves = Arrays.copyOf(moves, capacity);
        depths = Arrays.copyOf(depths, capacity);
        index = new int[2 * capacity];
        Arrays.fill(index, NONE);
        int slots = index.length - 1;
        long[] key = new long[words];
        for (int id = 0; id < size; id++) {
            System.arraycopy(keys, id * words, key, 0, words);
            int s = hash(key) & slots;
            while (index[s] != NONE) {
                s = (s + 1) & slots;
            }
            index[s] = id;
        }
    }
}
