package io.puzzleatlas.core.sliding;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Level-synchronous breadth-first search over a pattern's abstract space: the pattern tiles' cells plus the region of
 * free cells holding the blank (the blank moves inside its region at no cost, so a region is one state and every edge
 * costs one pattern move). Per placement (rank of the pattern tiles' cells) a slot of {@code S} bits (8, 16 or 32, at
 * least the number of free cells: 32 for a 6-tile pattern of the 5x5) has one bit per free cell, in ascending cell
 * order.
 *
 * <p>A successor is marked at the blank's cell, without finding its region (the costly part); regions are resolved once
 * per placement: when a placement is expanded, the regions of its marked cells are looked up in one table row, expanded
 * once each, and written back to the seen slot whole. Seen slots therefore hold whole regions once expanded, and a
 * merge drops next-level marks that fall in seen regions.
 *
 * <p>Memory: {@code marks} interleaves, per placement, the seen slot and the next-level slot, so checking and marking a
 * successor touches one cache line; {@code current} holds the level being expanded and is read sequentially;
 * {@code levels} holds 1 + the level of each placement's first region, i.e. 1 + min over blank regions (0 = not
 * reached). For the 8-tile pattern of the 4x4: 1,038 + 519 + 519 MB. Marks are set with atomic ORs; everything else
 * belongs to the thread holding the chunk.
 */
final class PatternBfs {
    static final int CHUNK_SHIFT = 15;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    final PatternSpace space;
    final CellGraph graph;
    final int slotBits;
    private final int slotMask;
    /** {@link #slotMask} as a long, without sign extension for 32-bit slots. */
    private final long laneMask;

    private final int slotShift;
    private final int marksShift;
    private final int currentShift;
    private final long seenMask;
    private final long nextMask;
    /** The lowest bit of every placement's seen slot in a marks word. */
    private final long laneBases;

    final long[] marks;
    final long[] current;
    final byte[] levels;
    final int chunks;
    boolean[] currentFlags;
    boolean[] nextFlags;

    PatternBfs(PatternSpace space, CellGraph graph) {
        this.space = space;
        this.graph = graph;
        int free = space.cells() - space.tiles();
        this.slotBits = free <= 8 ? 8 : free <= 16 ? 16 : 32;
        this.laneMask = (1L << slotBits) - 1;
        this.slotMask = (int) laneMask;
        this.slotShift = Integer.numberOfTrailingZeros(slotBits);
        this.marksShift = 5 - slotShift;
        this.currentShift = 6 - slotShift;
        long seen = 0;
        for (int lane = 0; lane < 1 << marksShift; lane++) {
            seen |= laneMask << (lane * 2 * slotBits);
        }
        this.seenMask = seen;
        this.nextMask = seen << slotBits;
        this.laneBases = seen & ~(seen << 1);
        int size = (int) space.size();
        this.chunks = (size + CHUNK - 1) >>> CHUNK_SHIFT;
        this.marks = new long[(chunks << CHUNK_SHIFT) >>> marksShift];
        this.current = new long[(chunks << CHUNK_SHIFT) >>> currentShift];
        this.levels = new byte[size];
        this.currentFlags = new boolean[chunks];
        this.nextFlags = new boolean[chunks];
    }

    /** Seeds level 0: the placement {@code rank} with the blank on {@code blankCell}. */
    void seed(int rank, int occupied, int blankCell) {
        int free = ((1 << space.cells()) - 1) & ~occupied;
        long bit = 1L << Integer.bitCount(free & ((1 << blankCell) - 1));
        current[rank >>> currentShift] |= bit << ((rank & ((1 << currentShift) - 1)) * slotBits);
        levels[rank] = 1;
        currentFlags[rank >>> CHUNK_SHIFT] = true;
    }

    /**
     * Expands the current states of {@code chunk}, clearing them, marks their successors for the next level, and
     * returns the number of states (placement, region) expanded.
     */
    long expand(int chunk, PatternCursor cursor) {
        int tiles = space.tiles();
        int full = (1 << space.cells()) - 1;
        int w0 = (chunk << CHUNK_SHIFT) >>> currentShift;
        int w1 = w0 + (CHUNK >>> currentShift);
        long states = 0;
        for (int w = w0; w < w1; w++) {
            long word = current[w];
            if (word == 0) {
                continue;
            }
            current[w] = 0;
            for (long rest = word; rest != 0; ) {
                int lane = Long.numberOfTrailingZeros(rest) >>> slotShift;
                int pending = (int) (rest >>> (lane * slotBits)) & slotMask;
                rest &= ~(laneMask << (lane * slotBits));
                int rank = (w << currentShift) + lane;
                cursor.moveTo(rank);
                int free = full & ~cursor.used[tiles];
                int active = 0;
                for (int seeds = deposit(pending, free); seeds != 0; seeds &= ~active) {
                    active |= graph.flood(free, seeds & -seeds);
                    states++;
                }
                slides(cursor, rank, free, active);
                close(rank, compress(active, free));
            }
        }
        return states;
    }

    /**
     * Marks the successors of a placement whose blank may be anywhere in {@code active} ({@link PatternCursor#slides});
     * the successor's blank is on the tile's old cell, whose index among the new free cells is counted directly.
     */
    private void slides(PatternCursor cursor, int rank, int free, int active) {
        int n = cursor.slides(rank, active, graph);
        long[] ranks = cursor.slideRanks;
        int[] moves = cursor.slideMoves;
        for (int s = 0; s < n; s++) {
            int x = moves[s] & 0xFF;
            int r = (int) ranks[s];
            // the blank's index among the new free cells: the free cells below x, less one when the
            // tile moved to a lower cell (its rank is then lower: a digit's place value exceeds all
            // later digits' together)
            mark(r, Integer.bitCount(free & ((1 << x) - 1)) - (r < rank ? 1 : 0));
        }
    }

    /** BYTE_DEPOSIT[(mask << 8) | v]: the bits of v spread onto the set bits of an 8-bit mask. */
    private static final byte[] BYTE_DEPOSIT = new byte[1 << 16];
    /** BYTE_COMPRESS[(mask << 8) | x]: the bits of x under an 8-bit mask, packed down. */
    private static final byte[] BYTE_COMPRESS = new byte[1 << 16];

    static {
        for (int mask = 0; mask < 256; mask++) {
            for (int v = 0; v < 256; v++) {
                int dep = 0;
                int comp = 0;
                int k = 0;
                for (int b = 0; b < 8; b++) {
                    if ((mask & (1 << b)) != 0) {
                        dep |= ((v >>> k) & 1) << b;
                        comp |= ((v >>> b) & 1) << k;
                        k++;
                    }
                }
                BYTE_DEPOSIT[(mask << 8) | v] = (byte) dep;
                BYTE_COMPRESS[(mask << 8) | v] = (byte) comp;
            }
        }
    }

    /**
     * The cells of {@code free} whose indices among the free cells are set in {@code indices} (PDEP), a byte of cells
     * at a time.
     */
    static int deposit(int indices, int free) {
        int out = 0;
        for (int shift = 0; shift < 32 && free >>> shift != 0; shift += 8) {
            int mask = (free >>> shift) & 0xFF;
            out |= (BYTE_DEPOSIT[(mask << 8) | (indices & 0xFF)] & 0xFF) << shift;
            indices >>>= Integer.bitCount(mask);
        }
        return out;
    }

    /**
     * The indices among the free cells of {@code cells} (a subset of {@code free}) (PEXT), a byte of cells at a time.
     */
    static int compress(int cells, int free) {
        int out = 0;
        int at = 0;
        for (int shift = 0; shift < 32 && free >>> shift != 0; shift += 8) {
            int mask = (free >>> shift) & 0xFF;
            out |= (BYTE_COMPRESS[(mask << 8) | ((cells >>> shift) & 0xFF)] & 0xFF) << at;
            at += Integer.bitCount(mask);
        }
        return out;
    }

    private void mark(int rank, int index) {
        int word = rank >>> marksShift;
        long seenBit = 1L << (((rank & ((1 << marksShift) - 1)) * 2 * slotBits) + index);
        long nextBit = seenBit << slotBits;
        if ((marks[word] & (seenBit | nextBit)) == 0) {
            LONGS.getAndBitwiseOr(marks, word, nextBit);
            int chunk = rank >>> CHUNK_SHIFT;
            if (!nextFlags[chunk]) {
                nextFlags[chunk] = true;
            }
        }
    }

    /** Adds whole expanded regions ({@code closure}, as free-cell indices) to a placement's seen slot. */
    private void close(int rank, int closure) {
        int word = rank >>> marksShift;
        long bits = (closure & 0xFFFF_FFFFL) << ((rank & ((1 << marksShift) - 1)) * 2 * slotBits);
        if ((marks[word] & bits) != bits) {
            LONGS.getAndBitwiseOr(marks, word, bits);
        }
    }

    /**
     * Ends a level for {@code chunk}: next-level marks outside seen regions become current and seen; placements reached
     * for the first time get {@code levels = level + 1}. Returns the number of new placements, plus one in the high 32
     * bits if any mark survived.
     */
    long merge(int chunk, int level) {
        int w0 = (chunk << CHUNK_SHIFT) >>> marksShift;
        int w1 = w0 + (CHUNK >>> marksShift);
        boolean any = false;
        int placements = 0;
        for (int w = w0; w < w1; w++) {
            long m = marks[w];
            if ((m & nextMask) == 0) {
                continue;
            }
            long seen = m & seenMask;
            long next = (m & nextMask) >>> slotBits & ~seen;
            marks[w] = seen | next;
            if (next == 0) {
                continue;
            }
            any = true;
            // a placement is new when its seen slot is empty and its next slot is not
            long seenAny = seen;
            long nextAny = next;
            for (int s = 1; s < slotBits; s <<= 1) {
                seenAny |= seenAny >>> s;
                nextAny |= nextAny >>> s;
            }
            for (long fresh = nextAny & ~seenAny & laneBases; fresh != 0; fresh &= fresh - 1) {
                int lane = Long.numberOfTrailingZeros(fresh) >>> (slotShift + 1);
                levels[(w << marksShift) + lane] = (byte) (level + 1);
                placements++;
            }
            long packed = next;
            for (int s = slotBits; s < 32; s <<= 1) {
                packed = (packed | (packed >>> s)) & (s == 8 ? 0x0000_FFFF_0000_FFFFL : 0xFFFF_FFFFL);
            }
            current[w >>> 1] |= packed << ((w & 1) * 32);
        }
        return (any ? 1L << 32 : 0) | placements;
    }
}
