package io.puzzleatlas.core.santa;

import java.io.Serializable;

/**
 * One row of {@code puzzles.csv}: its id, its type, its initial state and its goal. Labels are interned per row into
 * small ints in order of first appearance in the solution state ({@link #label} gives back their text), so a state is a
 * {@code short[]} of the type's width. Immutable; states are handed out as copies.
 */
public final class SantaPuzzle implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int id;
    private final PuzzleType type;
    private final short[] initial;
    private final Goal goal;
    private final String[] labels;

    SantaPuzzle(int id, PuzzleType type, short[] initial, Goal goal, String[] labels) {
        this.id = id;
        this.type = type;
        this.initial = initial;
        this.goal = goal;
        this.labels = labels;
    }

    public int id() {
        return id;
    }

    public PuzzleType type() {
        return type;
    }

    /** The initial state (a copy). */
    public short[] initialState() {
        return initial.clone();
    }

    /** The solution state with {@code num_wildcards}. */
    public Goal goal() {
        return goal;
    }

    /** Distinct labels of the row. */
    public int labelCount() {
        return labels.length;
    }

    /** The text of label {@code label} as the file writes it. */
    public String label(int label) {
        return labels[label];
    }
}
