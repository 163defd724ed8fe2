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
 * {@code solve --all / --random}: draws each instance and solves it in the same step, from
 * instance ids to {@link Schemas#RESULTS} rows. The board stays a packed {@code long} from the
 * draw to the solver; text is made once, for the output row.
 */
final class GeneratedSolvePartition implements MapPartitionsFunction<Long, Row> {
    private static final long serialVersionUID = 1L;

    private final GeneratorSpec spec;
    private final SolverSettings settings;
    private final Long maxNodes;
    private final Long maxMillis;
    private final SolveTally tally;

    GeneratedSolvePartition(GeneratorSpec spec, SolverSettings settings, Long maxNodes, Long maxMillis, SolveTally tally) {
        this.spec = spec;
        this.settings = settings;
        this.maxNodes = maxNodes;
        this.maxMillis = maxMillis;
        this.tally = tally;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> ids) {
        FaultSeam.task("solve-task");
        GeneratorSpec.Draw draw = spec.open();
        Puzzle puzzle = draw.puzzle();
        PuzzleSolver solver = JobTables.solver(puzzle.name(), settings);
        Budget budget = Budget.of(maxNodes, maxMillis);
        String name = puzzle.name();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return ids.hasNext();
            }

            @Override
            public Row next() {
                FaultSeam.diskFull("solve-write");
                long id = ids.next();
                if (draw.wide()) {
                    String start = draw.wideStart(id);
                    long t0 = System.nanoTime();
                    SolveResult result = solver.solveText(start, draw.wideGoal(), budget);
                    Row row = ResultRows.of(name, id, start, draw.wideGoal(), null, result, (System.nanoTime() - t0) / 1000);
                    tally.record();
                    tally.add(row);
                    return row;
                }
                long board = draw.board(id);
                long t0 = System.nanoTime();
                SolveResult result = solver.solve(draw.start(board), draw.goal(board), budget);
                long micros = (System.nanoTime() - t0) / 1000;
                Row row = ResultRows.of(name, id, draw.startText(board), draw.goalText(board), null, result, micros);
                tally.record();
                tally.add(row);
                return row;
            }
        };
    }
}
