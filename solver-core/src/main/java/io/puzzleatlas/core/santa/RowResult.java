package io.puzzleatlas.core.santa;

/**
 * The outcome for one puzzle: its status, the moves kept (move indices of its type; null when
 * {@link RowStatus#UNSOLVED}), the lower bound the search proved (0 when the type was not searched), the states the
 * search generated and its time.
 */
public record RowResult(SantaPuzzle puzzle, RowStatus status, int[] moves, int lowerBound, long nodes, long micros) {

    /** Moves kept, or -1 when unsolved. */
    public int length() {
        return moves == null ? -1 : moves.length;
    }

    /** The moves as a submission writes them, names joined by {@code .} (empty for none); null when unsolved. */
    public String movesText() {
        if (moves == null) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < moves.length; i++) {
            text.append(i == 0 ? "" : ".").append(puzzle.type().moveName(moves[i]));
        }
        return text.toString();
    }
}
