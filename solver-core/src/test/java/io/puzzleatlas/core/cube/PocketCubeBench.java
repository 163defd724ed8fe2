package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.search.Budget;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The pocket cube's speed figures (docs/pocket-cube.md), a benchmark rather than a test: table
 * builds per metric (move tables and breadth-first search, fresh each run) and table-descent
 * solves per second on one thread. Run after {@code mvn -pl solver-core test-compile}:
 * {@code java -cp solver-core/target/classes:solver-core/target/test-classes io.puzzleatlas.core.cube.PocketCubeBench [runs]}
 */
public final class PocketCubeBench {
    private PocketCubeBench() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        for (boolean quarter : new boolean[] {false, true}) {
            PocketCube cube = new PocketCube(quarter);
            double[] build = new double[runs];
            CubeSolver solver = null;
            for (int r = -1; r < runs; r++) {
                long t0 = System.nanoTime();
                solver = new CubeSolver(cube);
                solver.table();
                if (r >= 0) {
                    build[r] = (System.nanoTime() - t0) / 1e6;
                }
            }
            long[] boards = new long[1_000_000];
            SplittableRandom random = new SplittableRandom(1);
            for (int i = 0; i < boards.length; i++) {
                boards[i] = cube.randomBoard(random, 0);
            }
            double[] rate = new double[runs];
            long sink = 0;
            for (int r = -1; r < runs; r++) {
                long t0 = System.nanoTime();
                for (long b : boards) {
                    sink += solver.solve(b, Cubies.SOLVED, Budget.of(null, null)).length();
                }
                if (r >= 0) {
                    rate[r] = boards.length / ((System.nanoTime() - t0) / 1e9);
                }
            }
            Arrays.sort(build);
            Arrays.sort(rate);
            System.out.printf("%-16s table build %6.1f ms (median of %d; min %.1f)   descent %,10.0f solves/s on one thread (sink %d)%n",
                    cube.name(), build[runs / 2], runs, build[0], rate[runs / 2], sink % 10);
        }
    }
}
