package io.puzzleatlas.core.santa;

/** What the output holds for a puzzle, and what is known of it. */
public enum RowStatus {
    /** Our solution, proven shortest by the search. */
    OPTIMAL,
    /** Our solution, shorter than the incumbent's, not proven shortest ({@link Peephole} shortened the incumbent). */
    IMPROVED,
    /** The incumbent's row: the search found nothing shorter within its budget, or the type was not searched. */
    INCUMBENT,
    /** No row reaches the goal: no incumbent row and nothing found. */
    UNSOLVED
}
