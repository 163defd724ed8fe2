package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan of a job is chosen by its cost for the job's number of positions ({@link PlanCost}): a few positions are
 * searched with small pattern databases instead of paying for the whole space's table, many positions pay for the table
 * and descend it. Nothing is built while choosing.
 */
class PlanCostTest {
    @TempDir
    Path tables;

    private SolverSettings settings(long positions) {
        return SolverSettings.fromSystem()
                .withTables(tables.toString())
                .withTablesMemory(64L << 20)
                .withPositions(positions);
    }

    private static DefinitionPuzzle pocket() {
        return new DefinitionPuzzle("cost-pocket", DefinitionBruteForceTest.example("pocket-cube.tws"), Metric.POWERS);
    }

    @Test
    void fivePositionsAreSearchedWithSmallPatternDatabases() throws Exception {
        DefinitionPuzzle puzzle = pocket();
        TableKind kind = new DefinitionKind(puzzle.definition(), "cost-pocket");
        SolvePlan plan = kind.plan(puzzle, settings(5), null);
        assertEquals("IDA* with pattern databases", plan.method(), plan.why());
        assertTrue(plan.tableCap() < puzzle.boardCount(), plan::toString);
        assertTrue(plan.why().startsWith("IDA* with pattern databases for 5 positions: "), plan.why());
        assertTrue(plan.why().contains("rather than table descent: 3,674,160 ranks to build"), plan.why());
        try (var files = Files.list(tables)) {
            assertEquals(0, files.count(), "choosing builds nothing");
        }
        // solved with that plan: the same optimal answer as table descent
        SolverSettings planned = settings(5).withPlan(plan);
        long start = puzzle.scrambled("U R F' U2 R' F");
        SolveResult ida = kind.solver(puzzle, planned).solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
        SolveResult descent = new DefinitionSolver(puzzle, settings(0), DefinitionSolver.Method.DESCENT)
                .solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
        assertEquals(Status.SOLVED, ida.status());
        assertEquals(descent.moves(), ida.moves());
    }

    @Test
    void tenMillionPositionsPayForTheTableAndDescend() {
        DefinitionPuzzle puzzle = pocket();
        SolvePlan plan =
                new DefinitionKind(puzzle.definition(), "cost-pocket").plan(puzzle, settings(10_000_000), null);
        assertEquals("table descent", plan.method(), plan.why());
        assertTrue(
                plan.why().startsWith("table descent for 10,000,000 positions: 3,674,160 ranks to build (about "),
                plan.why());
        assertTrue(plan.why().contains("rather than IDA* with pattern databases"), plan.why());
        // the search's time is for positions of the model's depth: log 3,674,160 / log 9 moves
        assertTrue(plan.why().contains(" of search for positions 7 moves deep, rather than"), plan.why());
        assertEquals(1, plan.why().lines().count());
    }

    @Test
    void withoutACountTheTableIsTakenWhereItFits() {
        DefinitionPuzzle puzzle = pocket();
        SolvePlan plan = new DefinitionKind(puzzle.definition(), "cost-pocket").plan(puzzle, settings(0), null);
        assertEquals("table descent", plan.method());
        assertEquals(
                "table descent: the space's table fits the tables' memory (the number of positions is not known)",
                plan.why());
    }

    @Test
    void durationsInWords() {
        assertEquals("0.4 s", PlanCost.duration(0.4));
        assertEquals("42 s", PlanCost.duration(42));
        assertEquals("54 min", PlanCost.duration(54 * 60));
        assertEquals("4.0 h", PlanCost.duration(4 * 3600));
    }
}
