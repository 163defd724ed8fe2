package io.puzzleatlas.core.kind;

import java.util.Locale;

/**
 * A computation this JVM cannot hold, refused before it starts; the message says what it needs and what there is (never
 * an out-of-memory error an hour in).
 */
public final class TooLargeException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /**
     * Overrides the heap this JVM offers, in bytes (tests: a machine smaller than the one running them, in a JVM of
     * their own: {@code CliRun.inJvm}). Read once, when this class is first used, like {@code -Xmx}: the heap checks
     * are spread over the core (a definition's move set as its file is read, the atlases, the tables) and they all
     * count on the same heap of this JVM.
     */
    public static final String HEAP_PROPERTY = "puzzleatlas.available-heap";

    private static final long HEAP =
            Long.getLong(HEAP_PROPERTY, Runtime.getRuntime().maxMemory());

    public TooLargeException(String message) {
        super(message);
    }

    /** The heap a computation may count on: the JVM's maximum, or {@value #HEAP_PROPERTY} as read at the start. */
    public static long availableHeap() {
        return HEAP;
    }

    /** Refuses {@code what} when it needs more than {@link #availableHeap()}. */
    public static void checkHeap(String what, long needBytes) {
        long heap = availableHeap();
        if (needBytes > heap) {
            throw new TooLargeException(String.format(
                    Locale.ROOT,
                    "%s needs about %s of heap; this JVM has %s: give it " + "more (java -Xmx...)",
                    what,
                    size(needBytes),
                    size(heap)));
        }
    }

    /** Bytes as MiB or GiB. */
    public static String size(long bytes) {
        return bytes >= 1L << 30
                ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
                : String.format(Locale.ROOT, "%d MiB", Math.max(1, bytes >> 20));
    }
}
