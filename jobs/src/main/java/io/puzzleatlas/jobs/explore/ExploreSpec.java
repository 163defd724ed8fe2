package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.core.table.PuzzleSpaces;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.Serializable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What is explored: a puzzle and a goal, by name and text, so that only two strings travel to
 * executors; the space is rebuilt once per executor JVM and shared by its tasks.
 */
final class ExploreSpec implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final ConcurrentHashMap<String, RankedSpace> SPACES = new ConcurrentHashMap<>();

    private final String puzzleName;
    /** The goal's text, or null for the rotation game (its goal is a condition). */
    private final String goalText;

    ExploreSpec(String puzzleName, String goalText) {
        this.puzzleName = puzzleName;
        this.goalText = goalText;
    }

    /** The spec of a puzzle with {@code goal} (null: the puzzle's default goal). */
    static ExploreSpec of(String puzzleName, String goal) {
        Puzzle puzzle = Puzzles.byName(puzzleName);
        String text = !puzzle.hasGoalBoard() ? null : puzzle.format(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
        return new ExploreSpec(puzzle.name(), text);
    }

    String puzzleName() {
        return puzzleName;
    }

    String goalText() {
        return goalText;
    }

    Puzzle puzzle() {
        return Puzzles.byName(puzzleName);
    }

    RankedSpace space() {
        return SPACES.computeIfAbsent(puzzleName + "|" + goalText, k -> {
            Puzzle puzzle = puzzle();
            return PuzzleSpaces.toGoal(puzzle, goalText == null ? -1 : puzzle.parse(goalText));
        });
    }
}
