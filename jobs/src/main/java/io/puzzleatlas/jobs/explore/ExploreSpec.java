package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.sliding.PatternRegionSpace;
import io.puzzleatlas.core.sliding.SlidingKind;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingTiles;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Serializable;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * What is explored: a puzzle, as its handle, and a goal, as text, so that little travels to executors; the space is
 * rebuilt once per executor JVM and shared by its tasks.
 */
public final class ExploreSpec implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ConcurrentHashMap<String, RankedSpace> SPACES = new ConcurrentHashMap<>();

    private final PuzzleHandle puzzle;
    /** The goal's text, or null for the rotation game (its goal is a condition). */
    private final String goalText;
    /** Pattern tiles ("1,2,3") when the space is a pattern database's abstraction, else null. */
    private final String patternTiles;

    private ExploreSpec(PuzzleHandle puzzle, String goalText, String patternTiles) {
        this.puzzle = puzzle;
        this.goalText = goalText;
        this.patternTiles = patternTiles;
    }

    /**
     * The abstract space of a pattern database: placements of {@code tiles} with the blank's region, for the goal class
     * of the canonical goal with the blank at {@code goalBlank}.
     */
    static ExploreSpec ofPattern(PuzzleHandle puzzle, int goalBlank, int[] tiles) {
        String list = Arrays.stream(tiles).mapToObj(Integer::toString).collect(Collectors.joining(","));
        return new ExploreSpec(
                puzzle,
                SlidingTiles.format(SlidingTiles.canonicalGoal(puzzle.puzzle().cellCount(), goalBlank)),
                list);
    }

    /** The spec of a puzzle with {@code goal} (null: the puzzle's default goal). */
    public static ExploreSpec of(PuzzleHandle puzzle, String goal) {
        Puzzle p = puzzle.puzzle();
        String text = !p.hasGoalBoard() ? null : p.format(goal == null ? p.defaultGoal() : p.parse(goal));
        return new ExploreSpec(puzzle, text, null);
    }

    public PuzzleHandle puzzle() {
        return puzzle;
    }

    String goalText() {
        return goalText;
    }

    /** A neighbour ranker of {@link #space()} giving predecessors (distances TO the goal); a new one per call. */
    NeighbourRanker ranker() {
        return space().predecessors();
    }

    public RankedSpace space() {
        return SPACES.computeIfAbsent(puzzle.key() + "|" + goalText + "|" + patternTiles, k -> {
            Puzzle p = puzzle.puzzle();
            if (patternTiles != null) {
                SlidingPuzzle sliding = (SlidingPuzzle) p;
                return new PatternRegionSpace(
                        sliding,
                        SlidingKind.goalBlank(sliding, goalText),
                        Arrays.stream(patternTiles.split(","))
                                .mapToInt(Integer::parseInt)
                                .toArray());
            }
            return puzzle.kind().space(p, goalText == null ? -1 : p.parse(goalText));
        });
    }
}
