package io.puzzleatlas.core.judge;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolveResult;

/**
 * A contest's input and output format: reads one instance at a time from a token stream and writes the contest's answer
 * line(s) for its result.
 */
public interface JudgeFormat {
    Puzzle puzzle();

    /** The next instance, or null at the end of the input (or its terminator). */
    JudgeInstance next(TokenReader in);

    /** Appends the contest output for {@code instance}'s result. */
    void answer(JudgeInstance instance, SolveResult result, StringBuilder out);
}
