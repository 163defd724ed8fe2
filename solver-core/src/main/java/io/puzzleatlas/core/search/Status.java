package io.puzzleatlas.core.search;

/**
 * Outcome of one solved instance (docs/datasets.md, column status). A record that is not a legal board has no status:
 * it goes to {@code errors/} with its reason.
 */
public enum Status {
    /** Optimal length and the tie-broken move string. */
    SOLVED,
    /** The optimal length exceeds the instance's step limit; the length is kept, the moves are not. */
    OVER_LIMIT,
    /** Proved unreachable (parity, or an exhausted finite space). */
    UNSOLVABLE,
    /** The node or time budget ran out; nothing is guessed. */
    BUDGET_EXCEEDED
}
