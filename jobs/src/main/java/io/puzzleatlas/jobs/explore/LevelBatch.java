package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.LongList;
import java.io.Serializable;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.BarrierTaskContext;
import org.apache.spark.TaskContext;
import scala.collection.Iterator;
import scala.collection.JavaConverters;
import scala.runtime.AbstractFunction1;

/**
 * Several levels in one Spark stage, in local mode (every range on the one host, the tasks threads of this JVM): one
 * barrier task per slot ({@code RDD.barrier()}, so that all run at once and a failed one ends the others), each
 * expanding its group of ranges level after level ({@link FrontierExpansion#expandWhole}); after each level the tasks
 * meet at a {@link Gate} of this JVM, which sums the states they marked first and lets the next level start only once
 * every mark of this one is in the shared range files. (Spark's own {@code BarrierTaskContext.allGather} polls once a
 * second, longer than a small level takes.) Every task sees the same counts, so they agree where to stop: after an
 * empty level, where the driver has work to do ({@link Stop}: a checkpoint, the last level asked for, the hand-over of
 * the last levels to the driver), or once the stage has run its time budget (so that progress lines keep coming and a
 * level of minutes is a stage of its own, as without batches). A level of Spark tasks costs a job's scheduling however
 * little it holds; a batch pays it once for many small levels.
 *
 * <p>Each task returns the levels' counts and the wall time of each, measured on that task: one {@code long[]} of
 * {@code 2 * levels} entries. A failed task fails the stage and the driver goes back to the last checkpoint, as after a
 * failed level.
 */
final class LevelBatch extends AbstractFunction1<Iterator<RangeGroup>, Iterator<long[]>> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Where a batch must end so that the driver can act (decided from the counts every task sees). */
    record Stop(int maxLevels, int checkpointEvery, boolean endInDriver, long startStates) implements Serializable {
        /** Whether the driver acts once level {@code depth} ({@code count} states, after {@code previous}) is known. */
        boolean after(int depth, long count, long previous) {
            return depth >= maxLevels
                    || (checkpointEvery > 0 && depth % checkpointEvery == 0)
                    || (endInDriver && count < previous && 2 * count <= startStates);
        }
    }

    private final ExploreSpec spec;
    private final RangeLayout layout;
    private final RangeHandle[] all;
    private final int level;
    private final long frontier;
    private final DistanceOutput distances;
    private final Stop stop;
    private final long budgetNanos;

    /**
     * @param frontier the states of {@code level}, the first level expanded
     * @param budgetNanos the batch ends after the first level that ends this long after its start
     */
    LevelBatch(
            ExploreSpec spec,
            RangeLayout layout,
            RangeHandle[] all,
            int level,
            long frontier,
            DistanceOutput distances,
            Stop stop,
            long budgetNanos) {
        this.spec = spec;
        this.layout = layout;
        this.all = all;
        this.level = level;
        this.frontier = frontier;
        this.distances = distances;
        this.stop = stop;
        this.budgetNanos = budgetNanos;
    }

    @Override
    public Iterator<long[]> apply(Iterator<RangeGroup> groups) {
        RangeGroup group = groups.next();
        BarrierTaskContext context = BarrierTaskContext.get();
        String key = context.stageId() + "." + context.stageAttemptNumber();
        Gate gate = GATES.computeIfAbsent(key, k -> new Gate(context.getTaskInfos().length));
        long started = System.nanoTime();
        LongList counts = new LongList();
        LongList nanos = new LongList();
        long previous = frontier;
        for (int depth = level; ; depth++) {
            long t0 = System.nanoTime();
            long mine = new FrontierExpansion(spec, layout, all, true, depth, distances).expandWhole(group);
            boolean late = System.nanoTime() - started >= budgetNanos;
            long[] met = gate.meet(mine, late, context);
            long count = met[0];
            boolean anyLate = met[1] != 0;
            counts.add(count);
            nanos.add(System.nanoTime() - t0);
            if (count == 0 || anyLate || stop.after(depth + 1, count, previous)) {
                break;
            }
            previous = count;
        }
        gate.leave(key);
        long[] c = counts.toArray();
        long[] t = nanos.toArray();
        long[] out = new long[2 * c.length];
        for (int i = 0; i < c.length; i++) {
            out[2 * i] = c[i];
            out[2 * i + 1] = t[i];
        }
        return JavaConverters.asScalaIterator(List.of(out).iterator());
    }

    /** The meeting places of the batches running in this JVM, by stage and attempt. */
    private static final ConcurrentHashMap<String, Gate> GATES = new ConcurrentHashMap<>();

    /**
     * Where a batch's tasks meet after each level: each brings the states it marked first and whether its time is up,
     * and waits until all have come; all leave with the same sum and flag. A task killed while it waits (another one
     * failed) leaves at once.
     */
    static final class Gate {
        private final int parties;
        private int arrived;
        private int left;
        private long generation;
        private long sum;
        private boolean late;
        private long[] last;

        Gate(int parties) {
            this.parties = parties;
        }

        synchronized long[] meet(long mine, boolean mineLate, TaskContext context) {
            long round = generation;
            sum += mine;
            late |= mineLate;
            if (++arrived == parties) {
                last = new long[] {sum, late ? 1 : 0};
                arrived = 0;
                sum = 0;
                late = false;
                generation++;
                notifyAll();
                return last;
            }
            while (generation == round) {
                context.killTaskIfInterrupted();
                try {
                    wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    context.killTaskIfInterrupted();
                    throw new IllegalStateException("interrupted between two levels", e);
                }
            }
            return last;
        }

        /** The task is done with the batch; the last one out removes the gate. */
        synchronized void leave(String key) {
            if (++left == parties) {
                GATES.remove(key, this);
            }
        }
    }
}
