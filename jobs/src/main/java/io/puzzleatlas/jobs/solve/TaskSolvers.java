package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.Solvers;
import org.apache.spark.memory.SparkOutOfMemoryError;

/**
 * The JVM's shared solver, as a task gets it. Building its tables is where a too-small heap
 * runs out; a plain {@link OutOfMemoryError} in a task makes Spark's executor end the whole JVM
 * (status 52, a logged stack trace), while Spark's own {@link SparkOutOfMemoryError} fails only
 * the task, so the driver reports one line with the internal-error status (docs/cli.md).
 */
final class TaskSolvers {
    private TaskSolvers() {
    }

    static PuzzleSolver forName(String puzzleName) {
        try {
            return Solvers.forName(puzzleName);
        } catch (OutOfMemoryError e) {
            throw new SparkOutOfMemoryError(e);
        }
    }
}
