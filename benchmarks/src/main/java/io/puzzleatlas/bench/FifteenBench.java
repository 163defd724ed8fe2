package io.puzzleatlas.bench;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.core.sliding.AdditivePatternHeuristic;
import io.puzzleatlas.core.sliding.DuplicatePaths;
import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.PatternDatabaseCache;
import io.puzzleatlas.core.sliding.PatternDatabaseFile;
import io.puzzleatlas.core.sliding.PdbIdaStar;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.TableFile;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The 15-puzzle benchmark: builds (with {@code --rebuild}, or when missing) and times the pattern databases of a
 * partition, with peak heap and file sizes; loads them from the cache; then solves every board of a CSV on N threads
 * and reports solve time and nodes per board (compare Korf &amp; Felner 2002). Run after {@code mvn -pl solver-core
 * compile}:
 *
 * <pre>java -Xmx4g -cp solver-core/target/classes:benchmarks/target/classes io.puzzleatlas.bench.FifteenBench
 *     [--tables DIR] [--partition 7-8] [--boards data/fifteen-100.csv] [--threads 2] [--rebuild] [--rounds 2]
 *     [--duals] [--duplicates 12]</pre>
 *
 * ({@code --duals}: the dual lookups too; {@code --duplicates N}: refuse duplicate move strings of up to N moves, 2 for
 * the reversals alone.)
 */
public final class FifteenBench {
    private FifteenBench() {}

    public static void main(String[] args) throws Exception {
        Path tables = SolverSettings.defaultDirectory();
        String partitionSpec = "7-8";
        Path boards = Paths.get(FifteenBoards.FILE);
        int threads = 2;
        int rounds = 2;
        boolean rebuild = false;
        boolean duals = false;
        int duplicateLength = DuplicatePaths.DEFAULT_LENGTH;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--tables" -> tables = Paths.get(args[++i]);
                case "--partition" -> partitionSpec = args[++i];
                case "--boards" -> boards = Paths.get(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--rebuild" -> rebuild = true;
                case "--duals" -> duals = true;
                case "--duplicates" -> duplicateLength = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        int goalBlank = 15;
        Partition partition = Partition.parse(partitionSpec, puzzle, goalBlank);
        PatternDatabaseCache writer = new PatternDatabaseCache(tables, true, threads, System.out);
        for (int[] tiles : partition.patterns()) {
            Path file = writer.file(puzzle, goalBlank, tiles);
            if (rebuild || !Files.exists(file)) {
                build(puzzle, goalBlank, tiles, threads, file);
            }
        }
        PatternDatabaseCache cache = new PatternDatabaseCache(tables, false, threads, System.out);
        long t0 = System.nanoTime();
        AdditivePatternHeuristic heuristic = new AdditivePatternHeuristic(
                puzzle,
                goalBlank,
                partition,
                (tiles, start) -> writer.get(puzzle, goalBlank, start, tiles, true),
                duals);
        System.out.printf("loaded %s from %s in %.2f s%n", partition, tables, (System.nanoTime() - t0) / 1e9);
        List<String> starts = FifteenBoards.read(boards);
        DuplicatePaths duplicates = DuplicatePaths.upTo(duplicateLength);
        PdbIdaStar search = new PdbIdaStar(heuristic, duplicates);
        System.out.println(duplicates);
        for (int round = 1; round <= rounds; round++) {
            solveAll(puzzle, search, starts, threads, round);
        }
    }

    private static void build(SlidingPuzzle puzzle, int goalBlank, int[] tiles, int threads, Path file)
            throws IOException {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        long t0 = System.nanoTime();
        PatternDatabase pdb = new PatternDatabaseBuilder(puzzle, goalBlank, tiles, threads).build();
        double seconds = (System.nanoTime() - t0) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        TableFile.write(file, PatternDatabaseFile.key(pdb, puzzle.name()), PatternDatabaseFile.codec(pdb), pdb);
        System.out.printf(
                "built pattern %s: %,d entries in %.1f s on %d threads, peak heap %,d MB, file %,d bytes%n",
                Arrays.toString(tiles), pdb.entries(), seconds, threads, peak >> 20, Files.size(file));
    }

    private static void solveAll(SlidingPuzzle puzzle, PdbIdaStar search, List<String> starts, int threads, int round)
            throws Exception {
        SolveResult[] results = new SolveResult[starts.size()];
        long[] micros = new long[starts.size()];
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        long t0 = System.nanoTime();
        Future<?>[] workers = new Future<?>[threads];
        for (int t = 0; t < threads; t++) {
            workers[t] = pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < starts.size(); i = next.getAndIncrement()) {
                    long s = System.nanoTime();
                    results[i] = search.solve(puzzle.parse(starts.get(i)), Budget.UNLIMITED);
                    micros[i] = (System.nanoTime() - s) / 1000;
                }
            });
        }
        for (Future<?> w : workers) {
            w.get();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        long nodes = 0;
        long length = 0;
        long slowest = 0;
        for (int i = 0; i < results.length; i++) {
            if (results[i].status() != Status.SOLVED
                    || puzzle.replay(puzzle.parse(starts.get(i)), results[i].moves()) != puzzle.defaultGoal()) {
                throw new IllegalStateException("board " + i + " not solved: " + results[i]);
            }
            nodes += results[i].nodes();
            length += results[i].length();
            slowest = Math.max(slowest, micros[i]);
        }
        int n = results.length;
        System.out.printf(
                "round %d: %d boards on %d threads in %.2f s; mean length %.2f; nodes total %,d, mean %,d per "
                        + "board; %.1f M nodes/s; slowest board %.2f s%n",
                round,
                n,
                threads,
                seconds,
                length / (double) n,
                nodes,
                nodes / n,
                nodes / seconds / 1e6,
                slowest / 1e6);
    }
}
