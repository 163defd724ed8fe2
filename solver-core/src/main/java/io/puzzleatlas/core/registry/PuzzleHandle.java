package io.puzzleatlas.core.registry;

import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import java.io.Serializable;

/**
 * A puzzle resolved once, when a command reads {@code --puzzle}, and carried whole from there: to every job, every
 * function shipped to executors, every checkpoint and output. It holds what any JVM needs to rebuild the puzzle and its
 * kind, so no job looks a puzzle up by name again: for a built-in kind the puzzle's name (the kinds are compiled in
 * everywhere); a kind defined by data would carry the data too. The puzzle and kind are rebuilt once per JVM after
 * deserialization.
 */
public final class PuzzleHandle implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private transient volatile Puzzle puzzle;
    private transient volatile PuzzleKind kind;

    private PuzzleHandle(String name, Puzzle puzzle, PuzzleKind kind) {
        this.name = name;
        this.puzzle = puzzle;
        this.kind = kind;
    }

    /**
     * The puzzle {@code name} names, resolved: an unknown name is an {@link IllegalArgumentException} listing the known
     * ones. The one lookup a command makes.
     */
    public static PuzzleHandle resolve(String name) {
        PuzzleKind kind = PuzzleRegistry.kind(name);
        Puzzle puzzle = kind.puzzle(name);
        return new PuzzleHandle(puzzle.name(), puzzle, kind);
    }

    /** The puzzle's name, as written in the {@code puzzle} column. */
    public String name() {
        return name;
    }

    public Puzzle puzzle() {
        Puzzle p = puzzle;
        if (p == null) {
            rebuild();
            p = puzzle;
        }
        return p;
    }

    public PuzzleKind kind() {
        PuzzleKind k = kind;
        if (k == null) {
            rebuild();
            k = kind;
        }
        return k;
    }

    /** The solver of this puzzle with {@code settings}, shared by every task and thread of this JVM. */
    public PuzzleSolver solver(SolverSettings settings) {
        return Solvers.shared(this, settings);
    }

    /** After deserialization in another JVM: the kind that owns the name, and its puzzle. */
    private synchronized void rebuild() {
        if (kind == null) {
            PuzzleKind k = PuzzleRegistry.kind(name);
            puzzle = k.puzzle(name);
            kind = k;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PuzzleHandle h && h.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
