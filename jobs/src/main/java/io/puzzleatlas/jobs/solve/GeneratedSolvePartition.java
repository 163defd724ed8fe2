package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.generate.GeneratorSpec;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.util.Iterator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Row;

/**
 * {@code solve --all / --random}: draws each instance and solves it in the same step, from instance ids to
 * {@link Schemas#RESULTS} rows. The board stays a packed {@code long} from the draw to the solver; text is made once,
 * for the output row.
 */
final class GeneratedSolvePartition implements MapPartitionsFunction<Long, Row> {
    private static final long serialVersionUID = 1L;

    private final GeneratorSpec spec;
    private final SolverSettings settings;
    private final Long maxNodes;
    private final Long maxMillis;
    private final Long splitNodes;
    private final SolveTally tally;

    /**
     * @param splitNodes instances not solved within this many nodes are left to the split search
     *     ({@link HardInstances}); null: none
     */
    GeneratedSolvePartition(
            GeneratorSpec spec,
            SolverSettings settings,
            Long maxNodes,
            Long maxMillis,
            Long splitNodes,
            SolveTally tally) {
        this.spec = spec;
        this.settings = settings;
        this.maxNodes = maxNodes;
        this.maxMillis = maxMillis;
        this.splitNodes = splitNodes;
        this.tally = tally;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> ids) {
        FaultSeam.task("solve-task");
        GeneratorSpec.Draw draw = spec.open();
        Puzzle puzzle = draw.puzzle();
        PuzzleSolver solver = JobTables.solver(spec.puzzle(), settings);
        Budget budget = HardInstances.probe(maxNodes, maxMillis, splitNodes);
        boolean diskFull = FaultSeam.diskFullArmed("solve-write");
        String name = puzzle.name();
        return new FilteringIterator<>(ids) {
            private final PreparedGoal tables = new PreparedGoal(solver);

            @Override
            Row convert(Long boxed) {
                if (diskFull) {
                    throw FaultSeam.noSpace();
                }
                long id = boxed;
                String start;
                String goal;
                SolveResult result;
                long micros;
                if (draw.wide()) {
                    start = draw.wideStart(id);
                    goal = draw.wideGoal();
                    tables.prepare(goal);
                    long t0 = System.nanoTime();
                    result = solver.solveText(start, goal, budget);
                    micros = (System.nanoTime() - t0) / 1000;
                } else {
                    long board = draw.board(id);
                    start = draw.startText(board);
                    goal = draw.goalText(board);
                    tables.prepare(goal);
                    long t0 = System.nanoTime();
                    result = solver.solve(draw.start(board), draw.goal(board), budget);
                    micros = (System.nanoTime() - t0) / 1000;
                }
                tally.record();
                if (HardInstances.deferred(result, maxNodes, splitNodes)) {
                    tally.defer(HardInstances.instance(name, id, start, goal, null, result, micros));
                    return null;
                }
                Row row = ResultRows.of(name, id, start, goal, null, result, micros);
                tally.add(row);
                return row;
            }
        };
    }
}
