package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.registry.PuzzleHandle;
import java.util.List;

/**
 * Computes the atlas entries of one puzzle: the seam between the {@code atlas} command and the machinery.
 * {@link InCoreAtlasEngine} runs in this JVM; a Spark engine (rotation-game census units or two-bit BFS rank ranges
 * spread over executors) implements the same interface.
 */
public interface AtlasEngine {
    /**
     * @param puzzle the puzzle ({@code eight-puzzle}, {@code sliding-RxC}, {@code magic-board}, {@code rotation-game},
     *     ...)
     * @param goal sliding puzzles: a goal board, or {@code classes} for one space per goal class; magic board: the
     *     start; rotation game: must be null; null for the default
     * @param threads threads an in-core engine may use
     */
    List<AtlasSpace> compute(PuzzleHandle puzzle, String goal, int threads);
}
