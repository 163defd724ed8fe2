package io.puzzleatlas.core.kind;

import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.puzzle.Puzzle;

/** A kind with a contest format, read and written by {@code judge}. */
public interface JudgeKind extends PuzzleKind {
    /**
     * The contest format of {@code puzzle}.
     *
     * @param goal      the goal given on the command line, or null
     * @param countOnly answer move counts only (where the format has such a mode)
     * @throws IllegalArgumentException when an option does not apply to this kind
     */
    JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly);
}
