package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.judge.BoardTokens;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInstance;
import io.puzzleatlas.core.judge.TokenReader;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;

/**
 * AcWing 179 / HDU 1043 "Eight" (and any R x C): boards of R*C tokens with the blank as {@code x}; the answer is the
 * move string (an empty line when solved) or {@code unsolvable}; with {@code countOnly}, the optimal length or -1.
 */
public final class EightPuzzleJudge implements JudgeFormat {
    private final SlidingPuzzle puzzle;
    private final long goal;
    private final boolean countOnly;

    public EightPuzzleJudge(SlidingPuzzle puzzle, long goal, boolean countOnly) {
        this.puzzle = puzzle;
        this.goal = goal;
        this.countOnly = countOnly;
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public JudgeInstance next(TokenReader in) {
        String first = in.next();
        if (first == null) {
            return null;
        }
        String position = in.position();
        return new JudgeInstance(BoardTokens.read(puzzle, in, first, position), goal, null, position);
    }

    @Override
    public void answer(JudgeInstance instance, SolveResult result, StringBuilder out) {
        boolean solved = result.status() == Status.SOLVED;
        if (countOnly) {
            out.append(solved ? result.length() : -1).append('\n');
        } else {
            out.append(solved ? result.moves() : "unsolvable").append('\n');
        }
    }
}
