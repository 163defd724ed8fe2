package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.table.Nibbles;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import io.puzzleatlas.core.table.TwoBitLevel;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntToLongFunction;

/**
 * Builds one pattern database of a disjoint additive set (Korf &amp; Felner 2002; Felner, Korf &amp; Hanan 2004;
 * pattern databases after Culberson &amp; Schaeffer 1998) in core, on all threads: a {@link PatternBfs} from the goal
 * placement, then one pass that stores, per placement, {@code (min over blank regions of the distance - pattern
 * Manhattan distance) / 2} in four bits (the difference is even: every counted move changes the Manhattan distance by
 * one). Patterns too large for that search's int index (a 7-tile pattern of the 5x5) are searched by the two-bit
 * breadth-first engine over {@link PatternRegionSpace} (two bits per placement and free cell), each placement's entry
 * written when its first region is expanded.
 */
public final class PatternDatabaseBuilder {
    private static final boolean TRACE = Boolean.getBoolean("puzzleatlas.pdb.trace");
    /** An entry not yet written while {@link #buildByRegionStates} runs. */
    private static final int UNSET = 15;

    private final SlidingPuzzle puzzle;
    private final int goalBlank;
    private final int startCell;
    private final int[] tiles;
    private final int threads;
    private final CellGraph graph;
    private final PatternSpace space;
    private Progress progress = (level, reached, of, seconds) -> {};

    /**
     * Told after each level of a build, for progress lines: states reached so far, of at most how many (every
     * placement, for the placement search), seconds since the start.
     */
    @FunctionalInterface
    public interface Progress {
        void level(int level, long reached, long of, double seconds);
    }

    /**
     * @param tiles the pattern's tiles, in the labels of the canonical goal with the blank at {@code goalBlank} (see
     *     {@link SlidingPuzzle#canonicalGoal})
     * @param threads worker threads (at least 1)
     */
    public PatternDatabaseBuilder(SlidingPuzzle puzzle, int goalBlank, int[] tiles, int threads) {
        this(puzzle, goalBlank, goalBlank, tiles, threads);
    }

    /**
     * A table searched from the goal placement with the blank on {@code startCell} (a cell the pattern leaves free in
     * its goal placement) instead of the goal blank's cell: the tables of {@link DualLookup}, whose acting blank's goal
     * cell is elsewhere.
     */
    public PatternDatabaseBuilder(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles, int threads) {
        this.puzzle = puzzle;
        this.goalBlank = goalBlank;
        this.startCell = startCell;
        this.tiles = tiles.clone();
        this.threads = Math.max(1, threads);
        this.graph = new CellGraph(puzzle.rows(), puzzle.cols());
        this.space = new PatternSpace(puzzle.cellCount(), tiles.length);
    }

    /** Peak heap bytes a build of a {@code tiles}-tile pattern on {@code cells} cells needs. */
    public static long buildBytes(int cells, int tiles) {
        long size = new PatternSpace(cells, tiles).size();
        if (size > PatternSpace.INT_SIZE) {
            return TwoBitBreadthFirstSearch.checkpointBytes(size * (cells - tiles))
                    + PatternDatabase.entryBytes(size)
                    + (16L << 20);
        }
        long slotBytes = cells - tiles <= 8 ? 1 : cells - tiles <= 16 ? 2 : 4;
        return size * slotBytes * 3 + size + (16L << 20);
    }

    /** Reports each level to {@code progress} (a build of the 7-8 tables takes minutes); returns this builder. */
    public PatternDatabaseBuilder progress(Progress progress) {
        this.progress = progress;
        return this;
    }

    /** Runs the search and the encoding pass. */
    public PatternDatabase build() {
        if (space.size() > PatternSpace.INT_SIZE) {
            return buildByRegionStates();
        }
        int[] goalCellOf = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
        byte[] levels;
        ExecutorService pool = ChunkedWork.pool(threads, "pdb-build");
        try {
            levels = search(pool, goalCellOf);
            return encode(pool, levels, goalCellOf);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Encodes per-placement levels computed elsewhere (the Spark build: {@code levels[r]} is the level of placement
     * {@code r} plus one, 0 for unreached) exactly as {@link #build} does.
     */
    public PatternDatabase encodeLevels(byte[] levels) {
        if (levels.length != space.size()) {
            throw new IllegalArgumentException(levels.length + " levels for " + space.size() + " placements");
        }
        ExecutorService pool = ChunkedWork.pool(threads, "pdb-encode");
        try {
            return encode(pool, levels, PatternDatabase.goalCells(puzzle, goalBlank, tiles));
        } finally {
            pool.shutdownNow();
        }
    }

    private byte[] search(ExecutorService pool, int[] goalCellOf) {
        PatternBfs bfs = new PatternBfs(space, graph);
        int occupied = 0;
        for (int c : goalCellOf) {
            occupied |= 1 << c;
        }
        if ((occupied >> startCell & 1) != 0) {
            throw new IllegalArgumentException("start cell " + startCell + " holds a pattern tile in the goal");
        }
        bfs.seed(space.rank(goalCellOf), occupied, startCell);
        long started = System.nanoTime();
        long reached = 1;
        for (int level = 1; ; level++) {
            if (level > 254) {
                throw new IllegalStateException("pattern distance above 254");
            }
            int[] todo = flagged(bfs.currentFlags);
            long t0 = System.nanoTime();
            long expanded = parallel(pool, todo.length, () -> {
                PatternCursor cursor = new PatternCursor(space);
                return i -> bfs.expand(todo[i], cursor);
            });
            boolean[] done = bfs.currentFlags;
            bfs.currentFlags = bfs.nextFlags;
            Arrays.fill(done, false);
            bfs.nextFlags = done;
            int[] found = flagged(bfs.currentFlags);
            int newLevel = level;
            long t1 = System.nanoTime();
            long merged = parallel(pool, found.length, () -> i -> bfs.merge(found[i], newLevel));
            if (TRACE) {
                System.err.printf(
                        "level %d: %d states, expand %.2f s, merge %.2f s%n",
                        level - 1, expanded, (t1 - t0) / 1e9, (System.nanoTime() - t1) / 1e9);
            }
            reached += merged & 0xFFFF_FFFFL;
            progress.level(level, reached, space.size(), (System.nanoTime() - started) / 1e9);
            if (merged >>> 32 == 0) {
                return bfs.levels;
            }
        }
    }

    /**
     * The region-aware table by the two-bit engine over {@link PatternRegionSpace}: what {@link #build} does for
     * patterns above the int index, and for any pattern when asked (the tests compare the two searches). A frontier
     * state's entry, {@code (level - manhattan) / 2}, is written as its level is expanded, the least over the
     * placement's regions kept by compare-and-set (a placement's ranks may straddle two threads' chunks): entries start
     * at 15, "none yet", so a placement's first level must give an entry below 15 (regions found at later levels write
     * nothing); placements never reached are 0 at the end, as in {@link PatternBfs}'s build.
     */
    PatternDatabase buildByRegionStates() {
        PatternRegionSpace states = new PatternRegionSpace(puzzle, goalBlank, startCell, tiles);
        int slots = states.slots();
        int k = tiles.length;
        int[] goalCellOf = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
        int[] manhattan = manhattan(goalCellOf);
        byte[] packed = new byte[(int) PatternDatabase.entryBytes(space.size())];
        Arrays.fill(packed, (byte) -1);
        LongAdder overflow = new LongAdder();
        ThreadLocal<PatternCursor> cursors = ThreadLocal.withInitial(() -> new PatternCursor(space));
        long started = System.nanoTime();
        TwoBitBreadthFirstSearch.Observer encoder = new TwoBitBreadthFirstSearch.Observer() {
            @Override
            public void level(int level, long count, long reached) {
                progress.level(level, reached, states.size(), (System.nanoTime() - started) / 1e9);
                if (TRACE) {
                    System.err.printf("level %d: %d states, %d reached%n", level, count, reached);
                }
            }

            @Override
            public TwoBitLevel.RankSink frontier(int level) {
                return r -> {
                    long placement = r / slots;
                    PatternCursor cursor = cursors.get();
                    cursor.moveTo(placement);
                    int md = 0;
                    for (int j = 0; j < k; j++) {
                        md += manhattan[j << AdditivePatternHeuristic.SHIFT | cursor.cellOf[j]];
                    }
                    int index = (int) placement; // an unsigned int index
                    int excess = (level - md) >> 1;
                    if (excess < 0 || ((level - md) & 1) != 0) {
                        overflow.increment();
                    } else if (excess < UNSET) {
                        Nibbles.lowerShared(packed, index, excess);
                    } else if (Nibbles.get(packed, index) == UNSET) {
                        // this level is the placement's first (a region found later holds no entry)
                        overflow.increment();
                    }
                };
            }
        };
        TwoBitBreadthFirstSearch.run(
                states.size(), states.goal(), t -> states.predecessors(), threads, null, Integer.MAX_VALUE, encoder);
        checkOverflow(overflow.sum());
        for (int i = 0; i < packed.length; i++) {
            int b = packed[i] & 0xFF;
            if ((b & 0xF) == UNSET) {
                b &= 0xF0;
            }
            if (b >>> 4 == UNSET) {
                b &= 0x0F;
            }
            packed[i] = (byte) b;
        }
        return new PatternDatabase(puzzle, goalBlank, startCell, tiles, packed);
    }

    /** {@code manhattan[j << SHIFT | cell]}: pattern tile j's Manhattan distance on {@code cell}. */
    private int[] manhattan(int[] goalCellOf) {
        int cols = puzzle.cols();
        int[] manhattan = new int[tiles.length << AdditivePatternHeuristic.SHIFT];
        for (int j = 0; j < tiles.length; j++) {
            for (int c = 0; c < puzzle.cellCount(); c++) {
                int g = goalCellOf[j];
                manhattan[j << AdditivePatternHeuristic.SHIFT | c] =
                        Math.abs(c / cols - g / cols) + Math.abs(c % cols - g % cols);
            }
        }
        return manhattan;
    }

    private void checkOverflow(long overflow) {
        if (overflow != 0) {
            throw new IllegalStateException(overflow + " placements of pattern " + Arrays.toString(tiles)
                    + " exceed the Manhattan distance by more than four-bit entries hold (or by an odd amount);"
                    + " use smaller patterns");
        }
    }

    private PatternDatabase encode(ExecutorService pool, byte[] levels, int[] goalCellOf) {
        int k = tiles.length;
        int[] manhattan = manhattan(goalCellOf);
        int size = (int) space.size();
        byte[] packed = new byte[(int) PatternDatabase.entryBytes(size)];
        int chunks = (size + PatternBfs.CHUNK - 1) >>> PatternBfs.CHUNK_SHIFT;
        long overflow = parallel(pool, chunks, () -> {
            PatternCursor cursor = new PatternCursor(space);
            return chunk -> {
                int r0 = chunk << PatternBfs.CHUNK_SHIFT;
                int r1 = Math.min(size, r0 + PatternBfs.CHUNK);
                long bad = 0;
                for (int r = r0; r < r1; r++) {
                    int level = (levels[r] & 0xFF) - 1;
                    if (level < 0) {
                        continue;
                    }
                    cursor.moveTo(r);
                    int md = 0;
                    for (int j = 0; j < k; j++) {
                        md += manhattan[j << AdditivePatternHeuristic.SHIFT | cursor.cellOf[j]];
                    }
                    int excess = (level - md) >> 1;
                    if (excess > PatternDatabase.MAX_EXCESS || excess < 0 || ((level - md) & 1) != 0) {
                        bad++;
                        excess = Math.max(0, Math.min(PatternDatabase.MAX_EXCESS, excess));
                    }
                    Nibbles.set(packed, r, excess); // chunks start at even ranks: no byte is shared by two threads
                }
                return bad;
            };
        });
        checkOverflow(overflow);
        return new PatternDatabase(puzzle, goalBlank, startCell, tiles, packed);
    }

    private static int[] flagged(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        int[] out = new int[n];
        n = 0;
        for (int i = 0; i < flags.length; i++) {
            if (flags[i]) {
                out[n++] = i;
            }
        }
        return out;
    }

    /** A per-thread factory of work items; each item returns a count to add up. */
    private interface Work {
        IntToLongFunction create();
    }

    /** Runs items {@code 0..count} on the pool's threads, each pulling the next item; sums the results. */
    private long parallel(ExecutorService pool, int count, Work work) {
        long total = 0;
        for (Sum s : ChunkedWork.run(
                pool,
                threads,
                count,
                w -> new Sum(work.create()),
                (s, i) -> s.sum += s.item.applyAsLong(i),
                "pattern database build")) {
            total += s.sum;
        }
        return total;
    }

    /** One worker's item function and the sum of what its items returned. */
    private static final class Sum {
        final IntToLongFunction item;
        long sum;

        Sum(IntToLongFunction item) {
            this.item = item;
        }
    }
}
