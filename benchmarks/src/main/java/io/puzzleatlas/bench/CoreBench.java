package io.puzzleatlas.bench;

import io.puzzleatlas.core.magic.MagicBoardSolver;
import io.puzzleatlas.core.magic.MagicBoardSpace;
import io.puzzleatlas.core.rotation.RotationAbstractSpace;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.rotation.RotationGameSolver;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.sliding.SlidingGoalSpace;
import io.puzzleatlas.core.sliding.SlidingIdaStar;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingSolver;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.RankedSpace;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * The core's speed figures on one thread: table build times, table-descent solves per second,
 * IDA* nodes per second. Each figure is the median of several timed runs after warm-up runs.
 * Run: {@code java -cp solver-core/target/classes:benchmarks/target/classes io.puzzleatlas.bench.CoreBench} (or this class's main).
 */
public final class CoreBench {
    private final PrintStream out;
    private final int runs;
    private long sink;

    public CoreBench(PrintStream out, int runs) {
        this.out = out;
        this.runs = runs;
    }

    public static void main(String[] args) {
        new CoreBench(System.out, args.length > 0 ? Integer.parseInt(args[0]) : 7).run();
    }

    public void run() {
        out.printf("Puzzle Atlas core benchmark: one thread, median of %d runs after warm-up (%s, %d cores)%n",
                runs, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        tableBuild("eight-puzzle table (181,440 states)", SlidingGoalSpace.canonical(new SlidingPuzzle(3, 3), 8));
        tableBuild("magic-board table (40,320 states)", new MagicBoardSpace());
        tableBuild("rotation-game abstraction (735,471 states)", new RotationAbstractSpace());
        eightPuzzleDescent();
        rotationDescent();
        magicBoardDescent();
        idaStar(false);
        idaStar(true);
        out.println("sink " + (sink & 1));
    }

    private double medianMillis(LongSupplier work) {
        for (int i = 0; i < Math.max(3, runs / 2); i++) {
            sink += work.getAsLong();
        }
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            sink += work.getAsLong();
            t[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(t);
        return t[runs / 2];
    }

    private void tableBuild(String label, RankedSpace space) {
        double ms = medianMillis(() -> BreadthFirstTableBuilder.build(space).reached());
        out.printf("  build %-45s %8.1f ms%n", label, ms);
    }

    private void eightPuzzleDescent() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SlidingSolver solver = new SlidingSolver(p);
        long goal = p.defaultGoal();
        long count = p.boardCount();
        double ms = medianMillis(() -> {
            long total = 0;
            for (long i = 0; i < count; i++) {
                total += solver.solve(p.board(i, goal), goal, Budget.UNLIMITED).length();
            }
            return total;
        });
        out.printf("  solve all %,d eight-puzzle boards (descent)        %8.1f ms = %,.0f solves/s%n",
                count, ms, count / (ms / 1000));
    }

    private void rotationDescent() {
        RotationGame game = new RotationGame();
        RotationGameSolver solver = new RotationGameSolver();
        SplittableRandom random = new SplittableRandom(1);
        long[] boards = new long[200_000];
        for (int i = 0; i < boards.length; i++) {
            boards[i] = game.randomBoard(random, -1);
        }
        double ms = medianMillis(() -> {
            long total = 0;
            for (long b : boards) {
                total += solver.solve(b, -1, Budget.UNLIMITED).length();
            }
            return total;
        });
        out.printf("  solve %,d random rotation-game boards (descent)  %8.1f ms = %,.0f solves/s%n",
                boards.length, ms, boards.length / (ms / 1000));
    }

    private void magicBoardDescent() {
        MagicBoardSolver solver = new MagicBoardSolver();
        long count = 40_320;
        double ms = medianMillis(() -> {
            long total = 0;
            for (long i = 0; i < count; i++) {
                total += solver.solve(io.puzzleatlas.core.magic.MagicBoard.START,
                        io.puzzleatlas.core.encoding.Permutations.unrank(i, 8), Budget.UNLIMITED).length();
            }
            return total;
        });
        out.printf("  solve all %,d magic-board targets (descent)         %8.1f ms = %,.0f solves/s%n",
                count, ms, count / (ms / 1000));
    }

    private void idaStar(boolean linearConflict) {
        SlidingPuzzle p = new SlidingPuzzle(4, 4);
        SlidingIdaStar ida = new SlidingIdaStar(p, 15, linearConflict);
        SplittableRandom random = new SplittableRandom(2024);
        long[] boards = new long[3];
        for (int i = 0; i < boards.length; i++) {
            boards[i] = p.randomBoard(random, p.defaultGoal());
        }
        Budget budget = new Budget(60_000_000, Long.MAX_VALUE);
        long[] nodes = new long[1];
        double ms = medianMillis(() -> {
            long n = 0;
            for (long b : boards) {
                SolveResult r = ida.solve(b, budget);
                n += r.nodes();
            }
            nodes[0] = n;
            return n;
        });
        out.printf("  IDA* fifteen-puzzle, %-24s %,d nodes in %8.1f ms = %,.1f M nodes/s%n",
                linearConflict ? "Manhattan + linear conflict" : "Manhattan", nodes[0], ms, nodes[0] / (ms * 1000));
    }
}
