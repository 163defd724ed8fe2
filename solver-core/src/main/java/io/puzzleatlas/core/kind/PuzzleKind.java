package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.List;

/**
 * A kind of puzzle and what every command needs of it: its names, the puzzle itself (text form, validation, moves and
 * their tie-break order, reachability, instance space: {@link Puzzle}), how it is solved, the ranked space
 * {@code explore} searches, its atlas and how a report draws a board. What only some kinds have is a small interface of
 * its own that a kind implements or not: {@link TableKind} (table files a job prepares before solving),
 * {@link JudgeKind} (a contest format), {@link SplitCensusKind} (an atlas Spark can split). A kind lives in one package
 * of the core and is listed once, in {@code io.puzzleatlas.core.registry.PuzzleRegistry}; every command resolves a name
 * there once, into a {@code PuzzleHandle} its job carries. docs/architecture.md walks through adding one.
 */
public interface PuzzleKind {
    /** Names as listed to users; a family writes its pattern ({@code sliding-RxC}). */
    List<String> names();

    /** This kind's puzzle of {@code name}, or null when the name is not this kind's. */
    Puzzle puzzle(String name);

    /** A new solver of {@code puzzle}; thread-safe and long-lived (shared per JVM by the registry). */
    PuzzleSolver solver(Puzzle puzzle, SolverSettings settings);

    /**
     * The ranked space whose distances to {@code goal} {@code explore} measures (-1: the default goal). For most kinds
     * the puzzle's own boards, ranked by calling the puzzle's {@link Puzzle#rank} and {@link Puzzle#board} (a kind
     * ranks its boards in one place), so that a rank is a board's instance id in {@code generate --all}.
     */
    RankedSpace space(Puzzle puzzle, long goal);

    /**
     * How {@link #space}'s ranks number the puzzle's states and how many are states, for the log line before a search
     * (a kind built from data says what it chose); null: nothing to add.
     */
    default String describeSpace(Puzzle puzzle) {
        return null;
    }

    /** The text of a state of {@link #space}: a board's text unless the space is an abstraction. */
    default String stateText(Puzzle puzzle, long state) {
        return puzzle.format(state);
    }

    /**
     * The atlas of the puzzle: for each space (usually one), its depth histogram and deepest states, and the goal text
     * the distances are measured to.
     *
     * @param goal the goal (or start) given on the command line, or null for the default; a kind may accept other words
     *     (sliding puzzles: {@code classes})
     * @param threads threads the computation may use
     * @param control progress, checkpoints and a level limit, for the kinds whose atlas is a long search (sliding
     *     puzzles); the others ignore it
     */
    List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control);

    /** How a report draws a board of this puzzle. */
    BoardDrawing drawing(Puzzle puzzle);
}
