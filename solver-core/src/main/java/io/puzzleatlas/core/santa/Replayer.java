package io.puzzleatlas.core.santa;

/** Applies a sequence of moves to a puzzle's initial state and judges the end state against its goal. */
public final class Replayer {
    private Replayer() {}

    /** The state after {@code moves} (move indices of the puzzle's type) from the initial state. */
    public static short[] play(SantaPuzzle puzzle, int[] moves) {
        PuzzleType type = puzzle.type();
        short[] state = puzzle.initialState();
        short[] scratch = new short[type.width()];
        for (int m : moves) {
            type.apply(m, state, scratch);
        }
        return state;
    }

    /** Replays {@code moves} and counts the mismatches left. */
    public static Replay replay(SantaPuzzle puzzle, int[] moves) {
        Goal goal = puzzle.goal();
        int mismatches = goal.mismatches(play(puzzle, moves));
        return new Replay(puzzle.id(), moves.length, mismatches, mismatches <= goal.wildcards());
    }
}
