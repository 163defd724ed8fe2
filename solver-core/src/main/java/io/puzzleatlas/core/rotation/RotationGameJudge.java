package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.judge.BoardTokens;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInstance;
import io.puzzleatlas.core.judge.TokenReader;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.SolveResult;

/**
 * UVa 1063: boards of 24 integers ended by a {@code 0}; two answer lines per board, the move string (or {@code No moves
 * needed}) and the centre digit at the end.
 */
public final class RotationGameJudge implements JudgeFormat {
    /** The token that ends the input. */
    static final String END = "0";

    private final RotationGame puzzle = new RotationGame();

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public JudgeInstance next(TokenReader in) {
        String first = in.next();
        if (first == null || first.equals(END)) {
            return null;
        }
        String position = in.position();
        return new JudgeInstance(BoardTokens.read(puzzle, in, first, position), -1, null, position);
    }

    @Override
    public void answer(JudgeInstance instance, SolveResult result, StringBuilder out) {
        String moves = result.moves();
        long end = puzzle.replay(instance.start(), moves);
        out.append(moves.isEmpty() ? "No moves needed" : moves).append('\n');
        out.append(RotationGame.cell(end, 6)).append('\n');
    }
}
