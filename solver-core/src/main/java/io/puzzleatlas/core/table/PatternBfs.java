package io.puzzleatlas.core.table;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Level-synchronous breadth-first search over a pattern's abstract space: the pattern tiles'
 * cells plus the region of free cells holding the blank (the blank moves inside its region at no
 * cost, so a region is one state and every edge costs one pattern move). A state is one bit: the
 * placement's rank selects a slot of {@code S} bits (8 or 16, at least the number of free cells)
 * and the bit is the index, among the free cells, of the region's lowest cell.
 *
 * <p>Memory: {@code marks} interleaves, per placement, the slot of states seen (levels before
 * the current one's successors) and the slot of states found for the next level, so checking and
 * marking a successor touches one cache line; {@code current} holds the level being expanded and
 * is read sequentially; {@code levels} holds, per placement, 1 + the level at which its first
 * region was reached, i.e. 1 + min over blank regions (0 = not reached). For the 8-tile pattern of
 * the 4x4: 1,038 MB + 519 MB + 519 MB. Successors are marked with an atomic OR; everything else
 * is owned by the thread holding the chunk.
 */
final class PatternBfs {
    static final int CHUNK_SHIFT = 15;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    final PatternSpace space;
    final CellGraph graph;
    final int slotBits;
    private final int slotMask;
    private final int marksShift;
    private final int currentShift;
    private final long seenMask;
    private final long nextMask;
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
        this.slotBits = free <= 8 ? 8 : 16;
        this.slotMask = (1 << slotBits) - 1;
        this.marksShift = slotBits == 8 ? 2 : 1;
        this.currentShift = slotBits == 8 ? 3 : 2;
        long seen = 0;
        for (int lane = 0; lane < 1 << marksShift; lane++) {
            seen |= (long) slotMask << (lane * 2 * slotBits);
        }
        this.seenMask = seen;
        this.nextMask = seen << slotBits;
        int size = (int) space.size();
        this.chunks = (size + CHUNK - 1) >>> CHUNK_SHIFT;
        this.marks = new long[(chunks << CHUNK_SHIFT) >>> marksShift];
        this.current = new long[(chunks << CHUNK_SHIFT) >>> currentShift];
        this.levels = new byte[size];
        this.currentFlags = new boolean[chunks];
        this.nextFlags = new boolean[chunks];
    }

    /** Seeds level 0: the placement {@code rank} with the blank in the region of {@code blankCell}. */
    void seed(int rank, int occupied, int blankCell) {
        int free = ((1 << space.cells()) - 1) & ~occupied;
        int bit = stateBit(free, graph.region(free, blankCell));
        current[rank >>> currentShift] |= (long) bit << ((rank & ((1 << currentShift) - 1)) * slotBits);
        marks[rank >>> marksShift] |= (long) bit << ((rank & ((1 << marksShift) - 1)) * 2 * slotBits);
        levels[rank] = 1;
        currentFlags[rank >>> CHUNK_SHIFT] = true;
    }

    private static int stateBit(int free, int region) {
        return 1 << Integer.bitCount(free & (region & -region) - 1);
    }

    /** Expands the current states of {@code chunk}, clearing them, and marks their successors. */
    void expand(int chunk, PatternCursor cursor) {
        int tiles = space.tiles();
        int full = (1 << space.cells()) - 1;
        int[] cellOf = cursor.cellOf;
        int lanes = 1 << currentShift;
        int w0 = (chunk << CHUNK_SHIFT) >>> currentShift;
        int w1 = w0 + (CHUNK >>> currentShift);
        for (int w = w0; w < w1; w++) {
            long word = current[w];
            if (word == 0) {
                continue;
            }
            current[w] = 0;
            for (int lane = 0; lane < lanes; lane++) {
                int slot = (int) (word >>> (lane * slotBits)) & slotMask;
                if (slot == 0) {
                    continue;
                }
                cursor.moveTo((w << currentShift) + lane);
                int free = full & ~cursor.used[tiles];
                for (; slot != 0; slot &= slot - 1) {
                    int region = graph.region(free, PatternSpace.select(free, Integer.numberOfTrailingZeros(slot)));
                    for (int i = 0; i < tiles; i++) {
                        int from = cellOf[i];
                        for (int to = graph.neighbours(from) & region; to != 0; to &= to - 1) {
                            int cell = Integer.numberOfTrailingZeros(to);
                            int after = free ^ (1 << cell) ^ (1 << from);
                            mark(cursor.rankWith(i, cell), stateBit(after, graph.region(after, from)));
                        }
                    }
                }
            }
        }
    }

    private void mark(int rank, int bit) {
        int index = rank >>> marksShift;
        long seenBit = (long) bit << ((rank & ((1 << marksShift) - 1)) * 2 * slotBits);
        long nextBit = seenBit << slotBits;
        if ((marks[index] & (seenBit | nextBit)) == 0) {
            LONGS.getAndBitwiseOr(marks, index, nextBit);
            nextFlags[rank >>> CHUNK_SHIFT] = true;
        }
    }

    /**
     * Ends a level for {@code chunk}: next-level states become current and seen; placements
     * reached for the first time get {@code levels = level + 1}. Returns the number of new
     * states in the high 32 bits and of new placements in the low 32 bits.
     */
    long merge(int chunk, int level) {
        int w0 = (chunk << CHUNK_SHIFT) >>> marksShift;
        int w1 = w0 + (CHUNK >>> marksShift);
        int lanes = 1 << marksShift;
        int states = 0;
        int placements = 0;
        for (int w = w0; w < w1; w++) {
            long m = marks[w];
            long next = (m & nextMask) >>> slotBits;
            if (next == 0) {
                continue;
            }
            long seen = m & seenMask;
            marks[w] = seen | next;
            states += Long.bitCount(next);
            for (int lane = 0; lane < lanes; lane++) {
                long laneMask = (long) slotMask << (lane * 2 * slotBits);
                if ((seen & laneMask) == 0 && (next & laneMask) != 0) {
                    levels[(w << marksShift) + lane] = (byte) (level + 1);
                    placements++;
                }
            }
            long packed = next;
            for (int s = slotBits; s < 32; s <<= 1) {
                packed = (packed | (packed >>> s)) & (s == 8 ? 0x0000_FFFF_0000_FFFFL : 0xFFFF_FFFFL);
            }
            int cw = (w << marksShift) >>> currentShift;
            current[cw] |= packed << ((w & 1) * 32);
        }
        return (long) states << 32 | placements;
    }
}
