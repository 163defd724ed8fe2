package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolverSettings;
import java.util.List;

/**
 * A kind whose solver reads table files (sliding puzzles' pattern databases) that a job makes sure of once, on the
 * driver, before its tasks start.
 */
public interface TableKind extends PuzzleKind {
    /**
     * Files of {@code settings.tables()} the solver needs for {@code goal} (none when it needs none with these
     * settings). The goal is text (null: the puzzle's default), which serves boards too wide for a {@code long} as
     * well.
     */
    List<String> tableFiles(Puzzle puzzle, SolverSettings settings, String goal);

    /** Builds the missing {@link #tableFiles} for {@code goal} (text, null: the default). */
    void buildTables(Puzzle puzzle, SolverSettings settings, String goal);
}
