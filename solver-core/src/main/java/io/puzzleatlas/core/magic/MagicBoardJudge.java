package io.puzzleatlas.core.magic;

import io.puzzleatlas.core.judge.BoardTokens;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInputException;
import io.puzzleatlas.core.judge.JudgeInstance;
import io.puzzleatlas.core.judge.TokenReader;
import io.puzzleatlas.core.puzzle.BoardText;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.Status;

/**
 * Sicily 1151: blocks of a step limit N (-1 ends the input) and a target board; the answer is {@code L S} when the
 * optimal length L is at most N ({@code 0} when L = 0), else {@code -1}.
 */
public final class MagicBoardJudge implements JudgeFormat {
    /** The step limit that ends the input. */
    static final int END = -1;

    private final MagicBoard puzzle = new MagicBoard();

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public JudgeInstance next(TokenReader in) {
        String limitToken = in.next();
        if (limitToken == null) {
            return null;
        }
        String position = in.position();
        int limit;
        try {
            limit = Integer.parseInt(limitToken);
        } catch (NumberFormatException e) {
            throw new JudgeInputException(
                    position + ": step limit '" + BoardText.abbreviate(limitToken) + "' is not an integer");
        }
        if (limit == END) {
            return null;
        }
        if (limit < 0) {
            throw new JudgeInputException(position + ": step limit " + limit + " is negative");
        }
        String first = in.next();
        if (first == null) {
            throw new JudgeInputException(position + ": input ends after the step limit, before the board");
        }
        long target = BoardTokens.read(puzzle, in, first, in.position());
        return new JudgeInstance(MagicBoard.START, target, limit, position);
    }

    @Override
    public void answer(JudgeInstance instance, SolveResult result, StringBuilder out) {
        SolveResult r = result.withStepLimit(instance.stepLimit());
        if (r.status() != Status.SOLVED) {
            out.append("-1\n");
        } else if (r.length() == 0) {
            out.append("0\n");
        } else {
            out.append(r.length()).append(' ').append(r.moves()).append('\n');
        }
    }
}
