package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.heuristic.PdbTestTables;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.Scrambles;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SplitIda;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The split search (top levels, then each prefix's subtree, in lockstep) gives exactly the unsplit IDA*'s result:
 * status, length, string and node count, for both kernels, at every prefix depth, on boards whose optimum is shorter
 * than the prefixes too; and node budgets run out at the same node with the same reason.
 */
class SplitIdaTest {

    /** Runs the subtrees one after the other, in reverse (the merge must not depend on the order they run in). */
    private static SplitIda.Runner runner(SplitSearch search) {
        return (prefixes, bound, budget) -> {
            List<SplitSearch.Subtree> out = new ArrayList<>();
            for (int i = prefixes.size() - 1; i >= 0; i--) {
                out.add(0, search.subtree(prefixes.get(i), bound, budget));
            }
            return out;
        };
    }

    private static SolveResult split(SplitSearch search, int depth, Budget budget) {
        return SplitIda.solve(search, depth, budget, runner(search), null);
    }

    private static void assertSame(SolveResult expected, SolveResult got, String what) {
        assertEquals(expected.status(), got.status(), what);
        assertEquals(expected.length(), got.length(), what);
        assertEquals(expected.moves(), got.moves(), what);
        assertEquals(expected.nodes(), got.nodes(), what);
        assertEquals(expected.reason(), got.reason(), what);
        assertEquals(expected.resumeAt(), got.resumeAt(), what);
    }

    private static void agrees(
            SlidingPuzzle puzzle,
            long goal,
            Function<Long, SolveResult> unsplit,
            Function<Long, SplitSearch> splitOf,
            int boards,
            int maxScramble,
            long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int shorter = 0;
        for (int i = 0; i < boards; i++) {
            long board = Scrambles.scramble(puzzle, goal, random.nextInt(maxScramble + 1), random);
            SolveResult expected = unsplit.apply(board);
            for (int depth = 0; depth <= 6; depth++) {
                SolveResult got = split(splitOf.apply(board), depth, Budget.UNLIMITED);
                assertSame(expected, got, puzzle.format(board) + " depth " + depth);
                if (expected.length() < depth) {
                    shorter++;
                }
            }
        }
        assertTrue(shorter > 0, "some optima are shorter than the prefixes");
    }

    @ParameterizedTest
    @CsvSource({"false", "true"})
    void pdbOnTheFifteenPuzzle(boolean duals) {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        PdbIdaStar pdb = new PdbIdaStar(PdbTestTables.heuristic(puzzle, 15, "5-5-5", duals));
        agrees(puzzle, puzzle.canonicalGoal(15), b -> pdb.solve(b, Budget.UNLIMITED), pdb::splitPacked, 40, 40, 15);
    }

    @Test
    void pdbOnTheEightPuzzleWithAnotherGoalClass() {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        PdbIdaStar pdb = new PdbIdaStar(PdbTestTables.heuristic(puzzle, 4, "4-4"));
        agrees(puzzle, puzzle.canonicalGoal(4), b -> pdb.solve(b, Budget.UNLIMITED), pdb::splitPacked, 60, 30, 8);
    }

    @Test
    void manhattanOnTheEightAndFifteenPuzzles() {
        SlidingPuzzle eight = new SlidingPuzzle(3, 3);
        SlidingIdaStar e = new SlidingIdaStar(eight, 8, true);
        agrees(eight, eight.canonicalGoal(8), b -> e.solve(b, Budget.UNLIMITED), e::split, 60, 30, 3);
        SlidingPuzzle fifteen = new SlidingPuzzle(4, 4);
        SlidingIdaStar f = new SlidingIdaStar(fifteen, 15, false);
        agrees(fifteen, fifteen.canonicalGoal(15), b -> f.solve(b, Budget.UNLIMITED), f::split, 15, 30, 4);
    }

    @Test
    void nodeBudgetsRunOutAtTheSameNode() {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        PdbIdaStar pdb = new PdbIdaStar(PdbTestTables.heuristic(puzzle, 15, "5-5-5"));
        long board = puzzle.parse("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1");
        for (long limit : new long[] {1, 5, 1000, 25_000, 300_000}) {
            Budget budget = new Budget(limit, Long.MAX_VALUE);
            SolveResult expected = pdb.solve(board, budget);
            assertEquals(Status.BUDGET_EXCEEDED, expected.status());
            for (int depth = 0; depth <= 5; depth++) {
                assertSame(
                        expected, split(pdb.splitPacked(board), depth, budget), "limit " + limit + " depth " + depth);
            }
        }
        // a budget just large enough solves, split or not
        SplittableRandom random = new SplittableRandom(5);
        long easy = Scrambles.scramble(puzzle, puzzle.canonicalGoal(15), 30, random);
        SolveResult full = pdb.solve(easy, Budget.UNLIMITED);
        for (long limit : new long[] {full.nodes(), full.nodes() - 1}) {
            Budget budget = new Budget(limit, Long.MAX_VALUE);
            assertSame(pdb.solve(easy, budget), split(pdb.splitPacked(easy), 4, budget), "limit " + limit);
        }
    }

    /**
     * A split search resumed where a budgeted search stopped gives the uninterrupted search's result, node count
     * included, and searches no iteration before that bound again.
     */
    @Test
    void aSplitSearchResumesWhereABudgetedSearchStopped() {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        PdbIdaStar pdb = new PdbIdaStar(PdbTestTables.heuristic(puzzle, 15, "5-5-5"));
        SplittableRandom random = new SplittableRandom(21);
        int resumedLater = 0;
        for (int i = 0; i < 12; i++) {
            long board = Scrambles.scramble(puzzle, puzzle.canonicalGoal(15), 40 + random.nextInt(40), random);
            SolveResult expected = pdb.solve(board, Budget.UNLIMITED);
            for (long limit : new long[] {1, expected.nodes() / 3, expected.nodes() - 1}) {
                SolveResult probe = pdb.solve(board, new Budget(Math.max(1, limit), Long.MAX_VALUE));
                assertEquals(Status.BUDGET_EXCEEDED, probe.status());
                SolveResult.ResumePoint from = probe.resumeAt();
                assertTrue(from.nodesBefore() < probe.nodes()
                        && from.bound() >= pdb.splitPacked(board).firstBound());
                List<Integer> bounds = new ArrayList<>();
                SplitSearch search = pdb.splitPacked(board);
                SolveResult got = SplitIda.solve(
                        search,
                        3,
                        Budget.UNLIMITED,
                        runner(search),
                        (bound, prefixes, nodes, work, found) -> bounds.add(bound),
                        from);
                assertSame(expected, got, puzzle.format(board) + " from " + from);
                assertEquals(
                        from.bound(), bounds.get(0), "the first iteration searched is the one the probe stopped in");
                if (from.bound() > search.firstBound()) {
                    resumedLater++;
                }
            }
        }
        assertTrue(resumedLater >= 12, "most probes stop after their first iteration: " + resumedLater);
    }

    @Test
    void theSolverSplitsSearchesOnly() {
        SlidingSolver tables = new SlidingSolver(new SlidingPuzzle(3, 3), null, "4-4");
        assertNull(tables.split("1 2 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 8 0"), "a table descent does not split");
    }
}
