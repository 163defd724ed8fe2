package io.puzzleatlas.core.search;

import io.puzzleatlas.core.puzzle.Puzzle;

/**
 * Solves instances of one puzzle optimally with the project's tie-break (fewest moves, then the lexicographically
 * smallest move string). Implementations are thread-safe and long-lived: they build or load their tables once and share
 * them between calls.
 */
public interface PuzzleSolver {
    Puzzle puzzle();

    /**
     * Solves from {@code start} to {@code goal} (ignored when the puzzle has no goal board). Both boards are valid
     * boards of {@link #puzzle()}.
     */
    SolveResult solve(long start, long goal, Budget budget);

    /**
     * Solves boards given as text: the only entry for puzzles whose boards do not fit a {@code long}
     * ({@link Puzzle#wide()}); by default the boards are parsed and solved as {@link #solve(long, long, Budget)}.
     * Throws {@code InvalidBoardException} for a bad board.
     *
     * @param goal the goal's text, or null when the puzzle has no goal board
     */
    default SolveResult solveText(String start, String goal, Budget budget) {
        Puzzle p = puzzle();
        return solve(p.parse(start), goal == null ? -1 : p.parse(goal), budget);
    }

    /**
     * Loads or builds what solving toward {@code goal} (a board's text; null: the puzzle's goal or goal condition)
     * needs: its distance table or pattern databases, which solvers otherwise make on their first solve. A job calls it
     * before it times an instance, so that an instance's time is its search's alone. Cheap once done; a goal it cannot
     * read is left to the solve to report.
     */
    default void prepare(String goal) {}

    /**
     * How this solver answers, for the solve summary ({@code table descent (88,179,840 states)}); null where the puzzle
     * has one method.
     */
    default String describe() {
        return null;
    }

    /**
     * Whether instances cost wildly different amounts (a search per instance, where a few boards take 100x the median)
     * rather than a bounded table descent: schedulers then cut the work into many small pieces so hard boards spread
     * out.
     */
    default boolean costVaries() {
        return false;
    }

    /**
     * The search of one instance (boards as text) cut into pieces that can run apart, for {@link SplitIda}; null when
     * this solver does not split (a table descent, an unreachable goal: {@link #solveText} answers those at once). The
     * answer is the same as {@link #solveText}'s.
     */
    default SplitSearch split(String start, String goal) {
        return null;
    }
}
