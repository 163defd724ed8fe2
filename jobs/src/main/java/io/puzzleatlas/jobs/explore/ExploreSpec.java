package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.sliding.PatternRegionSpace;
import io.puzzleatlas.core.sliding.SlidingKind;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingTiles;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Serializable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What is explored: a puzzle and a goal, by name and text, so that only two strings travel to
 * executors; the space is rebuilt once per executor JVM and shared by its tasks.
 */
public final class ExploreSpec implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ConcurrentHashMap<String, RankedSpace> SPACES = new ConcurrentHashMap<>();

    private final String puzzleName;
    /** The goal's text, or null for the rotation game (its goal is a condition). */
    private final String goalText;
    /** Pattern tiles ("1,2,3") when the space is a pattern database's abstraction, else null. */
    private final String patternTiles;

    ExploreSpec(String puzzleName, String goalText) {
        this(puzzleName, goalText, null);
    }

    private ExploreSpec(String puzzleName, String goalText, String patternTiles) {
        this.puzzleName = puzzleName;
        this.goalText = goalText;
        this.patternTiles = patternTiles;
    }

    /**
     * The abstract space of a pattern database: placements of {@code tiles} with the blank's
     * region, for the goal class of the canonical goal with the blank at {@code goalBlank}.
     */
    static ExploreSpec ofPattern(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        String list = java.util.Arrays.stream(tiles).mapToObj(Integer::toString).collect(java.util.stream.Collectors.joining(","));
        return new ExploreSpec(puzzle.name(),
                SlidingTiles.format(SlidingTiles.canonicalGoal(puzzle.cellCount(), goalBlank)), list);
    }

    /** The spec of a puzzle with {@code goal} (null: the puzzle's default goal). */
    public static ExploreSpec of(String puzzleName, String goal) {
        Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
        String text = !puzzle.hasGoalBoard() ? null : puzzle.format(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
        return new ExploreSpec(puzzle.name(), text);
    }

    public String puzzleName() {
        return puzzleName;
    }

    String goalText() {
        return goalText;
    }

    Puzzle puzzle() {
        return PuzzleRegistry.puzzle(puzzleName);
    }

    /** A neighbour ranker of {@link #space()} giving predecessors (distances TO the goal); a new one per call. */
    NeighbourRanker ranker() {
        return space().predecessors();
    }

    public RankedSpace space() {
        return SPACES.computeIfAbsent(puzzleName + "|" + goalText + "|" + patternTiles, k -> {
            Puzzle puzzle = puzzle();
            if (patternTiles != null) {
                SlidingPuzzle sliding = (SlidingPuzzle) puzzle;
                return new PatternRegionSpace(sliding, SlidingKind.goalBlank(sliding, goalText),
                        java.util.Arrays.stream(patternTiles.split(",")).mapToInt(Integer::parseInt).toArray());
            }
            return PuzzleRegistry.kind(puzzle).space(puzzle, goalText == null ? -1 : puzzle.parse(goalText));
        });
    }
}
