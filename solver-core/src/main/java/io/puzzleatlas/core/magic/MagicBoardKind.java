package io.puzzleatlas.core.magic;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Reader;
import java.util.List;

/** The magic board (2x4, moves A B C, 40,320 boards): solved by a full distance table. */
public final class MagicBoardKind implements JudgeKind {
    @Override
    public List<String> names() {
        return List.of("magic-board");
    }

    @Override
    public Puzzle puzzle(String name) {
        return name.equals("magic-board") ? new MagicBoard() : null;
    }

    @Override
    public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
        return new MagicBoardSolver();
    }

    @Override
    public RankedSpace space(Puzzle puzzle, long goal) {
        return new MagicBoardSpace(goal);
    }

    @Override
    public JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly) {
        if (goal != null || countOnly) {
            throw new IllegalArgumentException("--goal and --count apply to sliding puzzles only");
        }
        return new MagicBoardJudge();
    }

    @Override
    public JudgeRecords records(Puzzle puzzle, Reader in) {
        return JudgeRecords.blocks(
                in, Integer.toString(MagicBoardJudge.END), puzzle.format(MagicBoard.START), puzzle.cellCount());
    }

    @Override
    public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        long start = goal == null ? MagicBoard.START : puzzle.parse(goal);
        return List.of(new AtlasPart(MagicBoardAtlas.summary(start), puzzle.format(start)));
    }

    @Override
    public BoardDrawing drawing(Puzzle puzzle) {
        return BoardDrawing.grid(2, 4, null);
    }
}
