package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeRecords;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sliding-tile puzzles of any size from 2x2 to 25 cells: {@code eight-puzzle} (3x3), {@code fifteen-puzzle} (4x4),
 * {@code twenty-four-puzzle} (5x5) and {@code sliding-RxC}. Small spaces are solved by descending a full distance
 * table, large ones by IDA* with additive pattern databases. Boards above 16 cells do not fit a {@code long}: they are
 * solved, drawn and generated through text ({@link SlidingPuzzle#wide()}); {@code explore}, {@code atlas},
 * {@code judge} and {@code generate --all} take packed boards only and refuse them ({@link Puzzle#requirePacked})
 * before they ask this kind for a space, an atlas or a judge.
 */
public final class SlidingKind implements TableKind, JudgeKind {
    private static final Pattern SLIDING = Pattern.compile("sliding-(\\d{1,2})x(\\d{1,2})");
    /** The 5x5 board's name (also {@code sliding-5x5}). */
    public static final String TWENTY_FOUR = "twenty-four-puzzle";
    /** {@code atlas --goal classes}: one space per goal class (blank cell up to symmetry). */
    public static final String ALL_CLASSES = "classes";

    @Override
    public List<String> names() {
        return List.of("eight-puzzle", "fifteen-puzzle", TWENTY_FOUR, "sliding-RxC");
    }

    @Override
    public Puzzle puzzle(String name) {
        switch (name) {
            case "eight-puzzle":
                return new SlidingPuzzle(3, 3);
            case "fifteen-puzzle":
                return new SlidingPuzzle(4, 4);
            case TWENTY_FOUR:
                return new SlidingPuzzle(5, 5);
            default:
                Matcher m = SLIDING.matcher(name);
                return m.matches()
                        ? new SlidingPuzzle(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)))
                        : null;
        }
    }

    @Override
    public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
        return new SlidingSolver((SlidingPuzzle) puzzle, settings);
    }

    @Override
    public List<String> tableFiles(Puzzle puzzle, SolverSettings settings, String goal) {
        SlidingPuzzle p = (SlidingPuzzle) puzzle;
        return settings.patternDatabases() ? SlidingSolver.tableFiles(p, settings, goalBlank(p, goal)) : List.of();
    }

    @Override
    public void buildTables(Puzzle puzzle, SolverSettings settings, String goal) {
        SlidingPuzzle p = (SlidingPuzzle) puzzle;
        new SlidingSolver(p, settings).buildTables(goalBlank(p, goal));
    }

    /** The blank cell of a goal given as text (null: the default goal, blank last), for any size. */
    public static int goalBlank(SlidingPuzzle puzzle, String goal) {
        return goal == null ? puzzle.cellCount() - 1 : SlidingTiles.blankCell(SlidingTiles.parse(puzzle, goal));
    }

    @Override
    public RankedSpace space(Puzzle puzzle, long goal) {
        return new SlidingGoalSpace((SlidingPuzzle) puzzle, goal);
    }

    @Override
    public JudgeFormat judge(Puzzle puzzle, String goal, boolean countOnly) {
        SlidingPuzzle sliding = (SlidingPuzzle) puzzle;
        long target = sliding.defaultGoal();
        if (goal != null) {
            try {
                target = sliding.parse(goal);
            } catch (InvalidBoardException e) {
                throw new IllegalArgumentException("--goal: " + e.getMessage());
            }
        }
        return new EightPuzzleJudge(sliding, target, countOnly);
    }

    @Override
    public JudgeRecords records(Puzzle puzzle, Reader in) {
        return JudgeRecords.lines(in, null);
    }

    @Override
    public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        SlidingPuzzle p = (SlidingPuzzle) puzzle;
        // the estimate first: a space this JVM cannot hold is refused with what it needs
        TooLargeException.checkHeap(
                String.format(Locale.ROOT, "the atlas of %s (%,d boards per goal class)", p.name(), p.boardCount()),
                SlidingAtlas.heapBytes(p.rows(), p.cols()));
        if (p.cellCount() > SlidingNeighbourRanker.MAX_CELLS) {
            throw new IllegalArgumentException(
                    "the atlas holds sliding puzzles of up to " + SlidingNeighbourRanker.MAX_CELLS
                            + " cells (a two-bit array of one Java array of 2^31 words), not " + p.name());
        }
        List<AtlasPart> out = new ArrayList<>();
        if (ALL_CLASSES.equals(goal)) {
            for (int blank : SlidingAtlas.goalClasses(p.rows(), p.cols())) {
                out.add(new AtlasPart(
                        SlidingAtlas.summary(p.rows(), p.cols(), blank, threads, control),
                        p.format(p.canonicalGoal(blank))));
            }
            return out;
        }
        long g = goal == null ? p.defaultGoal() : p.parse(goal);
        int blank = SlidingPuzzle.blankCell(g);
        SpaceSummary canonical = SlidingAtlas.summary(p.rows(), p.cols(), blank, threads, control);
        if (g == p.canonicalGoal(blank)) {
            out.add(new AtlasPart(canonical, p.format(g)));
            return out;
        }
        // the canonical class's boards, relabelled back into this goal's tiles
        int[] toCanonical = p.relabelling(g);
        int[] back = new int[16];
        for (int t = 0; t < p.cellCount(); t++) {
            back[toCanonical[t]] = t;
        }
        long[] deepest = canonical.deepest();
        for (int i = 0; i < deepest.length; i++) {
            deepest[i] = p.relabel(deepest[i], back);
        }
        String space =
                "sliding-" + p.rows() + "x" + p.cols() + "-goal-" + p.format(g).replace(' ', '-');
        out.add(new AtlasPart(new SpaceSummary(space, p.name(), canonical.histogram(), deepest), p.format(g)));
        return out;
    }

    @Override
    public BoardDrawing drawing(Puzzle puzzle) {
        SlidingPuzzle p = (SlidingPuzzle) puzzle;
        return BoardDrawing.grid(p.rows(), p.cols(), "0");
    }
}
