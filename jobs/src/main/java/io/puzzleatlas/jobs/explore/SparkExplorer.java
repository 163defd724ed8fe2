package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.SmallLevels;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.OwnSettings;
import io.puzzleatlas.jobs.spark.StageMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SerializableWritable;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.reflect.ClassTag$;

/**
 * The Spark engine: a level-by-level breadth-first search where partition {@code p} owns the contiguous rank range
 * {@code p}, whose two-bit codes ({@code core.table.TwoBitLevel}, the encoding of the in-core search) live in a
 * memory-mapped file on its executor's local disk ({@link RangeFile}, {@link RangeStore}) and are changed in place:
 * Korf 2008's implicit frontier, spread over executors, with executor heap bounded whatever the size of the space. A
 * level scans the frontier, writes its distance rows and expands it ({@link FrontierExpansion}): neighbours in ranges
 * on the task's own host are marked there at once (the executors of a host share the mapped files), the others go as
 * sorted, de-duplicated rank blocks per owner through a shuffle to a merge ({@link LevelMerge}). With every range on
 * one host a level is one stage and nothing is shuffled; between hosts only primitive blocks are, never a row per
 * state.
 *
 * <p>A merge may run again (one that ran before returns its recorded count); an expansion may not, since it retires the
 * frontier as it goes and other tasks' marks meet in the same files. A level that cannot go on (a lost executor took
 * its range files, a task died in an expansion, or a range already expanded is asked to expand again) fails its job;
 * the search then goes back to the last checkpoint (or to its first levels) and searches from there, at most
 * {@value #RECOVERIES} times without a new checkpoint between.
 *
 * <p>Distances are streamed: each level's rows are written while it is the frontier, one file per range and level,
 * under the checkpoint directory (so a resumed run keeps the levels written before); each task reports the files it
 * wrote ({@link DistanceCommit}), and the driver records and publishes exactly those ({@link DistanceCommits}).
 */
final class SparkExplorer {
    /** Deepest states collected at most. */
    static final int DEEPEST_CAP = 1 << 16;
    /** Returns to a checkpoint after failed levels, at most, between two checkpoints. */
    static final int RECOVERIES = 3;
    /**
     * States expanded between two requests for the driver's garbage collection (which lets Spark drop old shuffles).
     */
    static final long GC_EVERY_STATES = 200_000_000L;

    private final JavaSparkContext jsc;
    private final ExploreSpec spec;
    private final ExploreCheckpoints checkpoints;
    /** Levels between checkpoints, or null: a checkpoint once {@code checkpointMinutes} have passed. */
    private final Integer checkpointEvery;

    private final double checkpointMinutes;
    private final LevelLog log;
    private final HadoopConf conf;
    /** Where the tasks write distance files and how they report them (made on first use). */
    private DistanceOutput output;

    // the search under way
    private RangeStore store;
    private List<Long> histogram;
    private int level;
    private long total;
    /** The driver's first levels, kept to start again from when no checkpoint was written yet. */
    private List<long[]> first;

    private ExploreCheckpoints.Checkpoint saved;
    private Path streamed;
    private boolean withStates;
    private long expandedSinceGc;

    SparkExplorer(
            JavaSparkContext jsc,
            ExploreSpec spec,
            ExploreCheckpoints checkpoints,
            Integer checkpointEvery,
            double checkpointMinutes,
            LevelLog log) {
        this.jsc = jsc;
        this.spec = spec;
        this.checkpoints = checkpoints;
        this.checkpointEvery = checkpointEvery;
        this.checkpointMinutes = checkpointMinutes;
        this.log = log;
        this.conf = new HadoopConf(jsc.hadoopConfiguration());
    }

    /**
     * Runs the search (from the latest checkpoint with {@code resume}; else its first levels in the driver until
     * {@code startStates} states are reached, {@link SmallLevels}) and writes the distances to {@code distances} (null:
     * histogram only); returns null when it stopped after {@code maxLevels} levels, leaving a checkpoint to resume.
     */
    ExploreOutcome run(
            int requestedParts, boolean resume, int maxLevels, long startStates, Path distances, boolean withStates) {
        this.streamed = distances == null ? null : checkpoints.distances();
        this.withStates = withStates;
        ExecutorCheck.refuseDynamicAllocation(jsc.getConf().get(ExecutorCheck.DYNAMIC_ALLOCATION, null));
        Runnable waitBack = ExecutorCheck.holdTasksOnTheirHosts(jsc);
        try {
            start(requestedParts, resume, maxLevels, startStates);
            return search(maxLevels, startStates, distances);
        } finally {
            if (store != null) {
                store.drop();
            }
            waitBack.run();
            jsc.setLocalProperty(StageMetrics.STEP, null);
        }
    }

    /** Start or resume: the range files from the latest checkpoint, or from the first levels searched in the driver. */
    private void start(int requestedParts, boolean resume, int maxLevels, long startStates) {
        RankedSpace space = spec.space();
        Optional<ExploreCheckpoints.Checkpoint> from =
                resume ? checkpoints.latest(spec, space.size()) : Optional.empty();
        if (resume && from.isEmpty()) {
            log.note("no checkpoint of this puzzle and goal in " + checkpoints.dir() + "; starting from depth 0");
        }
        RangeLayout layout = new RangeLayout(
                space.size(), from.map(ExploreCheckpoints.Checkpoint::parts).orElse(requestedParts));
        if (from.isPresent()
                && (from.get().span() != layout.span() || from.get().parts() != layout.parts())) {
            throw new RefusedException(String.format(
                    "%s holds %,d ranges of %,d ranks, which this version cannot take "
                            + "(its ranges start on a word of 32 ranks): resume it with the version that wrote "
                            + "it, or start again "
                            + "with --overwrite",
                    from.get().path(), from.get().parts(), from.get().span()));
        }
        store = new RangeStore(jsc, layout);
        // before anything is written: the executors can hold the ranges where they will go
        RangePlacement placement = ExecutorCheck.place(jsc, layout, store.groups());
        log.note("executors checked before the search; range files on " + placement.summary());
        store.place(placement);
        if (!resume) {
            checkpoints.clear();
        }
        if (from.isPresent()) {
            checkpoints.verify(from.get(), store.layout());
            restore(from.get());
            log.note(String.format(
                    "resumed from %s: %d levels done, %,d partitions, ranges on %s%s",
                    from.get().path(),
                    level,
                    store.layout().parts(),
                    hostNames(store.groupHosts()),
                    from.get()
                            .groupHosts()
                            .map(h -> h.equals(store.groupHosts())
                                    ? " as checkpointed"
                                    : " (checkpointed on " + hostNames(h) + ")")
                            .orElse("")));
            return;
        }
        // the first levels, while small, in the driver (a level of Spark tasks costs about 0.1-0.2 s however little it
        // holds)
        first = SmallLevels.first(space.rank(space.goal()), spec.ranker(), startStates, maxLevels - 1);
        long reached = 0;
        for (int d = 0; d < first.size(); d++) {
            reached += first.get(d).length;
            log.level(d, first.get(d).length, reached);
        }
        restart();
        if (streamed != null && level > 0) {
            writeLevels(first.subList(0, level), 0);
        }
        if (level > 0) {
            // the driver stops before an empty level: below its cap it has every state there is
            boolean whole = reached == space.size() || (reached < startStates && level < maxLevels - 1);
            log.note(String.format(
                    "levels 0 to %d searched in the driver (%,d states); %s",
                    level, reached, whole ? "no state is left: the ranges confirm the end" : "the ranges take over"));
        }
    }

    /** The distinct hosts of a comma-separated list, sorted and comma-separated. */
    private static String hostNames(String groupHosts) {
        return String.join(", ", new TreeSet<>(Arrays.asList(groupHosts.split(","))));
    }

    /** The range files from the driver's first levels: the search as it was after them. */
    private void restart() {
        histogram = new ArrayList<>();
        for (long[] ranks : first) {
            histogram.add((long) ranks.length);
        }
        level = first.size() - 1;
        total = histogram.stream().mapToLong(Long::longValue).sum();
        checkpoints.dropDistancesFrom(level);
        store.seed(first);
    }

    /** The range files from a checkpoint: the search as it was then. */
    private void restore(ExploreCheckpoints.Checkpoint checkpoint) {
        saved = checkpoint;
        histogram = new ArrayList<>(checkpoint.histogram());
        level = checkpoint.level();
        total = histogram.stream().mapToLong(Long::longValue).sum();
        checkpoints.dropDistancesFrom(level);
        store.load(conf, checkpoint.path(), level);
    }

    /**
     * The levels on Spark, until no new state is found (or the last ones are handed to the driver, or
     * {@code maxLevels}).
     */
    private ExploreOutcome search(int maxLevels, long startStates, Path distances) {
        long lastCheckpoint = System.nanoTime();
        int failures = 0;
        // a space whose moves can all be undone ends in the driver (no level limit to stop at)
        boolean endInDriver = spec.space().reversible() && maxLevels == Integer.MAX_VALUE;
        LevelBatch.Stop stop =
                new LevelBatch.Stop(maxLevels, checkpointEvery == null ? 0 : checkpointEvery, endInDriver, startStates);
        while (true) {
            // past the widest level, with the frontier small: take it, expand it once more here, take
            // the next level, and search the rest in the driver from those two (SmallLevels.last)
            boolean handOver = endInDriver
                    && level >= 1
                    && histogram.get(level) < histogram.get(level - 1)
                    && 2 * histogram.get(level) <= startStates;
            // [2i]: the states of level + 1 + i, [2i + 1]: its wall nanoseconds (0: not measured apart)
            long[] found;
            long[] taken;
            int slots = 0;
            try {
                taken = handOver ? store.frontier(level, Integer.MAX_VALUE) : null;
                slots = handOver ? 0 : batchSlots();
                found = slots > 0
                        ? levels(
                                slots,
                                stop,
                                checkpointEvery != null
                                        ? Long.MAX_VALUE
                                        : lastCheckpoint + (long) (checkpointMinutes * 60e9) - System.nanoTime())
                        : new long[] {level(), 0};
            } catch (Exception e) { // Spark's job failures are checked SparkExceptions that Java does not see declared
                if (jsc.sc().isStopped()
                        || !(e instanceof SparkException || e instanceof StaleRangeException)
                        || ++failures > RECOVERIES) {
                    throw e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
                }
                recover(e, slots > 0 ? "the levels from " + (level + 1) : "level " + (level + 1));
                continue;
            }
            for (int i = 0; i < found.length; i += 2) {
                if (found[i] == 0) {
                    jsc.setLocalProperty(StageMetrics.STEP, "deepest");
                    return finish(store.lastFrontier(DEEPEST_CAP), distances);
                }
                level++;
                histogram.add(found[i]);
                total += found[i];
                log.level(level, found[i], total, found[i + 1] / 1e9);
            }
            if (taken != null) {
                return endInDriver(taken, distances);
            }
            if (level >= maxLevels) {
                checkpoint();
                log.note(String.format(
                        "stopped after %d levels; checkpoint in %s, continue with --resume", level, checkpoints.dir()));
                return null;
            }
            if (checkpointEvery != null
                    ? level % checkpointEvery == 0
                    : System.nanoTime() - lastCheckpoint >= checkpointMinutes * 60e9) {
                checkpoint();
                failures = 0;
                lastCheckpoint = System.nanoTime();
                FaultSeam.driver("explore-checkpoint-" + level);
            }
        }
    }

    /**
     * One level: the frontier of {@code level} expanded into the ranges; returns the new states. One stage when every
     * range is on one host (each neighbour marked at once), else two: the expansion and the merge of the blocks sent
     * between hosts ({@link FrontierExpansion}).
     */
    private long level() {
        jsc.setLocalProperty(StageMetrics.STEP, "level " + (level + 1));
        RangeLayout layout = store.layout();
        boolean sameHostMarks = sameHostMarks();
        FrontierExpansion expansion =
                new FrontierExpansion(spec, layout, store.handles(), sameHostMarks, level, distanceOutput());
        try {
            if (sameHostMarks && store.oneHost()) {
                return store.groupsRdd().map(expansion.direct()).collect().stream()
                        .mapToLong(Long::longValue)
                        .sum();
            }
            JavaPairRDD<Integer, byte[]> blocks =
                    store.groupsRdd().mapPartitionsToPair(expansion).partitionBy(new RangeGroup.Owners(store.groups()));
            long fresh = 0;
            for (long[] c : store.groupsRdd()
                    .zipPartitions(blocks, new LevelMerge(level))
                    .collect()) {
                fresh += c[1];
            }
            return fresh;
        } finally {
            collectOldShuffles(histogram.get(level));
        }
    }

    /**
     * Levels from {@code level} on in one stage ({@link LevelBatch}), until one of them ends {@code budgetNanos} (at
     * most {@link #BATCH_SECONDS}) after the stage started or the driver has to act; returns each level's states and
     * wall nanoseconds, as {@link #search} reads them.
     */
    private long[] levels(int slots, LevelBatch.Stop stop, long budgetNanos) {
        jsc.setLocalProperty(StageMetrics.STEP, "levels from " + (level + 1));
        double seconds = batchSeconds();
        LevelBatch batch = new LevelBatch(
                spec,
                store.layout(),
                store.handles(),
                level,
                histogram.get(level),
                distanceOutput(),
                stop,
                Math.max(0, Math.min(budgetNanos, (long) (seconds * 1e9))));
        List<long[]> said = store.slotGroupsRdd(slots)
                .rdd()
                .barrier()
                .mapPartitions(batch, false, ClassTag$.MODULE$.apply(long[].class))
                .toJavaRDD()
                .collect();
        long[] found = said.get(0);
        for (int i = 0; i < found.length; i += 2) {
            collectOldShuffles(found[i]);
        }
        return found;
    }

    /**
     * The slots of a stage of levels ({@link #levels}), or 0 where levels go one stage each: a batch needs every range
     * on one host, neighbours marked in place, and all its tasks running at once, so a known number of slots (local
     * mode), and a time budget ({@link #BATCH_SECONDS}) above 0.
     */
    private int batchSlots() {
        if (!sameHostMarks() || !store.oneHost() || batchSeconds() <= 0) {
            return 0;
        }
        return JobSession.localSlots(jsc.sc());
    }

    /**
     * The Spark setting of a stage of levels' time budget in seconds (default 5; 0: one level per stage); a thread's
     * local property of that name overrides it.
     */
    static final String BATCH_SECONDS = OwnSettings.BATCH_SECONDS;

    private double batchSeconds() {
        String local = jsc.getLocalProperty(BATCH_SECONDS);
        return Double.parseDouble(local != null ? local : jsc.getConf().get(BATCH_SECONDS, "5"));
    }

    /**
     * Where the tasks write distance files, with the job's Hadoop configuration broadcast and the driver's record of
     * the files, made on first use (null: histogram only).
     */
    private DistanceOutput distanceOutput() {
        if (streamed != null && output == null) {
            output = new DistanceOutput(
                    streamed,
                    withStates,
                    jsc.broadcast(new SerializableWritable<>(jsc.hadoopConfiguration())),
                    checkpoints.commits().reports());
        }
        return output;
    }

    /**
     * A level's shuffle files go once the driver's references to its RDDs are collected: a large search asks for that
     * every few hundred million states expanded, not every half hour.
     */
    private void collectOldShuffles(long expanded) {
        expandedSinceGc += expanded;
        if (expandedSinceGc >= GC_EVERY_STATES) {
            System.gc();
            expandedSinceGc = 0;
        }
    }

    /**
     * Whether neighbours are marked at once in the ranges on the expanding task's host ({@value #SAME_HOST_MARKS},
     * default true; a thread's local property of that name overrides it): false sends every neighbour through the
     * shuffle, as between hosts.
     */
    private boolean sameHostMarks() {
        String local = jsc.getLocalProperty(SAME_HOST_MARKS);
        return Boolean.parseBoolean(local != null ? local : jsc.getConf().get(SAME_HOST_MARKS, "true"));
    }

    /** The Spark setting {@link #sameHostMarks} reads. */
    static final String SAME_HOST_MARKS = OwnSettings.SAME_HOST_MARKS;

    /** After a failed level: the search from the last checkpoint (or its first levels) again. */
    private void recover(Exception e, String what) {
        String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        if (saved != null) {
            log.note(String.format(
                    "%s failed (%s); searching again from the checkpoint of level %d", what, reason, saved.level()));
            restore(saved);
        } else {
            log.note(String.format("%s failed (%s); searching again from the driver's first levels", what, reason));
            restart();
        }
    }

    private void checkpoint() {
        long t0 = System.nanoTime();
        saved = checkpoints.save(store, spec, level, histogram);
        log.note(String.format(
                "checkpoint of level %d written to %s in %.1f s", level, saved.path(), (System.nanoTime() - t0) / 1e9));
    }

    /** The last levels in the driver, from the frontier taken before the last level and the one after it. */
    private ExploreOutcome endInDriver(long[] taken, Path distances) {
        List<long[]> tail = new ArrayList<>(List.of(store.frontier(level, Integer.MAX_VALUE)));
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
            writeLevels(tail, handedOver);
        }
        long[] deepest = tail.get(tail.size() - 1);
        return finish(Arrays.copyOf(deepest, Math.min(deepest.length, DEEPEST_CAP)), distances);
    }

    /**
     * The end of a search: its rows are those of the distance files recorded ({@link DistanceCommits}), which stay in
     * the checkpoint until the publish moves them ({@link ExploreJob}), so a failure before that resumes.
     */
    private ExploreOutcome finish(long[] deepest, Path distances) {
        long rows = distances == null ? 0 : checkpoints.commits().rows();
        return new ExploreOutcome(
                "spark", histogram.stream().mapToLong(Long::longValue).toArray(), rows, deepest);
    }

    /**
     * The distance rows of levels searched in the driver, from depth {@code depth} on: one file, in (depth, rank)
     * order.
     */
    private void writeLevels(List<long[]> levels, int depth) {
        Path file = new Path(streamed, DistanceFiles.levelsName(depth, depth + levels.size() - 1));
        try (DistanceFiles.Writer rows =
                DistanceFiles.writer(jsc.hadoopConfiguration(), file, withStates ? spec : null)) {
            for (int i = 0; i < levels.size(); i++) {
                for (long r : levels.get(i)) {
                    rows.add(r, depth + i);
                }
            }
            checkpoints.commits().add(rows.commit());
        }
    }
}
