package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.io.Schemas.Results;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.AccumulatorV2;

/**
 * What the solving pass saw, counted as it runs, so that no second pass over the input or the written results is
 * needed: the records read, and the results rows per (puzzle, goal, status, optimal length), i.e. {@code solve}'s
 * histogram. The solving functions run in the last stage of the job that writes {@code results/}, and Spark merges a
 * result task's accumulator updates exactly once, from its successful attempt only (failed or speculative attempts do
 * not count), so the counts are those of the rows written.
 */
final class SolveTally extends AccumulatorV2<Row, SolveTally.Counts> {
    private static final long serialVersionUID = 1L;

    /** The counts: records read, and results rows per histogram key. */
    static final class Counts implements Serializable {
        private static final long serialVersionUID = 1L;
        long records;
        /** States the searches of the counted rows generated (for progress lines). */
        long nodes;
        /** (puzzle, goal, status, length) -> rows. */
        final HashMap<List<Object>, Long> rows = new HashMap<>();
        /** Instances left for the split search ({@link HardInstances#DEFERRED} rows): no results row yet. */
        final ArrayList<Row> deferred = new ArrayList<>();

        /** One results row counted (also on the driver, for a split instance's row). */
        void add(Row result) {
            List<Object> key = Arrays.asList(
                    result.get(Results.PUZZLE),
                    result.get(Results.GOAL),
                    result.get(Results.STATUS),
                    result.get(Results.LENGTH));
            rows.merge(key, 1L, Long::sum);
            if (!result.isNullAt(Results.NODES)) {
                nodes += result.getLong(Results.NODES);
            }
        }

        long rowCount() {
            return rows.values().stream().mapToLong(Long::longValue).sum();
        }

        /** Histogram rows (puzzle, goal, status, depth, count), sorted, nulls first. */
        List<Row> histogram() {
            List<Row> out = new ArrayList<>();
            rows.forEach((k, n) -> out.add(RowFactory.create(k.get(0), k.get(1), k.get(2), k.get(3), n)));
            out.sort(ORDER);
            return out;
        }
    }

    private static final Comparator<Row> ORDER = Comparator.comparing(
                    (Row r) -> (String) r.get(0), Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing((Row r) -> (String) r.get(1), Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing((Row r) -> (String) r.get(2), Comparator.nullsFirst(Comparator.<String>naturalOrder()))
            .thenComparing((Row r) -> (Integer) r.get(3), Comparator.nullsFirst(Comparator.<Integer>naturalOrder()));

    private Counts counts = new Counts();

    /** A new tally, registered with the context so that tasks' updates come back. */
    static SolveTally register(SparkContext sc) {
        SolveTally tally = new SolveTally();
        sc.register(tally, "solve tally");
        return tally;
    }

    /** One record read (valid or not). */
    void record() {
        counts.records++;
    }

    /** One results row ({@link io.puzzleatlas.jobs.io.Schemas#RESULTS} columns) written. */
    @Override
    public void add(Row result) {
        counts.add(result);
    }

    /** One instance left for the split search ({@link HardInstances#DEFERRED} columns). */
    void defer(Row instance) {
        counts.deferred.add(instance);
    }

    /** Instances left for the split search. */
    long deferredCount() {
        return counts.deferred.size();
    }

    /** Records read by the solving pass. */
    long records() {
        return counts.records;
    }

    /** The histogram rows in {@link SolveHistogram#SCHEMA} columns, sorted. */
    List<Row> histogram() {
        return counts.histogram();
    }

    @Override
    public boolean isZero() {
        return counts.records == 0 && counts.rows.isEmpty() && counts.deferred.isEmpty();
    }

    @Override
    public AccumulatorV2<Row, Counts> copy() {
        SolveTally c = new SolveTally();
        c.counts.records = counts.records;
        c.counts.nodes = counts.nodes;
        c.counts.rows.putAll(counts.rows);
        c.counts.deferred.addAll(counts.deferred);
        return c;
    }

    @Override
    public void reset() {
        counts = new Counts();
    }

    @Override
    public void merge(AccumulatorV2<Row, Counts> other) {
        Counts o = other.value();
        counts.records += o.records;
        counts.nodes += o.nodes;
        for (Map.Entry<List<Object>, Long> e : o.rows.entrySet()) {
            counts.rows.merge(e.getKey(), e.getValue(), Long::sum);
        }
        counts.deferred.addAll(o.deferred);
    }

    @Override
    public Counts value() {
        return counts;
    }
}
