package io.puzzleatlas.core.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.magic.MagicBoard;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.rotation.RotationGameSolver;
import io.puzzleatlas.core.sliding.SlidingIdaStar;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingSolver;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Optimality and tie-break, each checked by a second, independent method; every answer replayed. */
@Tag("slow")
class SolverAgreementTest {

    private static void assertReplays(Puzzle p, long start, long goal, SolveResult r) {
        assertEquals(Status.SOLVED, r.status());
        assertEquals(r.length(), r.moves().length());
        long end = p.replay(start, r.moves());
        assertTrue(p.isGoal(end, goal), "replay of " + r.moves() + " from " + p.format(start) + " misses the goal");
    }

    @Test
    void tableDescentAndIdaStarAgreeOnThousandsOfEightPuzzleBoards() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SlidingSolver tables = new SlidingSolver(p);
        SlidingIdaStar idaManhattan = new SlidingIdaStar(p, 8, false);
        SlidingIdaStar idaConflict = new SlidingIdaStar(p, 8, true);
        SplittableRandom random = new SplittableRandom(42);
        long goal = p.defaultGoal();
        for (int k = 0; k < 2_000; k++) {
            long start = p.randomBoard(random, goal);
            SolveResult t = tables.solve(start, goal, Budget.UNLIMITED);
            assertReplays(p, start, goal, t);
            assertEquals(t.moves(), idaConflict.solve(start, Budget.UNLIMITED).moves(), p.format(start));
            if (k < 300) {
                assertEquals(
                        t.moves(), idaManhattan.solve(start, Budget.UNLIMITED).moves(), p.format(start));
            }
        }
    }

    @Test
    void anyGoalMatchesForwardSearch() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        PuzzleSolver solver = Solvers.forName("eight-puzzle");
        SplittableRandom random = new SplittableRandom(4);
        for (int k = 0; k < 12; k++) {
            long goal = p.board(random.nextLong(p.boardCount()), p.canonicalGoal(random.nextInt(9)));
            long start = p.randomBoard(random, goal);
            SolveResult r = solver.solve(start, goal, Budget.UNLIMITED);
            assertReplays(p, start, goal, r);
            assertEquals(ForwardBfs.solve(p, start, b -> b == goal, 40), r.moves());
        }
    }

    @Test
    void unreachableGoalIsUnsolvableAtOnce() {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        long start = p.parse("1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0");
        SolveResult r = Solvers.forName("fifteen-puzzle").solve(start, p.defaultGoal(), new Budget(10, 10));
        assertEquals(Status.UNSOLVABLE, r.status());
        assertEquals(0, r.nodes());
    }

    @Test
    void everyMagicBoardTargetMatchesForwardSearch() {
        MagicBoard mb = new MagicBoard();
        PuzzleSolver solver = Solvers.forName("magic-board");
        Map<Long, String> forward = ForwardBfs.paths(mb, MagicBoard.START);
        for (long i = 0; i < MagicBoard.STATES; i += 37) {
            long target = mb.board(i, MagicBoard.START);
            SolveResult r = solver.solve(MagicBoard.START, target, Budget.UNLIMITED);
            assertReplays(mb, MagicBoard.START, target, r);
            assertEquals(forward.get(target), r.moves());
        }
    }

    @Test
    void magicBoardFromAnyStart() {
        MagicBoard mb = new MagicBoard();
        PuzzleSolver solver = Solvers.forName("magic-board");
        SplittableRandom random = new SplittableRandom(9);
        for (int k = 0; k < 20; k++) {
            long start = mb.randomBoard(random, 0);
            long target = mb.randomBoard(random, 0);
            SolveResult r = solver.solve(start, target, Budget.UNLIMITED);
            assertEquals(ForwardBfs.solve(mb, start, b -> b == target, 40), r.moves());
        }
    }

    @Test
    void rotationGameMatchesForwardSearchOnScrambles() {
        RotationGame game = new RotationGame();
        PuzzleSolver solver = Solvers.forName("rotation-game");
        SplittableRandom random = new SplittableRandom(17);
        for (int k = 0; k < 60; k++) {
            long start = game.randomBoard(random, -1);
            // walk towards a goal: take a random board, then scramble a solved one a few moves
            long goalBoard =
                    game.replay(start, solver.solve(start, -1, Budget.UNLIMITED).moves());
            long scrambled = goalBoard;
            for (int s = 0; s < 1 + k % 5; s++) {
                scrambled = game.applyMove(scrambled, random.nextInt(8));
            }
            SolveResult r = solver.solve(scrambled, -1, Budget.UNLIMITED);
            assertReplays(game, scrambled, -1, r);
            assertEquals(ForwardBfs.solve(game, scrambled, b -> game.isGoal(b, -1), 8), r.moves());
        }
    }

    @Test
    void rotationGameRandomBoardsReplayToTheGoal() {
        RotationGame game = new RotationGame();
        RotationGameSolver solver = new RotationGameSolver();
        SplittableRandom random = new SplittableRandom(23);
        for (int k = 0; k < 2_000; k++) {
            long start = game.randomBoard(random, -1);
            SolveResult r = solver.solve(start, -1, Budget.UNLIMITED);
            assertReplays(game, start, -1, r);
            assertEquals(r.length(), solver.distance(start));
        }
    }

    @ParameterizedTest
    @CsvSource({"20,1", "30,2", "40,3"})
    void fifteenPuzzleIdaStarIsOptimalOnScrambles(int scramble, long seed) {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        SlidingIdaStar manhattan = new SlidingIdaStar(p, 15, false);
        PuzzleSolver solver = Solvers.forName("fifteen-puzzle");
        SplittableRandom random = new SplittableRandom(seed);
        long goal = p.defaultGoal();
        for (int k = 0; k < 5; k++) {
            long start = goal;
            for (int s = 0; s < scramble; s++) {
                long next = p.applyMove(start, random.nextInt(4));
                start = next == -1 ? start : next;
            }
            SolveResult withConflicts = solver.solve(start, goal, Budget.UNLIMITED);
            assertReplays(p, start, goal, withConflicts);
            assertTrue(withConflicts.length() <= scramble);
            assertEquals(manhattan.solve(start, Budget.UNLIMITED).moves(), withConflicts.moves());
        }
    }

    /** Every size with R*C <= 16 that is solved by IDA*: both heuristics agree, answers replay. */
    @ParameterizedTest
    @CsvSource({"2,6", "6,2", "3,4", "4,3", "2,7", "7,2", "2,8", "8,2", "3,5", "5,3"})
    void everyLargeSizeSolvesScrambles(int rows, int cols) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        PuzzleSolver solver = Solvers.forName(p.name());
        SlidingIdaStar manhattan = new SlidingIdaStar(p, rows * cols - 1, false);
        SplittableRandom random = new SplittableRandom(rows * 31L + cols);
        long goal = p.defaultGoal();
        for (int k = 0; k < 4; k++) {
            long start = goal;
            for (int s = 0; s < 26; s++) {
                long next = p.applyMove(start, random.nextInt(4));
                start = next == -1 ? start : next;
            }
            SolveResult r = solver.solve(start, goal, Budget.UNLIMITED);
            assertReplays(p, start, goal, r);
            assertEquals(manhattan.solve(start, Budget.UNLIMITED).moves(), r.moves(), p.format(start));
        }
    }

    @Test
    void twoByFourIdaStarMatchesTableDescent() {
        SlidingPuzzle p = new SlidingPuzzle(2, 4);
        SlidingSolver tables = new SlidingSolver(p);
        SlidingIdaStar ida = new SlidingIdaStar(p, 7, true);
        SplittableRandom random = new SplittableRandom(8);
        for (int k = 0; k < 500; k++) {
            long start = p.randomBoard(random, p.defaultGoal());
            assertEquals(
                    tables.solve(start, p.defaultGoal(), Budget.UNLIMITED).moves(),
                    ida.solve(start, Budget.UNLIMITED).moves());
        }
    }

    @Test
    void nodeBudgetEndsTheSearchWithoutAGuess() {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        long hard = p.board(9_876_543_210L, p.defaultGoal()); // a random board: ~50 moves
        SolveResult r = Solvers.forName("fifteen-puzzle").solve(hard, p.defaultGoal(), new Budget(1_000, 60_000));
        assertEquals(Status.BUDGET_EXCEEDED, r.status());
        assertEquals(null, r.moves());
        assertEquals(-1, r.length());
        assertTrue(r.nodes() >= 1_000);
        // a very hard board (over 60 moves) cannot be solved with Manhattan distance in 20 ms
        long deepest = p.parse("0 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1");
        SolveResult timed = new SlidingIdaStar(p, 15, true).solve(deepest, new Budget(Long.MAX_VALUE, 20));
        assertEquals(Status.BUDGET_EXCEEDED, timed.status());
        assertTrue(timed.reason().contains("time"), timed.reason());
    }

    @Test
    void solvedBoardIsLengthZeroNotNoSolution() {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        SolveResult r = Solvers.forName("fifteen-puzzle").solve(p.defaultGoal(), p.defaultGoal(), Budget.UNLIMITED);
        assertEquals(Status.SOLVED, r.status());
        assertEquals("", r.moves());
        assertEquals(
                Status.OVER_LIMIT, SolveResult.solved("dlr", 3).withStepLimit(2).status());
        assertEquals(3, SolveResult.solved("dlr", 3).withStepLimit(2).length());
    }
}
