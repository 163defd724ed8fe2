package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.RankRangeSearch;
import io.puzzleatlas.core.table.RankedSpace;
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
 * contiguous rank range {@code p} and keeps its depth array cached in place between levels
 * (Korf 2008's implicit frontier, spread over executors). A level is one map stage (expand the
 * frontier into sorted, de-duplicated rank blocks per owner) and one zip with the owner's state
 * through an identity partitioner: only primitive blocks are shuffled, never a row per state.
 * The new-state count of a level comes from a reduce over the states, exact under task retries.
 */
final class SparkExplorer {
    private final JavaSparkContext jsc;
    private final ExploreSpec spec;
    private final ExploreCheckpoints checkpoints;
    private final int checkpointEvery;
    private final LevelLog log;

    SparkExplorer(JavaSparkContext jsc, ExploreSpec spec, ExploreCheckpoints checkpoints, int checkpointEvery, LevelLog log) {
        this.jsc = jsc;
        this.spec = spec;
        this.checkpoints = checkpoints;
        this.checkpointEvery = checkpointEvery;
        this.log = log;
    }

    /**
     * Runs the search (from the latest checkpoint with {@code resume}) and writes the distances;
     * returns null when it stopped after {@code maxLevels} levels, leaving a checkpoint to resume.
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
        while (true) {
            RankRangeSearch.checkLevel(level);
            jsc.setLocalProperty(StageMetrics.STEP, "level " + (level + 1));
            JavaPairRDD<Integer, byte[]> blocks = states
                    .mapPartitionsToPair(new FrontierExpansion(spec, layout, level))
                    .partitionBy(new IdentityPartitioner(layout.parts()));
            JavaRDD<RangeState> next = states.zipPartitions(blocks, new LevelMerge(level + 1))
                    .persist(StorageLevel.MEMORY_ONLY());
            long fresh = next.map(RangeState::fresh).reduce(Long::sum);
            states.unpersist(false);
            states = next;
            level++;
            if (fresh == 0) {
                break;
            }
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
            if (level % checkpointEvery == 0) {
                JavaRDD<RangeState> reloaded = checkpoints.save(states, spec, layout, level, histogram);
                states.unpersist(false);
                states = reloaded;
                FaultSeam.driver("explore-checkpoint-" + level);
            }
        }
        jsc.setLocalProperty(StageMetrics.STEP, "distances");
        HadoopConf conf = new HadoopConf(jsc.hadoopConfiguration());
        ExploreSpec withSpec = withStates ? spec : null;
        long rows = states.map(s -> DistanceFiles.write(conf.get(), new Path(distances, DistanceFiles.fileName(s.part())),
                s.lo(), s.depth(), withSpec)).reduce(Long::sum);
        states.unpersist(false);
        jsc.setLocalProperty(StageMetrics.STEP, null);
        checkpoints.clear();
        return new ExploreOutcome("spark", histogram.stream().mapToLong(Long::longValue).toArray(), rows);
    }

    private JavaRDD<RangeState> initial(RangeLayout layout, long goalRank) {
        List<Integer> parts = IntStream.range(0, layout.parts()).boxed().collect(Collectors.toList());
        JavaRDD<RangeState> states = jsc.parallelize(parts, layout.parts()).map(p -> {
            byte[] depth = RankRangeSearch.newRange(layout.length(p));
            long lo = layout.lo(p);
            if (goalRank >= lo && goalRank < lo + depth.length) {
                depth[(int) (goalRank - lo)] = 0;
            }
            return new RangeState(p, lo, depth, p == layout.owner(goalRank) ? 1 : 0);
        }).persist(StorageLevel.MEMORY_ONLY());
        states.count();
        return states;
    }
}
