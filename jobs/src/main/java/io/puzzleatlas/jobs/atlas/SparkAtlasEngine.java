package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.kind.SplitCensus;
import io.puzzleatlas.core.kind.SplitCensusKind;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;

/**
 * The atlas on Spark. The rotation game's full-space census is spread over executors: its work units (colour-1 masks,
 * one per symmetry orbit) are cut into many small ranges, each task asks the per-JVM census engine (its 735,471-entry
 * table built once per executor) for its range and returns primitive arrays, and the driver merges them. Sliding spaces
 * and the magic board run in the driver with the in-core engine: their two-bit search beats a level-by-level Spark job
 * on one machine; {@code explore --engine spark} is their distributed search.
 */
public final class SparkAtlasEngine implements AtlasEngine {
    /** Ranges per core: hard ranges (masks far from the centre) take longer, so cut finely. */
    private static final int RANGES_PER_CORE = 16;

    private final JavaSparkContext context;
    private final InCoreAtlasEngine local = new InCoreAtlasEngine();

    public SparkAtlasEngine(JavaSparkContext context) {
        this.context = context;
    }

    @Override
    public List<AtlasSpace> compute(PuzzleHandle puzzle, String goal, int threads) {
        SplitCensus census = puzzle.kind() instanceof SplitCensusKind k ? k.splitCensus(puzzle.puzzle(), goal) : null;
        if (census == null) {
            return local.compute(puzzle, goal, threads);
        }
        int units = census.unitCount();
        int ranges = Math.min(units, Math.max(1, context.defaultParallelism()) * RANGES_PER_CORE);
        List<Integer> indices = IntStream.range(0, ranges).boxed().toList();
        List<long[]> parts = context.parallelize(indices, ranges)
                .map(new CensusTask(census, units, ranges))
                .collect();
        return InCoreAtlasEngine.spaces(puzzle, census.finish(parts));
    }

    /** One range of census units on an executor. */
    private static final class CensusTask implements Function<Integer, long[]> {
        private static final long serialVersionUID = 1L;
        private final SplitCensus census;
        private final int units;
        private final int ranges;

        CensusTask(SplitCensus census, int units, int ranges) {
            this.census = census;
            this.units = units;
            this.ranges = ranges;
        }

        @Override
        public long[] call(Integer range) {
            int from = (int) ((long) units * range / ranges);
            int to = (int) ((long) units * (range + 1) / ranges);
            return census.part(from, to);
        }
    }
}
