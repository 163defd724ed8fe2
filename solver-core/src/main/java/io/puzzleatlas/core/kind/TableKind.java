package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import java.util.ArrayList;
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

    /**
     * How {@code puzzle} is solved toward {@code goal} with {@code settings}, decided once on a job's driver and
     * shipped to every solver ({@link SolverSettings#plan()}). By default the {@link #tableFiles} (named after what
     * they hold) of the kind's pattern databases; kinds whose choice depends on memory (definitions) say more.
     */
    default SolvePlan plan(Puzzle puzzle, SolverSettings settings, String goal) {
        List<SolvePlan.Table> tables = new ArrayList<>();
        for (String f : tableFiles(puzzle, settings, goal)) {
            tables.add(new SolvePlan.Table(f, ""));
        }
        return new SolvePlan(tables.isEmpty() ? "no table files" : "pattern databases", List.of(), tables, 0, 0);
    }
}
