package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.jobs.RefusedException;
import java.io.File;
import java.util.Locale;

/**
 * What an {@code explore} run needs, worked out from the space's size before anything starts, so
 * that a run this machine cannot hold is refused at once with the figures (never an out-of-memory
 * error an hour in). Measured per state: the local engine holds the byte table, a copy of it for
 * writing, and two frontiers of packed longs (at most a quarter of the space each level in the
 * sliding spaces measured), about 6 bytes in all; the Spark engine a byte per state in its
 * ranges plus the level's rank blocks in flight, about 7 bytes summed over executors.
 * {@code distances/} takes 1.6 bytes a row as written (3.9 with {@code --with-states}; 2x5,
 * zstd), estimated at 2 and 5; the Spark engine's checkpoint adds a byte per state.
 *
 * @param heapBytes heap the run needs (summed over executors on Spark)
 * @param diskBytes disk the output needs
 */
record ExploreEstimate(long heapBytes, long diskBytes) {
    static ExploreEstimate of(long states, boolean local, boolean withStates) {
        long heap = states * (local ? 6 : 7) + (64L << 20);
        long disk = states * (withStates ? 5 : 2) + (local ? 0 : states);
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
        File existing = outputDir == null ? null : outputDir.getAbsoluteFile();
        while (existing != null && !existing.exists()) {
            existing = existing.getParentFile();
        }
        if (existing != null && existing.getUsableSpace() > 0 && diskBytes > existing.getUsableSpace()) {
            throw new RefusedException(String.format(Locale.ROOT, "%s needs %s; %s has %s free", what, describe(),
                    existing, size(existing.getUsableSpace())));
        }
    }

    static String size(long bytes) {
        return TooLargeException.size(bytes);
    }
}
