package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.StageMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

/**
 * The Spark engine: a level-by-level breadth-first search where partition {@code p} owns the
 * contiguous rank range {@code p} and keeps its two-bit codes ({@link TwoBitLevel}, the encoding
 * of the in-core search) cached in place between levels: Korf 2008's implicit frontier, spread
 * over executors. A level is one map stage (scan the frontier, write its distance rows, expand it
 * into sorted, de-duplicated rank blocks per owner) and one zip with the owner's state through an
 * identity partitioner: only primitive blocks are shuffled, never a row per state. The new-state
 * count of a level comes from a reduce over the states, exact under task retries.
 *
 * <p>Distances are streamed: each level's rows are written while it is the frontier, one file per
 * range and level, under the checkpoint directory (so a resumed run keeps the levels written
 * before), and moved into the job's staged {@code distances/} at the end.
 */
final class SparkExplorer {
    /** Deepest states collected at most. */
    static final int DEEPEST_CAP = 1 << 16;
    private final JavaSparkContext jsc;
    private final ExploreSpec spec;
    private final ExploreCheckpoints checkpoints;
    /** Levels between checkpoints, or null: a checkpoint once {@code checkpointMinutes} have passed. */
    private final Integer checkpointEvery;
    private final double checkpointMinutes;
    private final LevelLog log;

    SparkExplorer(JavaSparkContext jsc, ExploreSpec spec, ExploreCheckpoints checkpoints, Integer checkpointEvery,
            double checkpointMinutes, LevelLog log) {
        this.jsc = jsc;
        this.spec = spec;
        this.checkpoints = checkpoints;
        this.checkpointEvery = checkpointEvery;
        this.checkpointMinutes = checkpointMinutes;
        this.log = log;
    }

    /**
     * Runs the search (from the latest checkpoint with {@code resume}) and writes the distances to
     * {@code distances} (null: histogram only); returns null when it stopped after {@code maxLevels}
     * levels, leaving a checkpoint to resume.
     */
    ExploreOutcome run(int requestedParts, boolean resume, int maxLevels, Path distances, boolean withStates) {
        RankedSpace space = spec.space();
        Optional<ExploreCheckpoints.Checkpoint> from = resume ? checkpoints.latest(spec, space.size()) : Optional.empty();
        if (resume && from.isEmpty()) {
            log.note("no checkpoint of this puzzle and goal in " + checkpoints.dir() + "; starting from depth 0");
        }
        if (!resume) {
            checkpoints.clear();
        }
        RangeLayout layout = new RangeLayout(space.size(), from.map(ExploreCheckpoints.Checkpoint::parts).orElse(requestedParts));
        Path streamed = distances == null ? null : checkpoints.distances();
        HadoopConf conf = new HadoopConf(jsc.hadoopConfiguration());
        List<Long> histogram;
        JavaRDD<RangeState> states;
        int level;
        if (from.isPresent()) {
            histogram = new ArrayList<>(from.get().histogram());
            level = from.get().level();
            checkpoints.verify(from.get(), layout);
            states = checkpoints.load(from.get(), layout);
            log.note(String.format("resumed from %s: %d levels done, %,d partitions", from.get().path(), level, layout.parts()));
        } else {
            histogram = new ArrayList<>(List.of(1L));
            level = 0;
            states = initial(layout, space.rank(space.goal()));
            log.level(0, 1, 1);
        }
        long total = histogram.stream().mapToLong(Long::longValue).sum();
        long lastCheckpoint = System.nanoTime();
        while (true) {
            jsc.setLocalProperty(StageMetrics.STEP, "level " + (level + 1));
            JavaPairRDD<Integer, byte[]> blocks = states
                    .mapPartitionsToPair(new FrontierExpansion(spec, layout, level, streamed, withStates, conf))
                    .partitionBy(new IdentityPartitioner(layout.parts()));
            JavaRDD<RangeState> next = states.zipPartitions(blocks, new LevelMerge(level))
                    .persist(StorageLevel.MEMORY_ONLY());
            long fresh = next.map(RangeState::fresh).reduce(Long::sum);
            if (fresh == 0) {
                next.unpersist(false);
                break; // states holds the last level as its frontier
            }
            states.unpersist(false);
            states = next;
            level++;
            histogram.add(fresh);
            total += fresh;
            log.level(level, fresh, total);
            if (level >= maxLevels) {
                checkpoints.save(states, spec, layout, level, histogram);
                states.unpersist(false);
                log.note(String.format("stopped after %d levels; checkpoint in %s, continue with --resume", level,
                        checkpoints.dir()));
                return null;
            }
            if (checkpointEvery != null ? level % checkpointEvery == 0
                    : System.nanoTime() - lastCheckpoint >= checkpointMinutes * 60e9) {
                JavaRDD<RangeState> reloaded = checkpoints.save(states, spec, layout, level, histogram);
                states.unpersist(false);
                states = reloaded;
                lastCheckpoint = System.nanoTime();
                FaultSeam.driver("explore-checkpoint-" + level);
            }
        }
        jsc.setLocalProperty(StageMetrics.STEP, "deepest");
        int last = level;
        List<Long> deepest = new ArrayList<>(states.flatMap(s -> {
            List<Long> ranks = new ArrayList<>();
            TwoBitLevel.forEachFrontier(s.words(), 0, s.words().length, s.lo(), last, r -> {
                if (ranks.size() < DEEPEST_CAP) {
                    ranks.add(r);
                }
            });
            return ranks.iterator();
        }).takeOrdered(DEEPEST_CAP));
        states.unpersist(false);
        jsc.setLocalProperty(StageMetrics.STEP, null);
        long rows = 0;
        if (distances != null) {
            rows = DistanceFiles.moveInto(jsc.hadoopConfiguration(), streamed, distances);
        }
        checkpoints.clear();
        return new ExploreOutcome("spark", histogram.stream().mapToLong(Long::longValue).toArray(), rows,
                deepest.stream().mapToLong(Long::longValue).toArray());
    }

    private JavaRDD<RangeState> initial(RangeLayout layout, long goalRank) {
        List<Integer> parts = IntStream.range(0, layout.parts()).boxed().collect(Collectors.toList());
        JavaRDD<RangeState> states = jsc.parallelize(parts, layout.parts()).map(p -> {
            long[] words = new long[(int) TwoBitLevel.words(layout.length(p))];
            long lo = layout.lo(p);
            boolean[] chunks = new boolean[TwoBitLevel.chunks(words.length)];
            if (p == layout.owner(goalRank)) {
                TwoBitLevel.set(words, goalRank - lo, TwoBitLevel.frontierCode(0));
                chunks[(int) ((goalRank - lo) >>> TwoBitLevel.CHUNK_RANK_BITS)] = true;
            }
            return new RangeState(p, lo, words, p == layout.owner(goalRank) ? 1 : 0, chunks);
        }).persist(StorageLevel.MEMORY_ONLY());
        states.count();
        return states;
    }
}
