package io.puzzleatlas.core.registry;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One shared solver per puzzle (its name, and a definition's content: {@link PuzzleHandle#key}) and settings per JVM,
 * so tables are built once per process (a Spark executor, a judge run) and reused by every task and thread.
 */
public final class Solvers {
    private static final ConcurrentHashMap<String, PuzzleSolver> SHARED = new ConcurrentHashMap<>();

    private Solvers() {}

    /** The shared solver of a puzzle name (see {@link PuzzleRegistry#puzzle}) with this JVM's settings. */
    public static PuzzleSolver forName(String name) {
        return forName(name, SolverSettings.fromSystem());
    }

    /** The shared solver of a puzzle name with {@code settings} (one per name and settings per JVM). */
    public static PuzzleSolver forName(String name, SolverSettings settings) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        return SHARED.computeIfAbsent(puzzle.name() + " " + settings, n -> create(puzzle, settings));
    }

    /** The shared solver of a resolved puzzle with {@code settings} (one per puzzle and settings per JVM). */
    static PuzzleSolver shared(PuzzleHandle handle, SolverSettings settings) {
        return SHARED.computeIfAbsent(
                handle.key() + " " + settings, n -> handle.kind().solver(handle.puzzle(), settings));
    }

    /** A new, unshared solver for {@code puzzle} with this JVM's settings. */
    public static PuzzleSolver create(Puzzle puzzle) {
        return create(puzzle, SolverSettings.fromSystem());
    }

    /** A new, unshared solver for {@code puzzle}. */
    public static PuzzleSolver create(Puzzle puzzle, SolverSettings settings) {
        return PuzzleRegistry.kind(puzzle).solver(puzzle, settings);
    }
}
