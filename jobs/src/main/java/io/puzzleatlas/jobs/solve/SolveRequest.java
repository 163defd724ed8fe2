package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.Switches;
import io.puzzleatlas.jobs.generate.GeneratorSpec;

/**
 * What {@code solve} was asked, checked: one of {@code input} and {@code generator} is set.
 *
 * @param puzzle the puzzle, resolved
 * @param input a file or directory of instances, or null
 * @param format the input's format, or null to detect it from the file names
 * @param generator the instances to draw, or null
 * @param goal the goal of records that name none, or null for the puzzle's
 * @param maxNodes per-instance node budget, or null
 * @param maxMillis per-instance time budget, or null
 * @param tables the pattern databases' directory, or null for the default
 * @param partitions the partitions to solve in, or null for the job's choice
 * @param splitNodes instances not solved within this many nodes are searched split over the cluster (each iteration's
 *     subtrees in parallel), or null: never
 * @param splitDepth the length of the move prefixes a split iteration is cut at
 * @param resume continue an earlier run's checkpoint of split instances
 * @param overwrite whether the output (and an earlier run's checkpoint) may be replaced
 * @param settings the solver's settings, read once where the command started ({@link SolverSettings#fromSystem()}),
 *     with the plan: how the puzzle is solved (method, projections, table files, memory), made once on the driver and
 *     used as is by every solver of the job, or null for a puzzle that reads no table files
 * @param switches the jobs' -D switches, read once where the command started ({@link Switches#fromSystem()}): the
 *     progress lines' interval, the split search's iterations kept in the driver
 */
public record SolveRequest(
        PuzzleHandle puzzle,
        String input,
        InputFormat format,
        GeneratorSpec generator,
        String goal,
        Long maxNodes,
        Long maxMillis,
        String tables,
        Integer partitions,
        Long splitNodes,
        int splitDepth,
        boolean resume,
        boolean overwrite,
        SolverSettings settings,
        Switches switches) {

    /** The plan of {@link #settings}, or null. */
    public SolvePlan plan() {
        return settings.plan();
    }

    /** What decides the rows, one item a line: a resumed run must match it ({@link SolveCheckpoint}). */
    String fingerprint() {
        return String.join(
                "\n",
                "puzzle " + puzzle.key(),
                "input " + input,
                "format " + format,
                "generator " + generator,
                "goal " + goal,
                "max-nodes " + maxNodes,
                "max-millis " + maxMillis,
                "split-nodes " + splitNodes,
                "split-depth " + splitDepth,
                plan() == null ? "plan none" : plan().fingerprint());
    }
}
