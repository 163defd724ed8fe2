package io.puzzleatlas.core.table;

/**
 * Moves that take every state of a block of ranks to the state at the same offset of another block: rank {@code r} of
 * block {@code b} has the neighbours {@code r + (t - b) * blockSize} for each {@code t} of {@code targets[b]}. A
 * sliding puzzle's sideways moves are such moves (they keep the tile sequence, only the blank's cell, the high part of
 * the rank, changes), so a two-bit search can mark them a word of 32 entries at a time ({@link TwoBitLevel#expand}) and
 * ask {@code others} for the remaining neighbours of each state.
 *
 * @param blockSize ranks per block, a multiple of 32 (blocks start on a word of the two-bit array)
 * @param targets by block, the blocks its states move to
 * @param others the neighbours by every other move
 */
public record BlockMoves(long blockSize, int[][] targets, NeighbourRanker others) {
    public BlockMoves {
        if (blockSize <= 0 || (blockSize & 31) != 0) {
            throw new IllegalArgumentException(
                    "blocks of " + blockSize + " ranks do not start on a word of 32 entries");
        }
        for (int[] ts : targets) {
            for (int t : ts) {
                if (t < 0 || t >= targets.length) {
                    throw new IllegalArgumentException("a block move to block " + t + " of " + targets.length);
                }
            }
        }
    }
}
