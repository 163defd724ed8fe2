package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.UnreachableBoardException;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.TableUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan ({@link SolvePlan}) is made once, by a solver without one, and used as is by every solver given it: the
 * method, projections and table files are the plan's whatever the settings' memory or this JVM's heap say.
 */
class SolvePlanTest {
    @TempDir
    Path tables;

    private SolverSettings settings(long memory) {
        return SolverSettings.fromSystem().withTables(tables.toString()).withTablesMemory(memory);
    }

    private static DefinitionPuzzle pocket() {
        return new DefinitionPuzzle("plan-pocket", DefinitionBruteForceTest.example("pocket-cube.tws"), Metric.POWERS);
    }

    /**
     * A plan made for 1 MiB is IDA* with projections (the pocket cube's 3,674,160 states do not fit); a solver given it
     * with no memory of its own (a quarter of this JVM's heap, where descent fits) searches as the plan says, and one
     * given a descent plan with one byte of memory descends: the settings' memory and the heap are never looked at.
     */
    @Test
    void aSolverGivenAPlanNeverChoosesFromItsHeap() {
        DefinitionPuzzle puzzle = pocket();
        DefinitionKind kind = new DefinitionKind(puzzle.definition(), "plan-pocket");
        SolvePlan small = new DefinitionSolver(puzzle, settings(1 << 20)).plan(null);
        assertEquals("IDA* with pattern databases", small.method());
        assertTrue(small.projections().stream().anyMatch(p -> p.contains("pieces")), small.projections()::toString);
        assertEquals(1 << 20, small.memoryBytes());
        assertEquals(DefinitionSolver.Method.DESCENT, new DefinitionSolver(puzzle, settings(0)).method(), "the heap");

        long before = DefinitionSolver.plansMade();
        DefinitionSolver executor = new DefinitionSolver(puzzle, settings(0).withPlan(small));
        assertEquals(DefinitionSolver.Method.IDA, executor.method());
        assertEquals(small, executor.plan(null));
        assertEquals(small.files(), kind.tableFiles(puzzle, settings(0).withPlan(small), null));

        SolvePlan whole = new DefinitionSolver(puzzle, settings(1L << 30)).plan(null);
        before++;
        DefinitionSolver descent = new DefinitionSolver(puzzle, settings(1).withPlan(whole));
        assertEquals(DefinitionSolver.Method.DESCENT, descent.method());
        assertEquals(before, DefinitionSolver.plansMade(), "no solver given a plan made one");
    }

    /**
     * One plan, made once, serves the table build, the table files, the summary and the solving; every table file the
     * build writes is one of the plan's, named with its key's digest, and no further plan is made.
     */
    @Test
    void thePlanIsMadeOnceAndItsFilesAreTheOnesBuilt() throws Exception {
        DefinitionPuzzle puzzle = pocket();
        DefinitionKind kind = new DefinitionKind(puzzle.definition(), "plan-pocket");
        SolverSettings own = settings(1 << 20);
        long before = DefinitionSolver.plansMade();
        SolvePlan plan = kind.plan(puzzle, own, null);
        assertEquals(before + 1, DefinitionSolver.plansMade());
        SolverSettings planned = own.withPlan(plan);
        kind.buildTables(puzzle, planned, null);
        String described = kind.solver(puzzle, planned).describe();
        long start = puzzle.scrambled("U R F' U2 R'");
        SolveResult r =
                kind.solver(puzzle, planned.withBuild(false)).solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
        assertEquals(Status.SOLVED, r.status());
        assertEquals(before + 1, DefinitionSolver.plansMade(), "build, summary and solve used the one plan");
        assertTrue(described.startsWith(plan.method()), described);
        List<String> written;
        try (var files = Files.list(tables)) {
            written = files.map(f -> f.getFileName().toString()).sorted().toList();
        }
        assertEquals(plan.files().stream().sorted().toList(), written);
        for (SolvePlan.Table t : plan.tables()) {
            assertEquals(64, t.keyDigest().length());
            assertTrue(t.file().contains(t.keyDigest().substring(0, 16)), t::toString);
        }
        assertTrue(
                plan.fingerprint().startsWith("plan IDA* with pattern databases, memory 1048576, cap "),
                plan::toString);
        assertEquals(1, plan.fingerprint().lines().count(), "one line: a resume's refusal names it");
    }

    /** A plan whose projections are not the definition's for its cap (another version, an edited file) is refused. */
    @Test
    void aPlanThatDoesNotFitTheDefinitionIsRefused() {
        DefinitionPuzzle puzzle = pocket();
        SolvePlan plan = new DefinitionSolver(puzzle, settings(1 << 20)).plan(null);
        SolvePlan other = new SolvePlan(
                plan.method(), List.of("CORNERS: all"), plan.tables(), plan.memoryBytes(), plan.tableCap());
        IllegalStateException e = assertThrows(
                IllegalStateException.class,
                () -> new DefinitionSolver(puzzle, settings(0).withPlan(other)).describe());
        assertTrue(e.getMessage().contains("the plan's projections"), e.getMessage());
    }

    /** Answers of a definition are space-separated even when every move is one letter, and read back as scrambles. */
    @Test
    void oneLetterMovesAreWrittenSpaceSeparated() {
        DefinitionPuzzle puzzle = new DefinitionPuzzle("plan-lrx", DefinitionExamples.lrx(7), Metric.LISTED);
        DefinitionSolver solver = new DefinitionSolver(puzzle, settings(0));
        long start = puzzle.scrambled(
                String.join(" ", puzzle.moveNames()) + " " + puzzle.moveNames().get(0));
        SolveResult r = solver.solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
        assertEquals(Status.SOLVED, r.status());
        assertTrue(r.length() > 1, r::toString);
        assertEquals(r.length(), r.moves().split(" ").length, r.moves());
        assertEquals(puzzle.defaultGoal(), puzzle.replay(start, r.moves()), "replays as written");
    }

    /**
     * A state of the puzzle's own pieces that no move reaches (one corner twisted per orbit; a transposition in M12's
     * chain) is refused as unreachable, which a solve writes as UNSOLVABLE, not as a broken record.
     */
    @Test
    void statesOutsideTheGroupAreUnreachableNotBroken() {
        DefinitionPuzzle puzzle = pocket();
        String[] solved = puzzle.format(puzzle.defaultGoal()).split(" ");
        solved[solved.length - 1] = "1";
        assertThrows(UnreachableBoardException.class, () -> puzzle.parse(String.join(" ", solved)));
        DefinitionPuzzle m12 =
                new DefinitionPuzzle("plan-m12", DefinitionBruteForceTest.example("m12.json"), Metric.GENERATORS);
        String[] m = m12.format(m12.defaultGoal()).split(" ");
        String t = m[0];
        m[0] = m[1];
        m[1] = t;
        UnreachableBoardException e =
                assertThrows(UnreachableBoardException.class, () -> m12.parse(String.join(" ", m)));
        assertTrue(e.getMessage().startsWith("not a state of plan-m12"), e.getMessage());
    }

    /**
     * A table a solver builds and cannot write (a full device: the seam) is one warning line and the table is used; a
     * {@code tables build} (checked) is refused in one line naming the file and the reason, leaving no file behind.
     */
    @Test
    void aFailedWriteWarnsInASolveAndIsRefusedInABuild() throws Exception {
        DefinitionPuzzle puzzle = new DefinitionPuzzle(
                "plan-twisty-full", DefinitionBruteForceTest.example("twisty-small.tws"), Metric.POWERS);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        System.setProperty(DefinitionTables.FULL_SEAM, "tables-write");
        try {
            Path file = tables.resolve(DefinitionTables.fileName(puzzle.name(), "k"));
            TableUnavailableException e = assertThrows(
                    TableUnavailableException.class,
                    () -> DefinitionTables.getChecked(tables, puzzle.name(), "k", () -> table(puzzle), out));
            assertEquals(file.toAbsolutePath() + ": cannot write the table (no space left on device)", e.getMessage());
            assertEquals("", log.toString(StandardCharsets.UTF_8), "nothing said before the refusal");
            DefinitionTables.get(tables, puzzle.name(), "k2", true, "'tables build", () -> table(puzzle), out);
            List<String> lines = log.toString(StandardCharsets.UTF_8).lines().toList();
            assertTrue(
                    lines.get(0).endsWith("not written (no space left on device); the table is used from memory only"),
                    lines::toString);
            try (var files = Files.list(tables)) {
                assertEquals(0, files.count(), "no table and no temporary file left");
            }
        } finally {
            System.clearProperty(DefinitionTables.FULL_SEAM);
        }
    }

    /**
     * A damaged table where nothing may build (a Spark task): one message naming the file, why it is damaged and the
     * {@code tables build} to run. Before: "not rebuilt, as building tables is off", which nobody had asked for.
     */
    @Test
    void aDamagedTableWhereNothingBuildsSaysSoAndWhatToRun() throws Exception {
        DefinitionPuzzle puzzle = new DefinitionPuzzle(
                "plan-twisty-damaged", DefinitionBruteForceTest.example("twisty-small.tws"), Metric.POWERS);
        Path file =
                tables.resolve(DefinitionTables.fileName(puzzle.name(), "k")).toAbsolutePath();
        Files.write(file, new byte[100]);
        TableUnavailableException e = assertThrows(
                TableUnavailableException.class,
                () -> DefinitionTables.get(
                        tables, puzzle.name(), "k", false, "'tables build --puzzle t.tws", () -> table(puzzle), null));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith("; the table file is damaged: rebuild it with 'tables build --puzzle t.tws --force'"),
                e.getMessage());
        assertFalse(e.getMessage().contains("building tables is off"), e.getMessage());
    }

    private static DistanceTable table(DefinitionPuzzle puzzle) {
        return BreadthFirstTableBuilder.build(puzzle.rankedSpace(puzzle.defaultGoal()), 1);
    }
}
