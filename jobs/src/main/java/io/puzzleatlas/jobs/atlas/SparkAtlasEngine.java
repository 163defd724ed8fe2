package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.atlas.CensusPart;
import io.puzzleatlas.core.atlas.MaskCensus;
import io.puzzleatlas.core.atlas.RotationCensus;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.puzzle.Puzzles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;

/**
 * The atlas on Spark. The rotation game's full-space census is spread over executors: its work
 * units (colour-1 masks, one per symmetry orbit) are cut into many small ranges, each task asks
 * the per-JVM census engine (its 735,471-entry table built once per executor) for its range and
 * returns primitive arrays, and the driver merges them. Sliding spaces and the magic board run
 * in the driver with the in-core engine: their two-bit search beats a level-by-level Spark job
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
    public List<AtlasSpace> compute(String puzzle, String goal, int threads) {
        if (!Puzzles.byName(puzzle).name().equals("rotation-game")) {
            return local.compute(puzzle, goal, threads);
        }
        if (goal != null) {
            throw new IllegalArgumentException("the rotation game's goal is fixed (a full centre); drop --goal");
        }
        MaskCensus engine = RotationCensus.standard().engine();
        int units = engine.unitCount();
        int ranges = Math.min(units, Math.max(1, context.defaultParallelism()) * RANGES_PER_CORE);
        List<Integer> indices = IntStream.range(0, ranges).boxed().toList();
        List<long[]> encoded = context.parallelize(indices, ranges).map(new CensusTask(units, ranges)).collect();
        List<CensusPart> parts = new ArrayList<>(encoded.size());
        for (long[] e : encoded) {
            parts.add(decode(e));
        }
        RotationCensus.Result r = RotationCensus.finish(engine, parts);
        return List.of(AtlasSpace.of(new SpaceSummary("rotation-game", "rotation-game", r.histogram(), r.deepest()), ""));
    }

    /** One range of census units on an executor; captures two ints. */
    private static final class CensusTask implements Function<Integer, long[]> {
        private static final long serialVersionUID = 1L;
        private final int units;
        private final int ranges;

        CensusTask(int units, int ranges) {
            this.units = units;
            this.ranges = ranges;
        }

        @Override
        public long[] call(Integer range) {
            int from = (int) ((long) units * range / ranges);
            int to = (int) ((long) units * (range + 1) / ranges);
            return encode(RotationCensus.standard().engine().census(from, to));
        }
    }

    /** A part as one long[]: from, to, maxDepth, truncated, histogram length, histogram, deepest. */
    static long[] encode(CensusPart p) {
        long[] h = p.histogram();
        long[] d = p.deepest();
        long[] out = new long[5 + h.length + d.length];
        out[0] = p.fromUnit();
        out[1] = p.toUnit();
        out[2] = p.maxDepth();
        out[3] = p.truncated() ? 1 : 0;
        out[4] = h.length;
        System.arraycopy(h, 0, out, 5, h.length);
        System.arraycopy(d, 0, out, 5 + h.length, d.length);
        return out;
    }

    static CensusPart decode(long[] e) {
        int histogramLength = (int) e[4];
        long[] histogram = Arrays.copyOfRange(e, 5, 5 + histogramLength);
        long[] deepest = Arrays.copyOfRange(e, 5 + histogramLength, e.length);
        return new CensusPart((int) e[0], (int) e[1], histogram, (int) e[2], deepest, e[3] != 0);
    }
}
