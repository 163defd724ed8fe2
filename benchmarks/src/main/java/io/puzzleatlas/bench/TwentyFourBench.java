package io.puzzleatlas.bench;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.sliding.AdditivePatternHeuristic;
import io.puzzleatlas.core.sliding.DuplicatePaths;
import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabaseCache;
import io.puzzleatlas.core.sliding.PdbIdaStar;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.sliding.SlidingTiles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

/**
 * The 24-puzzle benchmark: Korf &amp; Felner's (2002) instances that needed the fewest nodes, solved one after another
 * on one thread with IDA* and the additive pattern databases of a partition (built into the table directory when
 * missing), against the published optimal length and nodes expanded. Run after {@code mvn -o -q package -DskipTests}:
 *
 * <pre>java -Xmx3g -cp solver-core/target/classes:benchmarks/target/classes io.puzzleatlas.bench.TwentyFourBench
 *     [--tables DIR] [--partition korf-felner] [--boards data/korf-felner-24.csv]
 *     [--published data/korf-felner-24-published.csv] [--first N] [--duals] [--duplicates 12]</pre>
 *
 * ({@code --duals}: the dual lookups too; {@code --duplicates N}: refuse duplicate move strings of up to N moves, 2 for
 * the reversals alone.) Each line: instance number, length (published), nodes expanded (published, ratio), nodes
 * generated, wall and CPU seconds of the solving thread (CPU time is the figure on a shared machine), million generated
 * nodes per CPU second.
 */
public final class TwentyFourBench {
    private TwentyFourBench() {}

    public static void main(String[] args) throws Exception {
        Path tables = Paths.get("/tmp/t24");
        String partitionSpec = Partition.KORF_FELNER;
        Path boards = Paths.get("data/korf-felner-24.csv");
        Path published = Paths.get("data/korf-felner-24-published.csv");
        int first = Integer.MAX_VALUE;
        boolean duals = false;
        int duplicateLength = DuplicatePaths.DEFAULT_LENGTH;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--tables" -> tables = Paths.get(args[++i]);
                case "--partition" -> partitionSpec = args[++i];
                case "--boards" -> boards = Paths.get(args[++i]);
                case "--published" -> published = Paths.get(args[++i]);
                case "--first" -> first = Integer.parseInt(args[++i]);
                case "--duals" -> duals = true;
                case "--duplicates" -> duplicateLength = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        SlidingPuzzle puzzle = new SlidingPuzzle(5, 5);
        List<String> rows = Files.readAllLines(boards);
        List<String> facts = Files.readAllLines(published);
        String goalText = rows.get(1).split(",")[1];
        byte[] goal = SlidingTiles.parse(puzzle, goalText);
        int goalBlank = SlidingTiles.blankCell(goal);
        Partition partition = Partition.parse(partitionSpec, puzzle, goalBlank);
        PatternDatabaseCache cache =
                new PatternDatabaseCache(tables, true, Runtime.getRuntime().availableProcessors(), System.err);
        long t0 = System.nanoTime();
        PdbIdaStar search = new PdbIdaStar(
                new AdditivePatternHeuristic(
                        puzzle,
                        goalBlank,
                        partition,
                        (tiles, start) -> cache.get(puzzle, goalBlank, start, tiles, true),
                        duals),
                DuplicatePaths.upTo(duplicateLength));
        System.out.printf(
                Locale.ROOT,
                "partition %s, tables of %s loaded or built in %.1f s%n",
                partition,
                tables,
                (System.nanoTime() - t0) / 1e9);
        System.out.println("number,length,published_length,expanded,published_expanded,ratio,generated,"
                + "wall_s,cpu_s,mnodes_per_cpu_s");
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long[] expanded = new long[1];
        for (int i = 1; i < rows.size() && i <= first; i++) {
            String[] row = rows.get(i).split(",");
            String[] fact = facts.get(i).split(",");
            byte[] start = SlidingTiles.relabel(SlidingTiles.parse(puzzle, row[0]), SlidingTiles.parse(puzzle, row[1]));
            long s0 = System.nanoTime();
            long c0 = cpu.getCurrentThreadCpuTime();
            SolveResult r = search.solve(start, Budget.UNLIMITED, expanded);
            double seconds = (System.nanoTime() - s0) / 1e9;
            double cpuSeconds = (cpu.getCurrentThreadCpuTime() - c0) / 1e9;
            long theirs = Long.parseLong(fact[2]);
            System.out.printf(
                    Locale.ROOT,
                    "%s,%d,%s,%d,%d,%.3f,%d,%.1f,%.1f,%.2f%n",
                    fact[0],
                    r.length(),
                    fact[1],
                    expanded[0],
                    theirs,
                    expanded[0] / (double) theirs,
                    r.nodes(),
                    seconds,
                    cpuSeconds,
                    r.nodes() / cpuSeconds / 1e6);
            if (r.length() != Integer.parseInt(fact[1])) {
                throw new IllegalStateException(
                        "instance " + fact[0] + ": length " + r.length() + ", published " + fact[1]);
            }
        }
    }
}
