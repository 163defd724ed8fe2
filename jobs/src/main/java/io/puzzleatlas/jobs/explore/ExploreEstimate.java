package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.jobs.RefusedException;
import java.io.File;
import java.util.Locale;

/**
 * What an {@code explore} run needs, worked out from the space's size before anything starts, so
 * that a run this machine cannot hold is refused at once with the figures (never an out-of-memory
 * error an hour in). Per state: the local engine holds the byte table (written straight to distances/),
 * and two frontiers of packed longs (at most a quarter of the space each level in the sliding
 * spaces measured), about 6 bytes in all; the Spark engine two bits in its cached ranges, a copy
 * while a level is merged and the level's rank blocks in flight (about 2 bytes per state of the
 * largest level, a tenth of a sliding space), estimated at 1 byte per state summed over
 * executors. {@code distances/} takes 1.6 bytes a row as written (3.9 with {@code --with-states};
 * 2x5, zstd), estimated at 2 and 5; the Spark engine's checkpoint adds a quarter byte per state,
 * twice while a new one replaces the last.
 *
 * @param heapBytes heap the run needs (summed over executors on Spark)
 * @param diskBytes disk the output needs
 */
record ExploreEstimate(long heapBytes, long diskBytes) {
    static ExploreEstimate of(long states, boolean local, boolean withStates, boolean distances) {
        // plus, on Spark, the driver's first levels (SmallLevels: about 64 MiB at the default million states)
        long heap = states * (local ? 6 : 1) + (64L << 20) + (local ? 0 : 64L << 20);
        long disk = (distances ? states * (withStates ? 5 : 2) : 0) + (local ? 0 : states / 2);
        return new ExploreEstimate(heap, disk);
    }

    String describe() {
        return String.format(Locale.ROOT, "about %s of heap and %s of disk", size(heapBytes), size(diskBytes));
    }

    /**
     * Refuses the run when this JVM's heap (checked when the states are held here: the local
     * engine, or Spark in local mode) or the output's local disk cannot hold it.
     */
    void check(String what, boolean heldHere, File outputDir) {
        long heap = TooLargeException.availableHeap();
        if (heldHere && heapBytes > heap) {
            throw new RefusedException(String.format(Locale.ROOT, "%s needs %s; this JVM has %s of heap: give it more "
                    + "(java -Xmx...) or run on a cluster (--master, --engine spark)", what, describe(), size(heap)));
        }
        File existing = nearestExisting(outputDir);
        if (existing != null && existing.getUsableSpace() > 0 && diskBytes > existing.getUsableSpace()) {
            throw new RefusedException(String.format(Locale.ROOT, "%s needs %s; %s has %s free", what, describe(),
                    existing, size(existing.getUsableSpace())));
        }
    }

    /** {@code output} as a local directory, or null when it is on another file system (or no path). */
    static File localDirectory(String output) {
        try {
            java.net.URI uri = new org.apache.hadoop.fs.Path(output).toUri();
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
