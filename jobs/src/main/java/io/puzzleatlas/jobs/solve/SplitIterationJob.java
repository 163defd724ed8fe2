package io.puzzleatlas.jobs.solve;

import static io.puzzleatlas.jobs.solve.HardInstances.SKIPPED;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.spark.SimpleFutureAction;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import scala.collection.Iterator;
import scala.collection.JavaConverters;
import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;

/**
 * One iteration's groups as a Spark job whose results come back task by task: once a subtree has reached the goal and
 * every group holding an earlier prefix has ended, the merge is decided and the job is cancelled; its running tasks see
 * that when they read the clock and stop, so the iteration that reaches the goal costs about what the unsplit search
 * spends on it.
 */
final class SplitIterationJob {
    private final JobSession session;
    private final List<List<String>> named;
    private final List<List<Integer>> groups;
    private final SubtreeGroup task;
    private final List<List<SplitSearch.Subtree>> results;
    private int ended;
    private boolean decided;

    SplitIterationJob(JobSession session, List<List<String>> named, List<List<Integer>> groups, SubtreeGroup task) {
        this.session = session;
        this.named = named;
        this.groups = groups;
        this.task = task;
        this.results = new ArrayList<>(Collections.nCopies(named.size(), null));
    }

    /** Each group's results; a group cut off by the cancellation has only skipped subtrees. */
    List<List<SplitSearch.Subtree>> run() {
        int g = named.size();
        List<Object> partitions = new ArrayList<>();
        for (int k = 0; k < g; k++) {
            partitions.add(k);
        }
        SimpleFutureAction<BoxedUnit> job = session.spark()
                .sparkContext()
                .submitJob(
                        session.context().parallelize(named, g).rdd(),
                        new PartitionTask(task),
                        JavaConverters.asScalaBuffer(partitions).toSeq(),
                        new Handler(),
                        new Unit0());
        synchronized (this) {
            while (ended < g && !decided && !job.isCompleted()) {
                try {
                    wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    job.cancel();
                    throw new IllegalStateException("interrupted while solving", e);
                }
            }
            if (decided && ended < g) {
                job.cancel();
            } else if (ended < g) {
                try {
                    job.get(); // failed: throws the job's failure
                } catch (Exception e) {
                    throw e instanceof RuntimeException re ? re : new IllegalStateException(e);
                }
            }
            for (int k = 0; k < g; k++) {
                if (results.get(k) == null) {
                    results.set(k, Collections.nCopies(named.get(k).size(), SKIPPED));
                }
            }
            return results;
        }
    }

    private synchronized void ended(int k, List<SplitSearch.Subtree> r) {
        results.set(k, r);
        ended++;
        int found = Integer.MAX_VALUE;
        for (int j = 0; j < results.size(); j++) {
            List<SplitSearch.Subtree> done = results.get(j);
            for (int i = 0; done != null && i < done.size(); i++) {
                if (done.get(i).found()) {
                    found = Math.min(found, groups.get(j).get(i));
                }
            }
        }
        if (found != Integer.MAX_VALUE) {
            boolean earlierPending = false;
            for (int j = 0; j < results.size() && !earlierPending; j++) {
                earlierPending = results.get(j) == null && groups.get(j).get(0) < found;
            }
            decided = !earlierPending;
        }
        notifyAll();
    }

    private final class Handler extends AbstractFunction2<Object, List<SplitSearch.Subtree>, BoxedUnit> {
        @Override
        public BoxedUnit apply(Object k, List<SplitSearch.Subtree> r) {
            ended((Integer) k, r);
            return BoxedUnit.UNIT;
        }
    }

    private static final class Unit0 extends AbstractFunction0<BoxedUnit> {
        @Override
        public BoxedUnit apply() {
            return BoxedUnit.UNIT;
        }
    }

    /** A Spark task: one group of prefixes' subtrees, with the executor JVM's shared solver. */
    static final class SubtreeGroup implements Function<List<String>, List<SplitSearch.Subtree>> {
        private static final long serialVersionUID = 1L;
        private final PuzzleHandle puzzle;
        private final SolverSettings settings;
        private final String start;
        private final String goal;
        private final int bound;
        private final long maxNodes;
        private final long maxMillis;

        SubtreeGroup(
                PuzzleHandle puzzle,
                SolverSettings settings,
                String start,
                String goal,
                int bound,
                long maxNodes,
                long maxMillis) {
            this.puzzle = puzzle;
            this.settings = settings;
            this.start = start;
            this.goal = goal;
            this.bound = bound;
            this.maxNodes = maxNodes;
            this.maxMillis = maxMillis;
        }

        @Override
        public List<SplitSearch.Subtree> call(List<String> prefixes) {
            FaultSeam.task("solve-split-task");
            SplitSearch split = JobTables.solver(puzzle, settings).split(start, goal);
            Budget budget = new Budget(maxNodes, maxMillis);
            TaskContext task = TaskContext.get();
            BooleanSupplier killed = task == null ? null : task::isInterrupted;
            List<SplitSearch.Subtree> out = new ArrayList<>();
            for (String p : prefixes) {
                // the group's prefixes are in letter order: after one that reached the goal, none is read
                out.add(
                        out.stream().anyMatch(SplitSearch.Subtree::found)
                                ? SKIPPED
                                : split.subtree(p, bound, budget, killed));
            }
            return out;
        }
    }

    /** A task's function in Scala's form, for {@code SparkContext.submitJob}: its partition holds one group. */
    static final class PartitionTask extends AbstractFunction1<Iterator<List<String>>, List<SplitSearch.Subtree>>
            implements Serializable {
        private static final long serialVersionUID = 1L;
        private final SubtreeGroup group;

        PartitionTask(SubtreeGroup group) {
            this.group = group;
        }

        @Override
        public List<SplitSearch.Subtree> apply(Iterator<List<String>> partition) {
            return group.call(partition.next());
        }
    }
}
