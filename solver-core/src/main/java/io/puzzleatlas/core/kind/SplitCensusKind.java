package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.puzzle.Puzzle;

/** A kind whose atlas Spark can split into independent ranges (the rotation game's census). */
public interface SplitCensusKind extends PuzzleKind {
    /** The census of {@code puzzle} to {@code goal}, or null when this goal has none (then the in-core atlas runs). */
    SplitCensus splitCensus(Puzzle puzzle, String goal);
}
