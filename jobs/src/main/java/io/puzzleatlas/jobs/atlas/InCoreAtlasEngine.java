package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.atlas.MagicBoardAtlas;
import io.puzzleatlas.core.atlas.RotationCensus;
import io.puzzleatlas.core.atlas.SlidingAtlas;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.puzzle.MagicBoard;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;
import java.util.ArrayList;
import java.util.List;

/**
 * The atlas in this JVM: sliding puzzles by byte table or two-bit search per goal class, the
 * magic board by relabelling one table, the rotation game by the full-space census.
 */
public final class InCoreAtlasEngine implements AtlasEngine {
    /** The {@code --goal} value asking for every goal class of a sliding puzzle. */
    public static final String ALL_CLASSES = "classes";

    @Override
    public List<AtlasSpace> compute(String puzzleName, String goal, int threads) {
        Puzzle puzzle = Puzzles.byName(puzzleName);
        if (puzzle instanceof SlidingPuzzle sliding) {
            return sliding(sliding, goal, threads);
        }
        if (puzzle instanceof MagicBoard magic) {
            long start = goal == null ? MagicBoard.START : magic.parse(goal);
            return List.of(AtlasSpace.of(MagicBoardAtlas.summary(start), magic.format(start)));
        }
        if (goal != null) {
            throw new IllegalArgumentException("the rotation game's goal is fixed (a full centre); drop --goal");
        }
        RotationCensus.Result r = RotationCensus.standard().run(threads);
        return List.of(AtlasSpace.of(new SpaceSummary("rotation-game", puzzle.name(), r.histogram(), r.deepest()), ""));
    }

    private static List<AtlasSpace> sliding(SlidingPuzzle p, String goal, int threads) {
        List<AtlasSpace> out = new ArrayList<>();
        if (ALL_CLASSES.equals(goal)) {
            for (int blank : SlidingAtlas.goalClasses(p.rows(), p.cols())) {
                long g = p.canonicalGoal(blank);
                out.add(AtlasSpace.of(SlidingAtlas.summary(p.rows(), p.cols(), blank, threads), p.format(g)));
            }
            return out;
        }
        long g = goal == null ? p.defaultGoal() : p.parse(goal);
        int blank = SlidingPuzzle.blankCell(g);
        SpaceSummary canonical = SlidingAtlas.summary(p.rows(), p.cols(), blank, threads);
        if (g == p.canonicalGoal(blank)) {
            out.add(AtlasSpace.of(canonical, p.format(g)));
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
        String space = "sliding-" + p.rows() + "x" + p.cols() + "-goal-" + p.format(g).replace(' ', '-');
        out.add(AtlasSpace.of(new SpaceSummary(space, p.name(), canonical.histogram(), deepest), p.format(g)));
        return out;
    }
}
