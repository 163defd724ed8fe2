package io.puzzleatlas.core.heuristic;

import io.puzzleatlas.core.sliding.AdditivePatternHeuristic;
import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Small pattern databases built in memory once per test JVM. */
public final class PdbTestTables {
    private static final Map<String, AdditivePatternHeuristic> HEURISTICS = new ConcurrentHashMap<>();
    private static final Map<String, PatternDatabase> TABLES = new ConcurrentHashMap<>();

    private PdbTestTables() {}

    /** The heuristic of {@code partition} for the goal class of {@code goalBlank}, built on 2 threads. */
    public static AdditivePatternHeuristic heuristic(SlidingPuzzle puzzle, int goalBlank, String partition) {
        return heuristic(puzzle, goalBlank, partition, false);
    }

    /** The same, with the dual lookups when {@code duals}. */
    public static AdditivePatternHeuristic heuristic(
            SlidingPuzzle puzzle, int goalBlank, String partition, boolean duals) {
        return HEURISTICS.computeIfAbsent(puzzle.name() + "/" + goalBlank + "/" + partition + "/" + duals, k -> {
            Partition p = Partition.parse(partition, puzzle, goalBlank);
            return new AdditivePatternHeuristic(
                    puzzle, goalBlank, p, (tiles, start) -> table(puzzle, goalBlank, start, tiles), duals);
        });
    }

    /** A pattern database built in memory once per test JVM. */
    public static PatternDatabase table(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles) {
        return TABLES.computeIfAbsent(
                puzzle.name() + "/" + goalBlank + "/" + startCell + "/" + Arrays.toString(tiles),
                k -> new PatternDatabaseBuilder(puzzle, goalBlank, startCell, tiles, 2).build());
    }
}
