package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;

/**
 * What a caller adds to a long in-core search of a space ({@link TwoBitBreadthFirstSearch}): a progress observer that
 * may also save checkpoints, a checkpoint to continue from, and a level after which to stop. {@link #NONE} runs the
 * search whole and silent.
 */
public interface SearchControl {
    SearchControl NONE = new SearchControl() {};

    /**
     * Told before the search of {@code space} starts what it needs: {@code heapBytes} of heap and {@code diskBytes} for
     * a checkpoint; may refuse it (throw) when the checkpoints' disk cannot hold it.
     */
    default void planned(String space, long ranks, long heapBytes, long checkpointBytes) {}

    /** The observer of the search of {@code space} ({@code size} ranks, from {@code goalRank}). */
    default TwoBitBreadthFirstSearch.Observer observer(String space, long size, long goalRank) {
        return TwoBitBreadthFirstSearch.Observer.NONE;
    }

    /** A saved state of the same search to continue from, or null to start at level 0. */
    default TwoBitBreadthFirstSearch.Snapshot resume(String space, long size, long goalRank) {
        return null;
    }

    /** Levels after which the search stops ({@link StoppedException}). */
    default int maxLevel() {
        return Integer.MAX_VALUE;
    }

    /** A search stopped by {@link #maxLevel()} before it was complete. */
    final class StoppedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public StoppedException(String space, int level) {
            super(space + ": stopped after " + level + " levels");
        }
    }
}
