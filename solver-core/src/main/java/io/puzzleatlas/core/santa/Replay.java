package io.puzzleatlas.core.santa;

/**
 * The outcome of replaying moves on a puzzle: the moves applied, the stickers that differ from the solution state at
 * the end, and whether that is within the puzzle's wildcards.
 */
public record Replay(int id, int moves, int mismatches, boolean solved) {}
