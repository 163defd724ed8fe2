package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.LongList;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.SmallLevels;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.StageMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
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
     * Runs the search (from the latest checkpoint with {@code resume}; else its first levels in
     * the driver until {@code startStates} states are reached, {@link SmallLevels}) and writes the
     * distances to {@code distances} (null: histogram only); returns null when it stopped after
     * {@code maxLevels} levels, leaving a checkpoint to resume.
     */
    ExploreOutcome run(int requestedParts, boolean resume, int maxLevels, long startStates, Path distances, boolean withStates) {
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
            // the first levels, while small, in the driver (a level of Spark tasks costs about 0.1-0.2 s however little it holds)
            List<long[]> first = SmallLevels.first(space.rank(space.goal()), spec.ranker(), startStates, maxLevels - 1);
            histogram = new ArrayList<>();
            long reached = 0;
            for (long[] ranks : first) {
                histogram.add((long) ranks.length);
                reached += ranks.length;
                log.level(histogram.size() - 1, ranks.length, reached);
            }
            level = first.size() - 1;
            if (streamed != null && level > 0) {
                writeLevels(first.subList(0, level), 0, streamed, withStates);
            }
            states = seeded(layout, first);
            if (level > 0) {
                log.note(String.format("levels 0 to %d searched in the driver (%,d states); the ranges take over", level, reached));
            }
        }
        long total = histogram.stream().mapToLong(Long::longValue).sum();
        long lastCheckpoint = System.nanoTime();
        // a space whose moves can all be undone ends in the driver too (no level limit to stop at)
        boolean endInDriver = space.reversible() && maxLevels == Integer.MAX_VALUE;
        while (true) {
            // past the widest level, with the frontier small: take it, expand it once more here, take
            // the next level, and search the rest in the driver from those two (SmallLevels.last)
            long[] taken = endInDriver && level >= 1 && histogram.get(level) < histogram.get(level - 1)
                    && 2 * histogram.get(level) <= startStates ? frontier(states, level, Integer.MAX_VALUE) : null;
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
            if (taken != null) {
                List<long[]> tail = new ArrayList<>(List.of(frontier(states, level, Integer.MAX_VALUE)));
                states.unpersist(false);
                int handedOver = level;
                tail.addAll(SmallLevels.last(taken, tail.get(0), spec.ranker()));
                for (long[] ranks : tail.subList(1, tail.size())) {
                    level++;
                    histogram.add((long) ranks.length);
                    total += ranks.length;
                    log.level(level, ranks.length, total);
                }
                log.note(String.format("levels %d to %d searched in the driver", handedOver + 1, level));
                if (streamed != null) {
                    writeLevels(tail, handedOver, streamed, withStates);
                }
                long[] deepest = tail.get(tail.size() - 1);
                jsc.setLocalProperty(StageMetrics.STEP, null);
                return finish(histogram, Arrays.copyOf(deepest, Math.min(deepest.length, DEEPEST_CAP)), streamed,
                        distances);
            }
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
        long[] deepest = frontier(states, level, DEEPEST_CAP);
        states.unpersist(false);
        jsc.setLocalProperty(StageMetrics.STEP, null);
        return finish(histogram, deepest, streamed, distances);
    }

    /** The end of a search: the streamed distances moved into place, the checkpoints dropped. */
    private ExploreOutcome finish(List<Long> histogram, long[] deepest, Path streamed, Path distances) {
        long rows = 0;
        if (distances != null) {
            rows = DistanceFiles.moveInto(jsc.hadoopConfiguration(), streamed, distances);
        }
        checkpoints.clear();
        return new ExploreOutcome("spark", histogram.stream().mapToLong(Long::longValue).toArray(), rows, deepest);
    }

    /**
     * The first {@code cap} ranks of the frontier of {@code level}, ascending: the ranges are in
     * rank order and each is scanned in order, so each range sends at most {@code cap}.
     */
    private static long[] frontier(JavaRDD<RangeState> states, int level, int cap) {
        List<long[]> parts = states.map(s -> {
            LongList ranks = new LongList();
            TwoBitLevel.forEachFrontier(s.words(), 0, s.words().length, s.lo(), level, r -> {
                if (ranks.size() < cap) {
                    ranks.add(r);
                }
            });
            return ranks.toArray();
        }).collect();
        return parts.stream().flatMapToLong(Arrays::stream).limit(cap).toArray();
    }

    /**
     * The ranges holding the driver's first levels: the last one, L, as the frontier of level L,
     * every earlier one expanded. Each task gets its range's ranks only.
     */
    private JavaRDD<RangeState> seeded(RangeLayout layout, List<long[]> levels) {
        int last = levels.size() - 1;
        // [part][0]: the expanded ranks, [part][1]: the frontier's; one pass over the levels
        LongList[][] lists = new LongList[layout.parts()][2];
        for (LongList[] part : lists) {
            part[0] = new LongList();
            part[1] = new LongList();
        }
        for (int d = 0; d <= last; d++) {
            for (long r : levels.get(d)) {
                lists[layout.owner(r)][d == last ? 1 : 0].add(r);
            }
        }
        long[][][] byPart = new long[layout.parts()][][];
        for (int p = 0; p < layout.parts(); p++) {
            byPart[p] = new long[][] {lists[p][0].toArray(), lists[p][1].toArray()};
        }
        // broadcast, not captured: a captured array would travel in the task binary of every later level
        Broadcast<long[][][]> seeds = jsc.broadcast(byPart);
        List<Integer> parts = IntStream.range(0, layout.parts()).boxed().collect(Collectors.toList());
        JavaRDD<RangeState> states = jsc.parallelize(parts, layout.parts()).map(p -> {
            long[] words = new long[(int) TwoBitLevel.words(layout.length(p))];
            long lo = layout.lo(p);
            boolean[] chunks = new boolean[TwoBitLevel.chunks(words.length)];
            long[][] seed = seeds.value()[p];
            for (long r : seed[0]) {
                TwoBitLevel.set(words, r - lo, TwoBitLevel.EXPANDED);
            }
            for (long r : seed[1]) {
                TwoBitLevel.set(words, r - lo, TwoBitLevel.frontierCode(last));
                chunks[(int) ((r - lo) >>> TwoBitLevel.CHUNK_RANK_BITS)] = true;
            }
            return new RangeState(p, lo, words, seed[1].length, chunks);
        }).persist(StorageLevel.MEMORY_ONLY());
        states.count();
        seeds.unpersist(false); // the driver keeps it, should a lost range be recomputed
        return states;
    }

    /** The distance rows of levels searched in the driver, from depth {@code depth} on: one file, in (depth, rank) order. */
    private void writeLevels(List<long[]> levels, int depth, Path streamed, boolean withStates) {
        Path file = new Path(streamed, DistanceFiles.levelsName(depth, depth + levels.size() - 1));
        try (DistanceFiles.Writer rows = DistanceFiles.writer(jsc.hadoopConfiguration(), file, withStates ? spec : null)) {
            for (int i = 0; i < levels.size(); i++) {
                for (long r : levels.get(i)) {
                    rows.add(r, depth + i);
                }
            }
        }
    }
}
