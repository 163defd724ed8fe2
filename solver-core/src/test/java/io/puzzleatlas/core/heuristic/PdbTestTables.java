package io.puzzleatlas.core.heuristic;

import io.puzzleatlas.core.sliding.AdditivePatternHeuristic;
import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Small pattern databases built in memory once per test JVM. */
public final class PdbTestTables {
    private static final Map<String, AdditivePatternHeuristic> HEURISTICS = new ConcurrentHashMap<>();

    private PdbTestTables() {
    }

    /** The heuristic of {@code partition} for the goal class of {@code goalBlank}, built on 2 threads. */
    public static AdditivePatternHeuristic heuristic(SlidingPuzzle puzzle, int goalBlank, String partition) {
        return HEURISTICS.computeIfAbsent(puzzle.name() + "/" + goalBlank + "/" + partition, k -> {
            Partition p = Partition.parse(partition, puzzle, goalBlank);
            return new AdditivePatternHeuristic(puzzle, goalBlank, p, i -> build(puzzle, goalBlank, p.patterns()[i]));
        });
    }

    private static PatternDatabase build(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        return new PatternDatabaseBuilder(puzzle, goalBlank, tiles, 2).build();
    }
}
