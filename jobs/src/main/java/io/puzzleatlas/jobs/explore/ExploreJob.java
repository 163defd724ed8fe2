package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.StageMetrics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The full distance table of a space ({@code explore}): {@code DIR/distances} (unless histogram-only),
 * {@code DIR/histogram} and {@code DIR/deepest}, by the in-process search ({@link LocalExplorer}) or the Spark engine
 * ({@link SparkExplorer}) with its checkpoints in {@code DIR/}{@value #CHECKPOINTS}.
 */
public final class ExploreJob extends Job<ExploreOutcome> {
    /** Below this many states one in-process search beats a level-by-level Spark job (docs/cluster.md). */
    public static final long SPARK_THRESHOLD = 10_000_000L;
    /**
     * Largest space explored: any puzzle of up to 16 cells (16!/2 states; whether it fits is estimated before the
     * start).
     */
    public static final long MAX_STATES = 10_461_394_944_000L;
    /**
     * Default of the states searched in the driver before the Spark levels: measured on the 2x6 (docs/benchmarks.md).
     */
    public static final long START_IN_DRIVER = 1 << 20;
    /** The checkpoint directory under the output. */
    public static final String CHECKPOINTS = "_explore-checkpoint";

    /**
     * What to explore and how.
     *
     * @param what the space
     * @param engine {@link Engine#LOCAL} or {@link Engine#SPARK}, chosen
     * @param engineReason why that engine, for the first log line
     * @param withStates add each state's text to distances
     * @param histogramOnly write no distances
     * @param partitions rank ranges of the Spark engine, or null for {@link RangeLayout#defaultPartitions}
     * @param checkpointEvery levels between checkpoints, or null: by time
     * @param startInDriver states searched in the driver before the Spark levels
     * @param search checkpoints by time, resume, the level to stop after
     * @param stageMetrics the CSV file of per-stage metrics, or null
     * @param overwrite whether an earlier run's checkpoint may be discarded
     * @param progressSeconds seconds between two progress lines of the local engine
     *     ({@code -Dpuzzleatlas.progressSeconds}, read where the command started)
     */
    public record Request(
            ExploreSpec what,
            Engine engine,
            String engineReason,
            boolean withStates,
            boolean histogramOnly,
            Integer partitions,
            Integer checkpointEvery,
            long startInDriver,
            SearchPlan search,
            String stageMetrics,
            boolean overwrite,
            double progressSeconds) {}

    private final Request request;
    private final ExploreEstimate estimate;
    private StageMetrics metrics;

    private ExploreJob(Request request, ExploreEstimate estimate) {
        super("explore");
        this.request = request;
        this.estimate = estimate;
    }

    /**
     * The job of {@code request}, once the memory and disk it needs are known to fit: refused
     * ({@link io.puzzleatlas.jobs.RefusedException}) when a JVM of this host ({@code heldHere}: the local engine, or
     * Spark's local mode) lacks the heap, or the output's local disk the room.
     */
    public static ExploreJob checked(Request request, boolean heldHere, String output) {
        long size = request.what().space().size();
        ExploreEstimate estimate = ExploreEstimate.of(
                size, request.engine() == Engine.LOCAL, request.withStates(), !request.histogramOnly());
        estimate.check(
                String.format(
                        Locale.ROOT,
                        "%s (%,d states, %s engine)",
                        request.what().puzzle().name(),
                        size,
                        request.engine().text()),
                heldHere,
                ExploreEstimate.localDirectory(output));
        return new ExploreJob(request, estimate);
    }

    /**
     * Refuses (usage, status 2) the Spark settings of a command line that a search on Spark cannot run with: dynamic
     * allocation ({@link ExecutorCheck}); the search checks the running context's settings again.
     */
    public static void checkSparkConf(Map<String, String> conf) {
        ExecutorCheck.refuseDynamicAllocation(conf.get(ExecutorCheck.DYNAMIC_ALLOCATION));
    }

    @Override
    protected boolean before(Context ctx) {
        if (request.stageMetrics() != null) {
            StageMetrics.checkWritable(ctx.conf(), request.stageMetrics());
            metrics = StageMetrics.attach(ctx.spark().sparkContext());
        }
        return true;
    }

    @Override
    protected String[] datasets() {
        return request.histogramOnly()
                ? new String[] {"histogram", "deepest"}
                : new String[] {"distances", "histogram", "deepest"};
    }

    @Override
    protected ExploreOutcome stages(Context ctx, AtomicOutput o) throws IOException {
        ExploreSpec what = request.what();
        long size = what.space().size();
        // the local engine gives no estimate of the time left (with distances it logs its levels after the search)
        LevelLog log = new LevelLog(request.engine() == Engine.LOCAL ? 0 : size);
        log.note(String.format(
                Locale.ROOT,
                "explore %s to %s: %,d states, engine %s%s; needs %s",
                what.puzzle().name(),
                what.goalText() == null ? "its goal condition" : "goal " + what.goalText(),
                size,
                request.engine().text(),
                request.engineReason(),
                estimate.describe()));
        String scheme = what.puzzle().kind().describeSpace(what.puzzle().puzzle());
        if (scheme != null) {
            log.note(what.puzzle().name() + ": " + scheme);
        }
        Path distances = request.histogramOnly() ? null : o.staged("distances");
        if (distances != null && !o.fileSystem().mkdirs(distances)) {
            throw new IOException("cannot create " + distances);
        }
        ExploreOutcome found;
        if (request.engine() == Engine.LOCAL) {
            // no checkpoint of its own, but never a silent restart over the spark engine's
            DurableDir sparks = checkpoints(o);
            request.search().guard(sparks.present(), request.overwrite(), sparks.root());
            found = LocalExplorer.run(
                    what, ctx.conf(), distances, request.withStates(), log, request.progressSeconds());
        } else {
            found = onSpark(ctx, o, distances, log);
        }
        if (found == null) {
            return null; // stopped by --max-levels: nothing is published, the checkpoint stays
        }
        FaultSeam.stop("explore-searched");
        if (distances != null) {
            o.fileSystem().create(new Path(distances, "_SUCCESS"), true).close();
        }
        // small datasets, written in the driver without Spark SQL (whose start costs seconds)
        ParquetRows.write(
                ctx.conf(), o.staged("histogram"), Schemas.EXPLORE_HISTOGRAM, histogramRows(what, found.histogram()));
        ParquetRows.write(ctx.conf(), o.staged("deepest"), Schemas.EXPLORE_DEEPEST, deepestRows(what, found));
        return found;
    }

    private ExploreOutcome onSpark(Context ctx, AtomicOutput o, Path distances, LevelLog log) throws IOException {
        JobSession session = ctx.session();
        long size = request.what().space().size();
        int p = request.partitions() != null ? request.partitions() : RangeLayout.defaultPartitions(session, size);
        ExploreCheckpoints checkpoints = new ExploreCheckpoints(
                session.context(),
                new Path(o.dir(), CHECKPOINTS),
                ExploreCheckpoints.rows(request.histogramOnly(), request.withStates()));
        SearchPlan search = request.search();
        search.guard(checkpoints.present(), request.overwrite(), checkpoints.dir());
        try {
            ExploreOutcome found = new SparkExplorer(
                            session.context(),
                            request.what(),
                            checkpoints,
                            request.checkpointEvery(),
                            search.checkpointMinutes(),
                            log)
                    .run(
                            p,
                            search.resume(),
                            search.maxLevels(),
                            request.startInDriver(),
                            distances,
                            request.withStates());
            if (found != null) {
                if (distances != null) {
                    checkpoints.publishWith(o, "distances");
                }
                o.retire(checkpoints.dir()); // with the publish it led to, not before
                FaultSeam.driver("explore-shared");
                FaultSeam.stop("explore-shared");
            }
            return found;
        } finally {
            if (metrics != null) {
                metrics.finish(session.spark().sparkContext(), request.stageMetrics());
            }
        }
    }

    /** The spark engine's checkpoint directory in {@code out}. */
    private static DurableDir checkpoints(AtomicOutput out) {
        return new DurableDir(out.fileSystem(), new Path(out.dir(), CHECKPOINTS));
    }

    @Override
    protected ExitCode report(Context ctx, AtomicOutput out, ExploreOutcome outcome) {
        // retired by the publish (a failure before it resumes from it); the local engine's run discards one only with
        // --overwrite (its guard refused it otherwise)
        checkpoints(out).clear();
        System.out.printf(
                Locale.ROOT,
                "explore: %s, engine %s: %,d states reached, radius %d, %,d at the deepest level -> %s%n",
                request.what().puzzle().name(),
                outcome.engine(),
                outcome.reached(),
                outcome.histogram().length - 1,
                outcome.histogram()[outcome.histogram().length - 1],
                out.dir());
        // with --histogram-only the results are the histogram's counts
        long results =
                request.histogramOnly() ? Arrays.stream(outcome.histogram()).sum() : outcome.rows();
        return reconcile(ctx, outcome.reached(), results, 0);
    }

    private static List<Row> histogramRows(ExploreSpec what, long[] histogram) {
        List<Row> rows = new ArrayList<>();
        for (int d = 0; d < histogram.length; d++) {
            rows.add(RowFactory.create(what.puzzle().name(), what.goalText(), d, histogram[d]));
        }
        return rows;
    }

    private static List<Row> deepestRows(ExploreSpec what, ExploreOutcome found) {
        Puzzle puzzle = what.puzzle().puzzle();
        PuzzleKind kind = what.puzzle().kind();
        int radius = found.histogram().length - 1;
        List<Row> rows = new ArrayList<>();
        for (long rank : found.deepest()) {
            String state = kind.stateText(puzzle, what.space().unrank(rank));
            rows.add(RowFactory.create(what.puzzle().name(), what.goalText(), radius, rank, state));
        }
        return rows;
    }
}
