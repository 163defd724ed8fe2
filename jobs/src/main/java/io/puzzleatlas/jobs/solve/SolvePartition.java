package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.io.Schemas.Records;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;

/**
 * Solves the legal records of a partition: {@link Schemas#RECORDS} in, {@link Schemas#RESULTS} out; illegal records are
 * skipped here and written by {@link ErrorPartition}. The solver is the executor JVM's shared one for the job's
 * settings ({@link JobTables#solver}), so its tables are loaded once per executor JVM and reused by every task; this
 * function captures only the puzzle's handle, text, numbers, those settings and the {@link SolveTally} that counts the
 * records read and the rows written.
 */
final class SolvePartition implements MapPartitionsFunction<Row, Row> {
    private static final long serialVersionUID = 1L;

    private final PuzzleHandle puzzle;
    private final String defaultGoalText;
    private final SolverSettings settings;
    private final Long maxNodes;
    private final Long maxMillis;
    private final SolveTally tally;
    private final Long splitNodes;

    /**
     * @param splitNodes instances not solved within this many nodes are left to the split search
     *     ({@link HardInstances}); null: none
     */
    SolvePartition(
            PuzzleHandle puzzle,
            String defaultGoalText,
            SolverSettings settings,
            Long maxNodes,
            Long maxMillis,
            Long splitNodes,
            SolveTally tally) {
        this.splitNodes = splitNodes;
        this.puzzle = puzzle;
        this.defaultGoalText = defaultGoalText;
        this.settings = settings;
        this.maxNodes = maxNodes;
        this.maxMillis = maxMillis;
        this.tally = tally;
    }

    @Override
    public Iterator<Row> call(Iterator<Row> records) {
        FaultSeam.task("solve-task");
        PuzzleSolver solver = JobTables.solver(puzzle, settings);
        Budget budget = HardInstances.probe(maxNodes, maxMillis, splitNodes);
        RecordParser parser = new RecordParser(puzzle.puzzle(), defaultGoalText);
        boolean diskFull = FaultSeam.diskFullArmed("solve-write");
        String name = puzzle.name();
        return new FilteringIterator<>(records) {
            private final PreparedGoal tables = new PreparedGoal(solver);

            @Override
            Row convert(Row r) {
                if (diskFull) {
                    throw FaultSeam.noSpace();
                }
                tally.record();
                if (parser.check(r) != null) {
                    return null;
                }
                long t0 = System.nanoTime();
                SolveResult result;
                if (parser.unsolvable != null) {
                    result = SolveResult.unsolvable(parser.unsolvable, 0);
                } else {
                    tables.prepare(parser.goalText);
                    t0 = System.nanoTime();
                    result = parser.wide()
                            ? solver.solveText(parser.startText, parser.goalText, budget)
                            : solver.solve(parser.start, parser.goal, budget);
                }
                result = result.withStepLimit(parser.stepLimit);
                long micros = (System.nanoTime() - t0) / 1000;
                if (HardInstances.deferred(result, maxNodes, splitNodes)) {
                    tally.defer(HardInstances.instance(
                            name,
                            r.getLong(Records.INSTANCE_ID),
                            parser.startText,
                            parser.goalText,
                            parser.stepLimit,
                            result,
                            micros));
                    return null;
                }
                Row row = ResultRows.of(
                        name,
                        r.getLong(Records.INSTANCE_ID),
                        parser.startText,
                        parser.goalText,
                        parser.stepLimit,
                        result,
                        micros);
                tally.add(row);
                return row;
            }
        };
    }
}
