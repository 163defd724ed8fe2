package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolverSettings;
import java.util.List;

/**
 * A kind whose solver reads table files (sliding puzzles' pattern databases) that a job makes
 * sure of once, on the driver, before its tasks start.
 */
public interface TableKind extends PuzzleKind {
    /** Files of {@code settings.tables()} the solver needs for {@code goal} (none when it needs none with these settings). */
    List<String> tableFiles(Puzzle puzzle, SolverSettings settings, long goal);

    /** Builds the missing {@link #tableFiles} for {@code goal}. */
    void buildTables(Puzzle puzzle, SolverSettings settings, long goal);
}
