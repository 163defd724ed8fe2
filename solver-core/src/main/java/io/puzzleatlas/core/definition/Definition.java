package io.puzzleatlas.core.definition;

import java.util.ArrayList;
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

    List<PieceSet> sets() {
        return sets;
    }

    List<DefinedMove> moves() {
        return moves;
    }

    /** The moves' names, in the file's order. */
    public List<String> moveNames() {
        return moves.stream().map(DefinedMove::name).toList();
    }

    /**
     * The moves as permutations of stickers, in the file's order: set by set, the piece in slot {@code i} of a set with
     * {@code o} orientations holds stickers {@code base + o*i .. base + o*i + o - 1}, and a move carries the piece of
     * slot {@code source} into slot {@code i} turned by its twist; {@code new[k] = old[p[k]]} (as Santa 2023 writes
     * moves).
     */
    public List<int[]> stickerMoves() {
        int width = 0;
        for (PieceSet set : sets) {
            width += set.slots() * set.orientations();
        }
        List<int[]> out = new ArrayList<>();
        for (DefinedMove move : moves) {
            int[] p = new int[width];
            int base = 0;
            for (int s = 0; s < sets.size(); s++) {
                int o = sets.get(s).orientations();
                for (int i = 0; i < sets.get(s).slots(); i++) {
                    int from = move.source(s, i);
                    for (int k = 0; k < o; k++) {
                        p[base + o * i + k] = base + o * from + (k + move.twist(s, from)) % o;
                    }
                }
                base += sets.get(s).slots() * o;
            }
            out.add(p);
        }
        return out;
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
