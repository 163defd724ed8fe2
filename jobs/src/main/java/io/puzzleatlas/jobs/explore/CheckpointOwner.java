package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.RefusedException;
import java.util.Objects;
import org.apache.hadoop.fs.Path;

/**
 * Whether a checkpoint belongs to the run that would resume it: the same puzzle (for a definition file, the same name
 * and content, {@link PuzzleHandle#differenceFrom}) and the same goal. One check for every search that resumes
 * ({@code explore} on Spark, the in-core {@code atlas}), so that a run of another puzzle, metric or goal is refused and
 * the checkpoint kept instead of being searched over and removed.
 */
final class CheckpointOwner {
    private CheckpointOwner() {}

    /**
     * Refuses ({@link RefusedException}, naming {@code at}) to resume, with {@code puzzle} and {@code goal} (null: the
     * puzzle's own), the checkpoint that recorded {@code recordedKey} ({@link PuzzleHandle#key()}) and
     * {@code recordedGoal}; {@code sameSize} is false when the checkpoint's space has another size.
     */
    static void refuseOther(
            Path at, String recordedKey, String recordedGoal, PuzzleHandle puzzle, String goal, boolean sameSize) {
        String other = puzzle.differenceFrom(recordedKey);
        String recordedName = PuzzleHandle.nameOf(recordedKey);
        if (other != null && !recordedName.equals(recordedKey)) { // a definition's checkpoint
            throw new RefusedException(at + ": " + other + "; resume with the puzzle it was written for, or "
                    + "start again with --overwrite");
        }
        if (!puzzle.name().equals(recordedName) || !Objects.equals(goal, recordedGoal) || !sameSize) {
            throw new RefusedException(String.format(
                    "%s is a checkpoint of %s%s, not of %s%s: resume it with that puzzle and goal, or start again "
                            + "with --overwrite",
                    at, recordedName, goalText(recordedGoal), puzzle.name(), goalText(goal)));
        }
    }

    private static String goalText(String goal) {
        return goal == null ? "" : " (goal " + goal + ")";
    }
}
