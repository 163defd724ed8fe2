package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.List;

/**
 * A kind of puzzle, and everything the commands need of it, in one place: its names, the puzzle
 * itself (text form, validation, moves and their tie-break order, reachability, instance space:
 * {@link Puzzle}), how it is solved, the ranked space {@code explore} searches, its contest
 * format, its atlas and how a report draws a board. A kind lives in one package of the core and
 * is listed once, in {@code io.puzzleatlas.core.registry.PuzzleRegistry}; every command finds it
 * there by name. docs/architecture.md walks through adding one.
 */
public interface PuzzleKind {
    /** Names as listed to users; a family writes its pattern ({@code sliding-RxC}). */
    List<String> names();

    /** This kind's puzzle of {@code name}, or null when the name is not this kind's. */
    Puzzle puzzle(String name);

    /** A new solver of {@code puzzle}; thread-safe and long-lived (shared per JVM by the registry). */
    PuzzleSolver solver(Puzzle puzzle, SolverSettings settings);

    /**
     * Files of {@code settings.tables()} the solver needs for {@code goal} that a job should make
     * sure of before its tasks start (built once, on the driver); none by default.
     */
    default List<String> tableFiles(Puzzle puzzle, SolverSettings settings, long goal) {
        return List.of();
    }

    /** Builds the missing {@link #tableFiles} for {@code goal}. */
    default void buildTables(Puzzle puzzle, SolverSettings settings, long goal) {
    }

    /**
     * {@link #tableFiles(Puzzle, SolverSettings, long)} for a goal given as text (null: the
     * default goal), which also serves puzzles whose boards do not fit a {@code long}.
     */
    default List<String> tableFiles(Puzzle puzzle, SolverSettings settings, String goal) {
        return tableFiles(puzzle, settings, goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
    }

    /** {@link #buildTables(Puzzle, SolverSettings, long)} for a goal given as text (null: the default goal). */
    default void buildTables(Puzzle puzzle, SolverSettings settings, String goal) {
        buildTables(puzzle, settings, goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
    }

    /**
     * The ranked space whose distances to {@code goal} {@code explore} measures (-1: the default
     * goal). For most kinds the puzzle's own boards, so that a rank is a board's instance id in
     * {@code generate --all}.
     */
    RankedSpace space(Puzzle puzzle, long goal);

    /** The text of a state of {@link #space}: a board's text unless the space is an abstraction. */
    default String stateText(Puzzle puzzle, long state) {
        return puzzle.format(state);
    }

    /**
     * The contest format {@code judge} reads and writes, or null when the kind has none.
     *
     * @param goal      the goal given on the command line, or null
     * @param countOnly answer move counts only (where the format has such a mode)
     * @throws IllegalArgumentException when an option does not apply to this kind
     */
    default JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly) {
        return null;
    }

    /**
     * The atlas of the puzzle: for each space (usually one), its depth histogram and deepest
     * states, and the goal text the distances are measured to.
     *
     * @param goal    the goal (or start) given on the command line, or null for the default;
     *                a kind may accept other words (sliding puzzles: {@code classes})
     * @param threads threads the computation may use
     */
    List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads);

    /**
     * {@link #atlas(Puzzle, String, int)} with a caller's progress, checkpoints and level limit
     * for the kinds whose atlas is a long search (sliding puzzles); the others ignore it.
     */
    default List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        return atlas(puzzle, goal, threads);
    }

    /** An atlas that Spark can split into independent ranges, or null (then the in-core one runs). */
    default SplitCensus splitCensus(Puzzle puzzle, String goal) {
        return null;
    }

    /** How a report draws a board of this puzzle. */
    BoardDrawing drawing(Puzzle puzzle);
}
