package io.puzzleatlas.bench;

import com.sun.management.OperatingSystemMXBean;
import io.puzzleatlas.core.sliding.SlidingGoalSpace;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import io.puzzleatlas.core.table.TwoBitLevel;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The two-bit search's cost per state where it matters, on the widest levels of a sliding space (the 2x7's levels 62 to
 * 66 hold a fifth of its 43.6 G states), without the half hour before them: {@code save} runs the search to a level and
 * writes the array there; {@code run} reads it back and times the next levels (process CPU per frontier state), so two
 * builds can be timed from the same array one after the other. {@code ranker} times the neighbour ranks alone.
 *
 * <pre>
 * java -Xmx12g -XX:+UseTransparentHugePages -cp CLASSES io.puzzleatlas.bench.WideLevelsBench save 2x7 62 /tmp/snap62
 * java -Xmx12g -XX:+UseTransparentHugePages -cp CLASSES io.puzzleatlas.bench.WideLevelsBench run 2x7 62 /tmp/snap62 2
 * java -cp CLASSES io.puzzleatlas.bench.WideLevelsBench ranker 2x7 23 100000000
 * </pre>
 *
 * Threads: all processors ({@code -Dthreads=N} to change). The array file is the search's words as little-endian longs,
 * the histogram beside it in {@code FILE.hist}. {@code run} prints the memory the process holds in transparent huge
 * pages: add {@code -Xms12g -XX:+AlwaysPreTouch} so the heap is faulted in (and in huge pages) before the array is
 * read.
 */
public final class WideLevelsBench {
    private WideLevelsBench() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 4) {
            System.err.println(
                    "usage: WideLevelsBench save RxC LEVEL FILE | run RxC LEVEL FILE LEVELS | ranker RxC GAP COUNT");
            System.exit(2);
        }
        String[] rc = args[1].split("x");
        SlidingPuzzle puzzle = new SlidingPuzzle(Integer.parseInt(rc[0]), Integer.parseInt(rc[1]));
        SlidingGoalSpace space = new SlidingGoalSpace(puzzle, puzzle.canonicalGoal(puzzle.rows() * puzzle.cols() - 1));
        int threads = Integer.getInteger("threads", Runtime.getRuntime().availableProcessors());
        switch (args[0]) {
            case "save" -> save(space, Integer.parseInt(args[2]), Path.of(args[3]), threads);
            case "run" -> run(space, Integer.parseInt(args[2]), Path.of(args[3]), Integer.parseInt(args[4]), threads);
            case "ranker" -> ranker(space, Long.parseLong(args[2]), Long.parseLong(args[3]));
            default -> throw new IllegalArgumentException("save, run or ranker, not " + args[0]);
        }
    }

    private static void save(SlidingGoalSpace space, int level, Path file, int threads) {
        long started = System.nanoTime();
        search(space, threads, null, level, new TwoBitBreadthFirstSearch.Observer() {
            @Override
            public void level(int l, long count, long reached) {
                System.out.printf(
                        Locale.ROOT, "level %d: %,d states, %.1f s%n", l, count, (System.nanoTime() - started) / 1e9);
            }

            @Override
            public void between(TwoBitBreadthFirstSearch.Snapshot s) {
                if (s.level() == level) {
                    write(s, file);
                }
            }
        });
    }

    /** The space's two-bit search from its goal, or from {@code from} when not null, to {@code maxLevel}. */
    private static void search(
            SlidingGoalSpace space,
            int threads,
            TwoBitBreadthFirstSearch.Snapshot from,
            int maxLevel,
            TwoBitBreadthFirstSearch.Observer observer) {
        TwoBitBreadthFirstSearch.run(
                space.size(), space.rank(space.goal()), t -> space.predecessors(), threads, from, maxLevel, observer);
    }

    private static void write(TwoBitBreadthFirstSearch.Snapshot s, Path file) {
        try (FileChannel ch = FileChannel.open(
                        file,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
                DataOutputStream hist = new DataOutputStream(Files.newOutputStream(Path.of(file + ".hist")))) {
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 24).order(ByteOrder.LITTLE_ENDIAN);
            long[] words = s.words();
            for (int i = 0; i < words.length; ) {
                buf.clear();
                while (buf.remaining() >= 8 && i < words.length) {
                    buf.putLong(words[i++]);
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
            hist.writeInt(s.histogram().length);
            for (long count : s.histogram()) {
                hist.writeLong(count);
            }
            System.out.println("saved level " + s.level() + " to " + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void run(SlidingGoalSpace space, int level, Path file, int levels, int threads) throws IOException {
        long size = space.size();
        long[] histogram;
        try (DataInputStream in = new DataInputStream(Files.newInputStream(Path.of(file + ".hist")))) {
            histogram = new long[in.readInt()];
            for (int i = 0; i < histogram.length; i++) {
                histogram[i] = in.readLong();
            }
        }
        long[] words = new long[(int) TwoBitLevel.words(size)];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 24).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < words.length; ) {
                buf.clear();
                while (buf.hasRemaining() && ch.read(buf) > 0) {
                    // fill the buffer
                }
                buf.flip();
                while (buf.remaining() >= 8) {
                    words[i++] = buf.getLong();
                }
            }
        }
        System.out.println("read level " + level + " from " + file + "; " + hugePages());
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] mark = new long[3]; // wall and CPU at the level's start, its frontier
        search(
                space,
                threads,
                new TwoBitBreadthFirstSearch.Snapshot(level, histogram, words),
                level + levels,
                new TwoBitBreadthFirstSearch.Observer() {
                    @Override
                    public void between(TwoBitBreadthFirstSearch.Snapshot s) {
                        mark[0] = System.nanoTime();
                        mark[1] = os.getProcessCpuTime();
                        mark[2] = s.histogram()[s.level()];
                    }

                    @Override
                    public void level(int l, long count, long reached) {
                        double cpu = os.getProcessCpuTime() - mark[1];
                        System.out.printf(
                                Locale.ROOT,
                                "level %d: %,d new from %,d, %.1f s wall, %.1f CPU-s, %.1f ns of CPU per "
                                        + "frontier state%n",
                                l,
                                count,
                                mark[2],
                                (System.nanoTime() - mark[0]) / 1e9,
                                cpu / 1e9,
                                cpu / mark[2]);
                    }
                });
    }

    /**
     * This process's memory in transparent huge pages (Linux), or a note that it is not known: a 10.9 GB array in 4 KB
     * pages costs a TLB miss per neighbour mark, and a run that got few huge pages (memory fragmented) is not
     * comparable with one that got them all.
     */
    private static String hugePages() {
        try {
            return Files.readAllLines(Path.of("/proc/self/smaps_rollup")).stream()
                    .filter(l -> l.startsWith("AnonHugePages"))
                    .map(l -> l.replaceAll("\\s+", " "))
                    .findFirst()
                    .orElse("AnonHugePages not listed");
        } catch (IOException | UnsupportedOperationException e) {
            return "huge pages not known (" + e.getMessage() + ")";
        }
    }

    private static void ranker(SlidingGoalSpace space, long gap, long count) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int round = 0; round < 3; round++) {
            NeighbourRanker ranker = space.predecessors();
            long size = space.size();
            long[] out = new long[ranker.maxNeighbours()];
            long sum = 0;
            long rank = 12_345;
            long started = mx.getCurrentThreadCpuTime();
            for (long i = 0; i < count; i++) {
                int n = ranker.neighbours(rank, out, 0);
                for (int k = 0; k < n; k++) {
                    sum += out[k];
                }
                rank += gap;
                if (rank >= size) {
                    rank -= size - 1;
                }
            }
            double ns = (mx.getCurrentThreadCpuTime() - started) / (double) count;
            System.out.printf(
                    Locale.ROOT,
                    "round %d: %.1f ns of CPU per rank (every %d-th rank), neighbour sum %d%n",
                    round,
                    ns,
                    gap,
                    sum);
        }
    }
}
