package io.puzzleatlas.core.definition;

/**
 * One factor of a definition's ranks: the pieces, or the orientations, on one orbit of slots (slots the moves mix with
 * each other; a piece never leaves its orbit). Ranks are dense in {@code [0, size())} and a coordinate changes under a
 * move independently of the others, so the space's rank is a mixed-radix number of coordinates and a move can be a
 * table lookup per coordinate ({@link #table}).
 */
abstract class Coordinate {
    /** Global slots of the orbit, ascending. */
    final int[] slots;
    /**
     * Move table, {@code table[m * size + c]}: the coordinate after step m (moves, then the inverses of a listed
     * metric); null when too big to tabulate.
     */
    int[] table;

    Coordinate(int[] slots) {
        this.slots = slots;
    }

    abstract long size();

    /**
     * The rank of the orbit's part of a state (global arrays); assumes {@link #refuse} said null. {@code scratch} (as
     * long as the slots of all sets) is the caller's, so ranking allocates nothing.
     */
    abstract long rank(int[] labels, int[] orientations, int[] scratch);

    /** Writes the orbit's part of the state of rank {@code r} into global arrays. */
    abstract void unrank(long r, int[] labels, int[] orientations, int[] scratch);

    /** Whether the orbit's part of the state is one the coordinate ranks; else why not, as text. */
    abstract String refuse(int[] labels, int[] orientations);

    /** Writes what move m makes of the orbit's part of {@code (labels, orientations)} into the out arrays. */
    void apply(MoveSet moves, int m, int[] labels, int[] orientations, int[] labelsOut, int[] orientationsOut) {
        int[] src = moves.src[m];
        int[] add = moves.add[m];
        for (int g : slots) {
            labelsOut[g] = labels[src[g]];
            orientationsOut[g] = (orientations[src[g]] + add[g]) % moves.modulus[g];
        }
    }

    /** Fills {@link #table} (size x steps ints) from unrank, apply and rank. */
    void tabulate(MoveSet moves, int slotCount) {
        int n = (int) size();
        int count = moves.steps();
        int[] t = new int[n * count];
        int[] labels = new int[slotCount];
        int[] orientations = new int[slotCount];
        int[] labelsOut = new int[slotCount];
        int[] orientationsOut = new int[slotCount];
        int[] scratch = new int[slotCount];
        for (int c = 0; c < n; c++) {
            unrank(c, labels, orientations, scratch);
            for (int m = 0; m < count; m++) {
                apply(moves, m, labels, orientations, labelsOut, orientationsOut);
                t[m * n + c] = (int) rank(labelsOut, orientationsOut, scratch);
            }
        }
        table = t;
    }
}
