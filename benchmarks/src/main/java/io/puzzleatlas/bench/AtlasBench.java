package io.puzzleatlas.bench;

import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.rotation.RotationCensus;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.sliding.SlidingAtlas;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Atlas benchmark: the rotation game's full-space census and the 12-cell sliding histograms, with wall time and peak
 * heap. Arguments: any of {@code rotation 2x6 3x4} (default all), and {@code --threads N} (default: all processors).
 * Run with {@code -Xmx12g} to check the limit.
 */
public final class AtlasBench {
    private AtlasBench() {}

    public static void main(String[] args) {
        int threads = Runtime.getRuntime().availableProcessors();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--threads")) {
                threads = Integer.parseInt(args[++i]);
            } else {
                parts.add(args[i]);
            }
        }
        if (parts.isEmpty()) {
            parts = List.of("rotation", "2x6", "3x4");
        }
        System.out.printf(
                Locale.ROOT,
                "threads %d, max heap %d MiB%n",
                threads,
                Runtime.getRuntime().maxMemory() >> 20);
        for (String part : parts) {
            resetPeaks();
            long t0 = System.nanoTime();
            String detail;
            if (part.equals("rotation")) {
                RotationCensus census = RotationCensus.standard();
                double setup = (System.nanoTime() - t0) / 1e9;
                long t1 = System.nanoTime();
                RotationCensus.Result r = census.run(threads);
                detail = String.format(
                                Locale.ROOT,
                                "(table + symmetry check + units %.2f s, census %.2f s, %d units) ",
                                setup,
                                (System.nanoTime() - t1) / 1e9,
                                census.engine().unitCount())
                        + "boards " + Arrays.stream(r.histogram()).sum() + " (expected " + RotationGame.STATES
                        + "), radius " + r.radius() + ", deepest " + r.deepest().length + ", histogram "
                        + Arrays.toString(r.histogram());
            } else {
                String[] rc = part.split("x");
                int rows = Integer.parseInt(rc[0]);
                int cols = Integer.parseInt(rc[1]);
                SpaceSummary s = SlidingAtlas.twoBit(rows, cols, rows * cols - 1, threads);
                SlidingPuzzle p = new SlidingPuzzle(rows, cols);
                StringBuilder sb = new StringBuilder(s.toString());
                for (long b : s.deepest()) {
                    sb.append("\n    deepest: ").append(p.format(b));
                }
                sb.append("\n    counters: ").append(TwoBitBreadthFirstSearch.lastCounters());
                detail = sb.toString();
            }
            double secs = (System.nanoTime() - t0) / 1e9;
            System.out.printf(Locale.ROOT, "%-8s %8.2f s  peak heap %6d MiB  %s%n", part, secs, peakHeapMiB(), detail);
        }
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    private static long peakHeapMiB() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum >> 20;
    }
}
