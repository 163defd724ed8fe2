package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import io.puzzleatlas.jobs.RefusedException;
import java.io.File;
import java.net.URI;
import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * What an {@code explore} run needs, worked out from the space's size before anything starts, so that a run this
 * machine cannot hold is refused at once with the figures (never an out-of-memory error an hour in). Per state: the
 * local engine holds the byte table (written straight to distances/), and two frontiers of packed longs (at most a
 * quarter of the space each level in the sliding spaces measured), about 6 bytes in all. The Spark engine keeps two
 * bits per state in range files on its executors' local disks (memory-mapped: page cache, not heap) and shuffles the
 * rank blocks of a level, at most about 2.5 bytes per state of the widest level (measured on the 2x7, whose widest
 * level is 4.3 % of its space): a quarter byte per state for each, summed over executors. Its heap is the driver's
 * first levels (about 64 MiB at the default million states) and, per executor core, one task's rank blocks
 * ({@link FrontierExpansion#BLOCK_BUDGET}, with their encoding and Spark's shuffle buffers: {@value #TASK_HEAP_MB}
 * MiB), whatever the space. {@code distances/} takes 1.6 bytes a row as written (3.9 with {@code --with-states}; 2x5,
 * zstd), estimated at 2 and 5; the Spark engine's checkpoint adds a quarter byte per state, twice while a new one
 * replaces the last.
 *
 * @param heapBytes heap the run needs in this JVM (the driver, on Spark)
 * @param diskBytes disk the output and the checkpoints need
 * @param taskHeapBytes heap per executor core (Spark), else 0
 * @param localDiskBytes executor-local disk summed over executors (Spark), else 0
 */
record ExploreEstimate(long heapBytes, long diskBytes, long taskHeapBytes, long localDiskBytes) {
    static final int TASK_HEAP_MB = 256;

    static ExploreEstimate of(long states, boolean local, boolean withStates, boolean distances) {
        long rows = distances ? states * (withStates ? 5 : 2) : 0;
        if (local) {
            // the histogram alone: the two-bit array; distances: a byte per state and the two frontiers
            long heap = distances ? states * 6 : TwoBitBreadthFirstSearch.checkpointBytes(states);
            return new ExploreEstimate(heap + (64L << 20), rows, 0, 0);
        }
        long ranges = states / 4;
        return new ExploreEstimate(128L << 20, rows + ranges, (long) TASK_HEAP_MB << 20, ranges + shuffleBytes(states));
    }

    /** The executor-local disk the widest level's shuffle takes, summed over executors. */
    static long shuffleBytes(long states) {
        return states / 4;
    }

    String describe() {
        if (localDiskBytes == 0) {
            return String.format(Locale.ROOT, "about %s of heap and %s of disk", size(heapBytes), size(diskBytes));
        }
        return String.format(
                Locale.ROOT,
                "about %s of driver heap, %s of executor heap per core, %s of executor-local "
                        + "disk (over all executors) and %s of disk for the output",
                size(heapBytes),
                size(taskHeapBytes),
                size(localDiskBytes),
                size(diskBytes));
    }

    /**
     * Refuses the run when this JVM's heap (checked when the states are held here: the local engine, or Spark in local
     * mode) or the output's local disk cannot hold it.
     */
    void check(String what, boolean heldHere, File outputDir) {
        long heap = TooLargeException.availableHeap();
        if (heldHere && heapBytes + taskHeapBytes * Runtime.getRuntime().availableProcessors() > heap) {
            throw new RefusedException(String.format(
                    Locale.ROOT,
                    "%s needs %s; this JVM has %s of heap: give it more "
                            + "(java -Xmx...) or run on a cluster (--master, --engine spark)",
                    what,
                    describe(),
                    size(heap)));
        }
        File scratch = new File(System.getProperty("java.io.tmpdir"));
        if (heldHere
                && localDiskBytes > 0
                && scratch.getUsableSpace() > 0
                && localDiskBytes > scratch.getUsableSpace()) {
            String[] sizes = ExecutorCheck.apart(localDiskBytes, scratch.getUsableSpace());
            throw new RefusedException(String.format(
                    Locale.ROOT,
                    "%s needs %s; the local directory %s has %s free, less than %s (set spark.local.dir)",
                    what,
                    describe(),
                    scratch,
                    sizes[1],
                    sizes[0]));
        }
        File existing = nearestExisting(outputDir);
        if (existing != null && existing.getUsableSpace() > 0 && diskBytes > existing.getUsableSpace()) {
            String[] sizes = ExecutorCheck.apart(diskBytes, existing.getUsableSpace());
            throw new RefusedException(String.format(
                    Locale.ROOT,
                    "%s needs %s; %s has %s free, less than %s",
                    what,
                    describe(),
                    existing,
                    sizes[1],
                    sizes[0]));
        }
    }

    /** {@code output} as a local directory, or null when it is on another file system (or no path). */
    static File localDirectory(String output) {
        try {
            URI uri = new Path(output).toUri();
            return uri.getScheme() == null || "file".equals(uri.getScheme()) ? new File(uri.getPath()) : null;
        } catch (IllegalArgumentException e) {
            return null; // not a path: AtomicOutput reports it
        }
    }

    /** {@code dir} or its nearest ancestor that exists (whose free space a new directory would use), or null. */
    static File nearestExisting(File dir) {
        File existing = dir == null ? null : dir.getAbsoluteFile();
        while (existing != null && !existing.exists()) {
            existing = existing.getParentFile();
        }
        return existing;
    }

    static String size(long bytes) {
        return TooLargeException.size(bytes);
    }
}
