package io.puzzleatlas.core.puzzle;

import java.util.SplittableRandom;

/**
 * Seeded random instances that depend only on (seed, instance id), never on which worker or partition makes them: each
 * instance gets its own generator, seeded by mixing the two numbers, so a generated data set is the same on any
 * partitioning and any number of machines.
 */
public final class RandomInstances {
    private RandomInstances() {}

    /** The generator of one instance. */
    public static SplittableRandom forInstance(long seed, long instanceId) {
        return new SplittableRandom(mix(seed ^ mix(instanceId + 0x632B_E59B_D9B4_E019L)));
    }

    /** A uniformly random board from which {@code reference} is reachable (see {@link Puzzle#board}). */
    public static long uniform(Puzzle puzzle, long reference, long seed, long instanceId) {
        return puzzle.randomBoard(forInstance(seed, instanceId), reference);
    }

    /**
     * The end of a random walk of {@code steps} applicable moves from {@code from}: a board at most {@code steps} moves
     * from it. A move that undoes the previous one is allowed, as in a plain scramble, so the optimal distance is often
     * below {@code steps}.
     */
    public static long scramble(Puzzle puzzle, long from, int steps, long seed, long instanceId) {
        SplittableRandom random = forInstance(seed, instanceId);
        int moves = puzzle.moveCount();
        long board = from;
        for (int s = 0; s < steps; s++) {
            long next;
            do {
                next = puzzle.applyMove(board, random.nextInt(moves));
            } while (next == -1);
            board = next;
        }
        return board;
    }

    /** {@link #uniform} for a puzzle whose boards travel as text ({@link Puzzle#wide()}). */
    public static String uniformText(WideBoards boards, String reference, long seed, long instanceId) {
        return boards.random(reference, forInstance(seed, instanceId));
    }

    /** {@link #scramble} for a puzzle whose boards travel as text ({@link Puzzle#wide()}). */
    public static String scrambleText(WideBoards boards, String from, int steps, long seed, long instanceId) {
        return boards.scramble(from, steps, forInstance(seed, instanceId));
    }

    /** Stafford's variant 13 of the MurmurHash3 finaliser: a bijective 64-bit mixer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
