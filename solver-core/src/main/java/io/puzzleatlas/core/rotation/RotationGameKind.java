package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.atlas.CensusPart;
import io.puzzleatlas.core.atlas.MaskCensus;
import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.kind.SplitCensus;
import io.puzzleatlas.core.kind.SplitCensusKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The rotation game ('#'-shaped board of 24 cells, moves A-H, goal: the 8 centre cells of one colour). Solved through
 * its one-colour abstraction (735,471 masks), which is also the space {@code explore} searches; its atlas is a census
 * of every board by symmetry class.
 */
public final class RotationGameKind implements JudgeKind, SplitCensusKind {
    @Override
    public List<String> names() {
        return List.of("rotation-game");
    }

    @Override
    public Puzzle puzzle(String name) {
        return name.equals("rotation-game") ? new RotationGame() : null;
    }

    @Override
    public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
        return new RotationGameSolver();
    }

    @Override
    public RankedSpace space(Puzzle puzzle, long goal) {
        return new RotationAbstractSpace();
    }

    /** A mask of the abstraction as 24 cells of 0/1. */
    @Override
    public String stateText(Puzzle puzzle, long state) {
        StringBuilder sb = new StringBuilder(2 * RotationGame.CELLS);
        for (int c = 0; c < RotationGame.CELLS; c++) {
            sb.append(c > 0 ? " " : "").append((state >>> c) & 1);
        }
        return sb.toString();
    }

    @Override
    public JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly) {
        if (goal != null || countOnly) {
            throw new IllegalArgumentException("--goal and --count apply to sliding puzzles only");
        }
        return new RotationGameJudge();
    }

    @Override
    public JudgeRecords records(Puzzle puzzle, Reader in) {
        return JudgeRecords.lines(in, RotationGameJudge.END);
    }

    @Override
    public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        checkNoGoal(goal);
        RotationCensus.Result r = RotationCensus.standard().run(threads);
        return List.of(atlasPart(r));
    }

    @Override
    public SplitCensus splitCensus(Puzzle puzzle, String goal) {
        checkNoGoal(goal);
        return new Census();
    }

    private static void checkNoGoal(String goal) {
        if (goal != null) {
            throw new IllegalArgumentException("the rotation game's goal is fixed (a full centre); drop --goal");
        }
    }

    private static AtlasPart atlasPart(RotationCensus.Result r) {
        return new AtlasPart(new SpaceSummary("rotation-game", "rotation-game", r.histogram(), r.deepest()), "");
    }

    @Override
    public BoardDrawing drawing(Puzzle puzzle) {
        return BoardDrawing.picture(
                Map.of("1", "#f4a3a3", "2", "#a3c8f4", "3", "#b8e6a3"),
                "..#.#..",
                "..#.#..",
                "#######",
                "..#.#..",
                "#######",
                "..#.#..",
                "..#.#..");
    }

    /** The census split by units of {@link MaskCensus}; a part is one {@code long[]}. */
    private static final class Census implements SplitCensus {
        private static final long serialVersionUID = 1L;

        @Override
        public int unitCount() {
            return RotationCensus.standard().engine().unitCount();
        }

        @Override
        public long[] part(int from, int to) {
            return encode(RotationCensus.standard().engine().census(from, to));
        }

        @Override
        public List<AtlasPart> finish(List<long[]> parts) {
            List<CensusPart> decoded = new ArrayList<>(parts.size());
            for (long[] e : parts) {
                decoded.add(decode(e));
            }
            return List.of(
                    atlasPart(RotationCensus.finish(RotationCensus.standard().engine(), decoded)));
        }

        /** from, to, maxDepth, truncated, histogram length, histogram, deepest. */
        static long[] encode(CensusPart p) {
            long[] h = p.histogram();
            long[] d = p.deepest();
            long[] out = new long[5 + h.length + d.length];
            out[0] = p.fromUnit();
            out[1] = p.toUnit();
            out[2] = p.maxDepth();
            out[3] = p.truncated() ? 1 : 0;
            out[4] = h.length;
            System.arraycopy(h, 0, out, 5, h.length);
            System.arraycopy(d, 0, out, 5 + h.length, d.length);
            return out;
        }

        static CensusPart decode(long[] e) {
            int histogramLength = (int) e[4];
            long[] histogram = Arrays.copyOfRange(e, 5, 5 + histogramLength);
            long[] deepest = Arrays.copyOfRange(e, 5 + histogramLength, e.length);
            return new CensusPart((int) e[0], (int) e[1], histogram, (int) e[2], deepest, e[3] != 0);
        }
    }
}
