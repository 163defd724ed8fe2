package io.puzzleatlas.core.definition;

import java.util.List;

/**
 * A permutation puzzle as a definition file gives it, one model for both file forms: its sets of pieces, the solved
 * state (per set a label per slot, dense from 0, equal labels meaning identical pieces, and an orientation per slot)
 * and its moves in file order. Immutable; the arrays stay inside the package.
 *
 * @see DefinitionReader
 */
public final class Definition {
    private final String name;
    private final String file;
    private final List<PieceSet> sets;
    final int[][] solvedLabels;
    final int[][] solvedOrientations;
    /** Per set, the text of each label (the file's own numbers: 1-based pieces of a .tws). */
    final String[][] labelTexts;

    private final List<DefinedMove> moves;
    private final Metric defaultMetric;

    Definition(
            String name,
            String file,
            List<PieceSet> sets,
            int[][] solvedLabels,
            int[][] solvedOrientations,
            String[][] labelTexts,
            List<DefinedMove> moves,
            Metric defaultMetric) {
        this.name = name;
        this.file = file;
        this.sets = List.copyOf(sets);
        this.solvedLabels = solvedLabels;
        this.solvedOrientations = solvedOrientations;
        this.labelTexts = labelTexts;
        this.moves = List.copyOf(moves);
        this.defaultMetric = defaultMetric;
    }

    public String name() {
        return name;
    }

    /** The file it was read from, as given to the reader. */
    public String file() {
        return file;
    }

    public List<PieceSet> sets() {
        return sets;
    }

    public List<DefinedMove> moves() {
        return moves;
    }

    /** {@code powers} for a .tws, {@code generators} for a .json, {@code listed} for a CayleyPy puzzle_info.json. */
    public Metric defaultMetric() {
        return defaultMetric;
    }

    /** The solved labels of set {@code set} (a copy). */
    public int[] solvedLabels(int set) {
        return solvedLabels[set].clone();
    }

    /** The solved orientations of set {@code set} (a copy). */
    public int[] solvedOrientations(int set) {
        return solvedOrientations[set].clone();
    }

    /** Whether set {@code set} holds two identical pieces (its states are then a coset space). */
    public boolean hasIdenticalPieces(int set) {
        int[] labels = solvedLabels[set];
        boolean[] seen = new boolean[labels.length];
        for (int l : labels) {
            if (seen[l]) {
                return true;
            }
            seen[l] = true;
        }
        return false;
    }

    /** Whether any set holds identical pieces. */
    public boolean hasIdenticalPieces() {
        for (int s = 0; s < sets.size(); s++) {
            if (hasIdenticalPieces(s)) {
                return true;
            }
        }
        return false;
    }

    /** Total slots over all sets. */
    public int slotCount() {
        int n = 0;
        for (PieceSet s : sets) {
            n += s.slots();
        }
        return n;
    }
}
