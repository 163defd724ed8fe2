package io.puzzleatlas.core.registry;

import io.puzzleatlas.core.cube.PocketCubeKind;
import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.magic.MagicBoardKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.rotation.RotationGameKind;
import io.puzzleatlas.core.sliding.SlidingKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The puzzle kinds Puzzle Atlas knows: the one list a puzzle's name is resolved in ({@link PuzzleHandle#resolve}, once
 * per command). Adding a kind is one entry here (docs/architecture.md, "Adding a puzzle").
 */
public final class PuzzleRegistry {
    private static final List<PuzzleKind> KINDS = new CopyOnWriteArrayList<>(
            List.of(new SlidingKind(), new MagicBoardKind(), new RotationGameKind(), new PocketCubeKind()));

    private PuzzleRegistry() {}

    /**
     * Adds a kind at run time (a plug-in, or a test's toy kind); its names must not be taken. Returns a handle whose
     * {@code close} removes it again.
     */
    public static AutoCloseable register(PuzzleKind kind) {
        for (String name : kind.names()) {
            for (PuzzleKind k : KINDS) {
                if (k.puzzle(name) != null) {
                    throw new IllegalArgumentException("puzzle name '" + name + "' is taken");
                }
            }
        }
        KINDS.add(kind);
        return () -> KINDS.remove(kind);
    }

    /** Names accepted by {@link #puzzle}, as listed to users. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (PuzzleKind k : KINDS) {
            names.addAll(k.names());
        }
        return names;
    }

    /** The puzzle of a name; an unknown name is an {@link IllegalArgumentException} listing the known ones. */
    public static Puzzle puzzle(String name) {
        for (PuzzleKind k : KINDS) {
            Puzzle p = k.puzzle(name);
            if (p != null) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown puzzle '" + name + "'; known: " + String.join(", ", names()));
    }

    /** The kind of a puzzle name. */
    /** Whether a registered kind has a puzzle named {@code name}. */
    public static boolean knows(String name) {
        for (PuzzleKind k : KINDS) {
            if (k.puzzle(name) != null) {
                return true;
            }
        }
        return false;
    }

    public static PuzzleKind kind(String name) {
        for (PuzzleKind k : KINDS) {
            if (k.puzzle(name) != null) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown puzzle '" + name + "'; known: " + String.join(", ", names()));
    }

    /** The kind of a puzzle. */
    public static PuzzleKind kind(Puzzle puzzle) {
        return kind(puzzle.name());
    }
}
