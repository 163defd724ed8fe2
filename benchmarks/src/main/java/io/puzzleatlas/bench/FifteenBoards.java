package io.puzzleatlas.bench;

import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates {@code data/fifteen-100.csv}: uniformly random 4x4 boards from which the default goal is reachable
 * ({@link SlidingPuzzle#randomBoard} with {@code SplittableRandom(SEED)}), one {@code start} column with a header. Run:
 * {@code java -cp solver-core/target/classes:benchmarks/target/classes io.puzzleatlas.bench.FifteenBoards [FILE [COUNT
 * [SEED]]]}.
 */
public final class FifteenBoards {
    /** Seed of the shipped file (the year of Korf &amp; Felner's paper). */
    public static final long SEED = 2002;

    public static final int COUNT = 100;
    public static final String FILE = "data/fifteen-100.csv";

    private FifteenBoards() {}

    /** The CSV lines (header first) of {@code count} random boards from {@code seed}. */
    public static List<String> lines(int count, long seed) {
        SlidingPuzzle puzzle = new SlidingPuzzle(4, 4);
        SplittableRandom random = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>(count + 1);
        lines.add("start");
        for (int i = 0; i < count; i++) {
            lines.add(puzzle.format(puzzle.randomBoard(random, puzzle.defaultGoal())));
        }
        return lines;
    }

    /** Reads the {@code start} column of a CSV written by {@link #lines}. */
    public static List<String> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        if (lines.isEmpty() || !lines.get(0).trim().equals("start")) {
            throw new IOException(file + ": expected a header line 'start'");
        }
        return lines.subList(1, lines.size()).stream().filter(l -> !l.isBlank()).toList();
    }

    public static void main(String[] args) throws IOException {
        Path file = Paths.get(args.length > 0 ? args[0] : FILE);
        int count = args.length > 1 ? Integer.parseInt(args[1]) : COUNT;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : SEED;
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Files.write(file, lines(count, seed), StandardCharsets.US_ASCII);
        System.out.println("wrote " + count + " boards (seed " + seed + ") to " + file);
    }
}
