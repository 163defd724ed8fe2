package io.puzzleatlas.bench;

import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.magic.MagicBoard;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.sliding.SlidingIdaStar;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The solver core's speed on one thread, under JMH (docs/benchmarks.md): distance-table builds (the one breadth-first
 * engine, space set-up included), table-descent solves per second, and IDA* nodes per second on the 15-puzzle. Run
 * after {@code mvn -q package -DskipTests}: {@code java -jar benchmarks/target/benchmarks.jar CoreJmh} (JMH's options
 * follow, e.g. {@code -f 1 -wi 3 -i 5}).
 */
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class CoreJmh {

    /** A puzzle's distance table built from nothing: its ranked space (move tables too) and the search. */
    @State(Scope.Benchmark)
    public static class Tables {
        @Param({"eight-puzzle", "magic-board", "rotation-game", "pocket-cube", "pocket-cube-qtm"})
        public String puzzle;

        Puzzle p;

        @Setup
        public void setUp() {
            p = PuzzleRegistry.puzzle(puzzle);
        }

        RankedSpace space() {
            return PuzzleRegistry.kind(p).space(p, p.defaultGoal());
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public long tableBuild(Tables t) {
        return BreadthFirstTableBuilder.build(t.space()).reached();
    }

    /** 100,000 boards of a table-driven puzzle (its solver's table built in set-up), solved by descent. */
    @State(Scope.Benchmark)
    public static class Descent {
        static final int BOARDS = 100_000;

        @Param({"eight-puzzle", "magic-board", "rotation-game", "pocket-cube"})
        public String puzzle;

        PuzzleSolver solver;
        long[] starts = new long[BOARDS];
        long[] goals = new long[BOARDS];

        @Setup
        public void setUp() {
            Puzzle p = PuzzleRegistry.puzzle(puzzle);
            solver = Solvers.create(p);
            SplittableRandom random = new SplittableRandom(1);
            for (int i = 0; i < BOARDS; i++) {
                if (puzzle.equals("magic-board")) { // the magic board's instances are targets from the start
                    starts[i] = MagicBoard.START;
                    goals[i] = Permutations.unrank(random.nextLong(MagicBoard.STATES), MagicBoard.CELLS);
                } else {
                    starts[i] = p.randomBoard(random, p.defaultGoal());
                    goals[i] = p.defaultGoal();
                }
            }
            solver.solve(starts[0], goals[0], Budget.UNLIMITED); // the table, outside the measurement
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(Descent.BOARDS)
    public long descent(Descent d) {
        long total = 0;
        for (int i = 0; i < Descent.BOARDS; i++) {
            total += d.solver.solve(d.starts[i], d.goals[i], Budget.UNLIMITED).length();
        }
        return total;
    }

    /**
     * Three random 15-puzzle boards (seed 2024) and an IDA* with Manhattan distance, with or without linear conflicts.
     */
    @State(Scope.Benchmark)
    public static class Fifteen {
        @Param({"false", "true"})
        public boolean linearConflict;

        SlidingIdaStar ida;
        long[] boards = new long[3];
        final Budget budget = new Budget(60_000_000, Long.MAX_VALUE);

        @Setup
        public void setUp() {
            SlidingPuzzle p = new SlidingPuzzle(4, 4);
            ida = new SlidingIdaStar(p, 15, linearConflict);
            SplittableRandom random = new SplittableRandom(2024);
            for (int i = 0; i < boards.length; i++) {
                boards[i] = p.randomBoard(random, p.defaultGoal());
            }
        }
    }

    /** Nodes generated, reported by JMH as a rate beside the solves. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nodes {
        public long nodes;

        @Setup(Level.Iteration)
        public void clear() {
            nodes = 0;
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long idaStar(Fifteen f, Nodes n) {
        long total = 0;
        for (long b : f.boards) {
            total += f.ida.solve(b, f.budget).nodes();
        }
        n.nodes += total;
        return total;
    }
}
