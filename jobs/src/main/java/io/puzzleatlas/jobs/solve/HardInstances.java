package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.SplitIda;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.Status;
import io.puzzleatlas.jobs.Switches;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * Hard instances: those the solving pass could not finish within {@code --split-nodes} nodes (its probe budget) are
 * left out of its rows ({@link SolveTally#defer}) and solved here, on the driver, one split search each
 * ({@link SplitIda}) from the bound where the solving pass stopped (its earlier iterations are not searched again):
 * every iteration's top levels on the driver, its prefixes' subtrees as one Spark job (or on this JVM's threads for the
 * local engine), in runs of consecutive prefixes of about equal cost (the nodes each took in the iteration before),
 * cancelled once the goal's prefix and every earlier one are done. Two instances are searched at a time, so one
 * iteration's last subtrees overlap the other's. The rows are those of the unsplit search (same status, length, string
 * and node count). Each finished row is kept in the checkpoint ({@link SolveCheckpoint}) before the next, so a rerun
 * with {@code --resume} solves only the missing ones.
 */
final class HardInstances {
    /** Columns of a deferred instance. */
    static final int PUZZLE = 0;

    static final int ID = 1;
    static final int START = 2;
    static final int GOAL = 3;
    static final int STEP_LIMIT = 4;
    static final int PROBE_NODES = 5;
    static final int PROBE_MICROS = 6;
    /** The bound of the iteration the solving pass did not finish (-1: unknown, start from the first bound). */
    static final int PROBE_BOUND = 7;
    /** The states the solving pass generated in its iterations before {@link #PROBE_BOUND}. */
    static final int PROBE_NODES_BEFORE = 8;
    /** The columns, for the docs. */
    static final String DEFERRED =
            "puzzle, instance_id, start, goal, step_limit, probe_nodes, probe_micros, probe_bound, "
                    + "probe_nodes_before";

    /** Default of {@code --split-nodes}: about 10 s of one core on the 24-puzzle (docs/benchmarks.md). */
    static final long DEFAULT_SPLIT_NODES = 100_000_000L;
    /** Default of {@code --split-depth}. */
    static final int DEFAULT_SPLIT_DEPTH = 6;
    /** What stands for a subtree not searched because one before it reached the goal. */
    static final SplitSearch.Subtree SKIPPED = new SplitSearch.Subtree(null, Integer.MAX_VALUE, 0, false);

    /** Split instances searched at a time. */
    static final int AT_A_TIME = 2;

    private final PuzzleHandle puzzle;
    private final SolverSettings settings;
    private final Long maxNodes;
    private final Long maxMillis;
    private final int depth;
    /**
     * An iteration expected to generate fewer states (the last one's states times its growth over the one before) runs
     * in the driver's thread: a Spark job would cost more ({@link Switches#splitDriverNodes()}; tests: 0, every
     * iteration through the tasks).
     */
    private final long driverNodes;

    private final JobSession session;
    private final SolveCheckpoint checkpoint;
    private final PrintStream log;
    private final int threads = Runtime.getRuntime().availableProcessors();
    /** Set when one instance failed: the others stop after their current iteration. */
    private volatile boolean cancelled;

    HardInstances(
            SolveRequest options,
            SolverSettings settings,
            JobSession session,
            SolveCheckpoint checkpoint,
            PrintStream log) {
        this.puzzle = options.puzzle();
        this.settings = settings;
        this.maxNodes = options.maxNodes();
        this.maxMillis = options.maxMillis();
        this.depth = options.splitDepth();
        this.driverNodes = options.switches().splitDriverNodes();
        this.session = session;
        this.checkpoint = checkpoint;
        this.log = log;
    }

    /** The solving pass's budget: the instance's, cut to {@code splitNodes} nodes (null: no cut). */
    static Budget probe(Long maxNodes, Long maxMillis, Long splitNodes) {
        Long nodes = splitNodes == null
                ? maxNodes
                : maxNodes == null ? splitNodes : Long.valueOf(Math.min(maxNodes, splitNodes));
        return Budget.of(nodes, maxMillis);
    }

    /**
     * Whether the solving pass leaves {@code result} to the split search: its node cut, not the instance's budget,
     * ended it.
     */
    static boolean deferred(SolveResult result, Long maxNodes, Long splitNodes) {
        return splitNodes != null
                && result.status() == Status.BUDGET_EXCEEDED
                && result.nodes() > splitNodes
                && (maxNodes == null || splitNodes < maxNodes);
    }

    /** A deferred instance's row. */
    static Row instance(
            String puzzle, long id, String start, String goal, Integer stepLimit, SolveResult probe, long micros) {
        SolveResult.ResumePoint at = probe.resumeAt();
        return RowFactory.create(
                puzzle,
                id,
                start,
                goal,
                stepLimit,
                probe.nodes(),
                micros,
                at == null ? -1 : at.bound(),
                at == null ? 0L : at.nodesBefore());
    }

    /** Where the split search of a deferred instance starts: where its solving pass stopped (null: the first bound). */
    static SolveResult.ResumePoint resumeAt(Row deferred) {
        if (deferred.size() <= PROBE_BOUND || deferred.getInt(PROBE_BOUND) < 0) {
            return null; // a checkpoint written before these columns, or a solver that cannot resume
        }
        return new SolveResult.ResumePoint(deferred.getInt(PROBE_BOUND), deferred.getLong(PROBE_NODES_BEFORE));
    }

    /**
     * Solves {@code deferred} (in instance order; those the checkpoint holds are taken from it) and returns their
     * results rows in that order. {@code done} and {@code total}: instances finished before and in all, for the
     * progress lines.
     */
    List<Row> solve(List<Row> deferred, long done, long total, boolean resumedPass) {
        List<Row> todo = new ArrayList<>(deferred);
        todo.sort(Comparator.comparingLong(r -> r.getLong(ID)));
        long resumed = todo.stream()
                .filter(r -> checkpoint.hard(r.getLong(ID)) != null)
                .count();
        log.printf(
                Locale.ROOT,
                "solve: %,d of %,d instances done in the first pass%s; %,d left for the split search "
                        + "(not solved within --split-nodes)%s%n",
                done,
                total,
                resumedPass ? " (kept from the earlier run)" : "",
                todo.size(),
                resumed == 0 ? "" : String.format(Locale.ROOT, ", %,d of them kept from the earlier run", resumed));
        Progress progress = new Progress(done, total, todo.size(), resumed);
        ExecutorService instances = ChunkedWork.pool(AT_A_TIME, "solve-split");
        ExecutorService pool = session == null ? ChunkedWork.pool(threads, "solve-subtree") : null;
        try {
            List<Future<Row>> rows = new ArrayList<>();
            for (Row d : todo) {
                rows.add(instances.submit(() -> one(d, pool, progress)));
            }
            List<Row> out = new ArrayList<>();
            try {
                for (Future<Row> f : rows) {
                    out.add(get(f));
                }
            } catch (RuntimeException | Error e) {
                cancelled = true;
                throw e;
            }
            return out;
        } finally {
            instances.shutdownNow();
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private Row one(Row d, ExecutorService pool, Progress progress) {
        long id = d.getLong(ID);
        Row kept = checkpoint.hard(id);
        if (kept != null) {
            return kept;
        }
        String start = d.getString(START);
        String goal = d.getString(GOAL);
        Integer stepLimit = d.isNullAt(STEP_LIMIT) ? null : d.getInt(STEP_LIMIT);
        long probeMicros = d.getLong(PROBE_MICROS);
        PuzzleSolver solver = JobTables.solver(puzzle, settings);
        Budget budget = Budget.of(maxNodes, maxMillis == null ? null : Math.max(1, maxMillis - probeMicros / 1000));
        long t0 = System.nanoTime();
        SplitSearch split = solver.split(start, goal);
        SolveResult result;
        if (split == null) {
            result = solver.solveText(start, goal, budget);
        } else {
            Subtrees runner = new Subtrees(split, start, goal, pool);
            runner.lastNanos = t0;
            SolveResult.ResumePoint from = resumeAt(d);
            if (from != null) {
                // The solving pass's work stands for the iteration before this one (a hard instance's
                // next iteration runs as tasks from --split-nodes of 20 M on), its earlier iterations
                // for the one before that (the growth of the next progress line).
                runner.lastWork = d.getLong(PROBE_NODES);
                runner.previousWork = from.nodesBefore();
                progress.resumed(id, from);
            }
            result = SplitIda.solve(
                    split,
                    depth,
                    budget,
                    runner,
                    (bound, prefixes, nodes, work, found) -> {
                        if (cancelled) {
                            throw new CancellationException("another split instance failed");
                        }
                        long now = System.nanoTime();
                        runner.lastWork = work - runner.workBefore;
                        runner.workBefore = work;
                        progress.iteration(
                                id,
                                bound,
                                prefixes,
                                runner.where,
                                work,
                                now - t0,
                                now - runner.lastNanos,
                                runner.growth(),
                                found);
                        runner.lastNanos = now;
                    },
                    from);
        }
        result = result.withStepLimit(stepLimit);
        long micros = probeMicros + (System.nanoTime() - t0) / 1000;
        Row row = ResultRows.of(puzzle.name(), id, start, goal, stepLimit, result, micros);
        checkpoint.saveHard(id, row);
        progress.finished(id, result, micros);
        FaultSeam.driver("solve-split-instance");
        FaultSeam.stop("solve-split-instance");
        return row;
    }

    /**
     * Runs an iteration's subtrees: in this thread while iterations are small, else on Spark or the pool, in letter
     * order.
     */
    private final class Subtrees implements SplitIda.Runner {
        private final SplitSearch split;
        private final String start;
        private final String goal;
        private final ExecutorService pool;
        /** Per prefix, the states its subtree generated in the last iteration it ran in. */
        private final Map<String, Long> last = new HashMap<>();

        long lastWork;
        long workBefore;
        long lastNanos;
        /** Where the last iteration's subtrees ran. */
        String where = "the driver";

        long previousWork;
        private double lastGrowth = 1;

        Subtrees(SplitSearch split, String start, String goal, ExecutorService pool) {
            this.split = split;
            this.start = start;
            this.goal = goal;
            this.pool = pool;
        }

        /** How many times more states the last iteration took than the one before (1 when unknown). */
        double growth() {
            double g = previousWork == 0 ? 1 : (double) lastWork / previousWork;
            previousWork = lastWork;
            lastGrowth = g;
            return g;
        }

        @Override
        public List<SplitSearch.Subtree> run(List<String> prefixes, int bound, Budget budget) {
            int n = prefixes.size();
            SplitSearch.Subtree[] out = new SplitSearch.Subtree[n];
            if (lastWork * Math.max(1, lastGrowth) < driverNodes) {
                where = "the driver";
                boolean found = false;
                for (int i = 0; i < n; i++) {
                    out[i] = found ? SKIPPED : split.subtree(prefixes.get(i), bound, budget);
                    found |= out[i].found();
                }
            } else {
                int slots = session == null ? threads : session.parallelism();
                List<List<Integer>> groups = groups(prefixes, session == null ? n : Math.min(n, 8 * slots));
                where = session == null ? threads + " threads" : groups.size() + " tasks";
                if (session == null) {
                    List<Future<SplitSearch.Subtree>> futures = new ArrayList<>();
                    AtomicInteger foundAt = new AtomicInteger(n);
                    for (List<Integer> g : groups) {
                        int i = g.get(0);
                        futures.add(pool.submit(() -> {
                            if (i > foundAt.get()) {
                                return SKIPPED; // a subtree before it reached the goal: the merge stops there
                            }
                            SplitSearch.Subtree t =
                                    split.subtree(prefixes.get(i), bound, budget, () -> foundAt.get() < i);
                            if (t.found()) {
                                foundAt.accumulateAndGet(i, Math::min);
                            }
                            return t;
                        }));
                    }
                    for (int k = 0; k < groups.size(); k++) {
                        out[groups.get(k).get(0)] = get(futures.get(k));
                    }
                } else {
                    List<List<String>> named = new ArrayList<>();
                    for (List<Integer> g : groups) {
                        List<String> p = new ArrayList<>();
                        g.forEach(i -> p.add(prefixes.get(i)));
                        named.add(p);
                    }
                    session.context().sc().setJobDescription("solve: split search, bound " + bound);
                    List<List<SplitSearch.Subtree>> results = new SplitIterationJob(
                                    session,
                                    named,
                                    groups,
                                    new SplitIterationJob.SubtreeGroup(
                                            puzzle,
                                            settings,
                                            start,
                                            goal,
                                            bound,
                                            budget.maxNodes(),
                                            budget.maxMillis()))
                            .run();
                    for (int k = 0; k < groups.size(); k++) {
                        for (int j = 0; j < groups.get(k).size(); j++) {
                            out[groups.get(k).get(j)] = results.get(k).get(j);
                        }
                    }
                }
            }
            last.clear();
            for (int i = 0; i < n; i++) {
                last.put(prefixes.get(i), out[i].nodes());
            }
            return Arrays.asList(out);
        }

        /**
         * The prefixes (by index) in {@code count} runs of consecutive prefixes of about equal estimated cost (the last
         * iteration's nodes, plus one), in letter order: Spark starts them in that order, so when an iteration reaches
         * the goal the groups after its prefix are the last to start and the first the cancellation saves.
         */
        private List<List<Integer>> groups(List<String> prefixes, int count) {
            long[] cost = new long[prefixes.size()];
            long total = 0;
            for (int i = 0; i < cost.length; i++) {
                cost[i] = last.getOrDefault(prefixes.get(i), 0L) + 1;
                total += cost[i];
            }
            List<List<Integer>> groups = new ArrayList<>();
            List<Integer> current = new ArrayList<>();
            long sum = 0;
            for (int i = 0; i < cost.length; i++) {
                current.add(i);
                sum += cost[i];
                int left = cost.length - i - 1;
                int groupsLeft = count - groups.size() - 1;
                if (left > 0 && groupsLeft > 0 && (sum * count >= total * (groups.size() + 1) || left == groupsLeft)) {
                    groups.add(current);
                    current = new ArrayList<>();
                }
            }
            groups.add(current);
            return groups;
        }
    }

    /** The progress lines: one per finished iteration of a split instance, one per finished instance. */
    private final class Progress {
        private final long total;
        private final int hard;
        private final long started = System.nanoTime();
        private long done;
        private int hardDone;
        private int solvedHere;

        Progress(long done, long total, int hard, long resumed) {
            this.done = done + resumed;
            this.total = total;
            this.hard = hard;
            this.hardDone = (int) resumed;
        }

        synchronized void iteration(
                long id,
                int bound,
                int prefixes,
                String where,
                long work,
                long nanos,
                long iterationNanos,
                double growth,
                boolean found) {
            double seconds = nanos / 1e9;
            double next = iterationNanos / 1e9 * growth;
            log.printf(
                    Locale.ROOT,
                    "solve: split instance %d: bound %d searched%s, %,d nodes in %.1f s; %s%n",
                    id,
                    bound,
                    prefixes == 0
                            ? " in the driver"
                            : String.format(Locale.ROOT, " in %,d subtrees on %s", prefixes, where),
                    work,
                    seconds,
                    found
                            ? "the goal is reached"
                            : String.format(
                                    Locale.ROOT,
                                    "the next bound, at %.1fx the nodes of this one, about %s",
                                    growth,
                                    SolveProgress.duration(next)));
        }

        synchronized void resumed(long id, SolveResult.ResumePoint from) {
            log.printf(
                    Locale.ROOT,
                    "solve: split instance %d: from bound %d, where the first pass stopped (%,d nodes in "
                            + "the iterations before it, not searched again)%n",
                    id,
                    from.bound(),
                    from.nodesBefore());
        }

        synchronized void finished(long id, SolveResult result, long micros) {
            done++;
            hardDone++;
            solvedHere++;
            double elapsed = (System.nanoTime() - started) / 1e9;
            int left = hard - hardDone;
            String eta = left == 0
                    ? "none left"
                    : "about " + SolveProgress.duration(elapsed / solvedHere * left / Math.min(AT_A_TIME, left))
                            + " left";
            log.printf(
                    Locale.ROOT,
                    "solve: %,d of %,d instances done (split %d of %d: instance %d %s%s, %,d nodes, " + "%.1f s); %s%n",
                    done,
                    total,
                    hardDone,
                    hard,
                    id,
                    result.status(),
                    result.length() < 0 ? "" : " " + result.length(),
                    result.nodes(),
                    micros / 1e6,
                    eta);
        }
    }

    private static <T> T get(Future<T> f) {
        return ChunkedWork.result(f);
    }
}
