package io.puzzleatlas.core.santa;

/**
 * The pieces of a puzzle type as {@link PieceDetector} finds them in its sticker permutations. A piece is a set of
 * stickers (sorted; its first sticker is its reference) that every move carries together onto another piece; pieces one
 * another's images under the moves form an orbit (corners, edges ...). Under move {@code m} the piece in slot {@code p}
 * comes from slot {@link #source}, and its {@link #twist} says which sticker of the source (0-based, in the source's
 * sorted order) lands on the slot's reference sticker: the piece's orientation change. Immutable.
 */
public final class Pieces {
    private final int[] pieceOf;
    private final int[][] stickers;
    private final int[] orbitOf;
    private final int orbits;
    private final int[][] source;
    private final int[][] twist;

    Pieces(int[] pieceOf, int[][] stickers, int[] orbitOf, int orbits, int[][] source, int[][] twist) {
        this.pieceOf = pieceOf;
        this.stickers = stickers;
        this.orbitOf = orbitOf;
        this.orbits = orbits;
        this.source = source;
        this.twist = twist;
    }

    public int count() {
        return stickers.length;
    }

    /** The piece sticker {@code sticker} belongs to. */
    public int pieceOf(int sticker) {
        return pieceOf[sticker];
    }

    /** The stickers of {@code piece}, sorted (a copy). */
    public int[] stickers(int piece) {
        return stickers[piece].clone();
    }

    public int size(int piece) {
        return stickers[piece].length;
    }

    /** Orbits of pieces under the moves, numbered by their first piece. */
    public int orbitCount() {
        return orbits;
    }

    public int orbitOf(int piece) {
        return orbitOf[piece];
    }

    /** The slot whose piece slot {@code piece} receives under {@code move}. */
    public int source(int move, int piece) {
        return source[move][piece];
    }

    /** Which sticker of the source piece lands on the reference sticker of {@code piece} under {@code move}. */
    public int twist(int move, int piece) {
        return twist[move][piece];
    }
}
