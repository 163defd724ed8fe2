package io.puzzleatlas.core.santa;

/**
 * What a search of one puzzle proved: an optimal solution (move indices of the puzzle's type; empty when the initial
 * state reaches the goal) or none within the budget ({@code moves} null), the lower bound proven (every shorter
 * sequence was searched: the solution's length when there is one), and the states generated.
 */
public record SearchOutcome(int[] moves, int lowerBound, long nodes) {
    /** Whether an optimal solution was found. */
    public boolean solved() {
        return moves != null;
    }
}
