package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.executor.TaskMetrics;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;

/**
 * Records, per completed stage, what a cluster plan needs: the step it belongs to (the {@value #STEP} local property a
 * job sets, e.g. {@code level 12}), tasks, wall time, executor CPU time, shuffle bytes and records written and read,
 * input and output records, the largest peak execution memory of one task, and the largest JVM heap in use that an
 * executor saw while one of the stage's tasks ran. Executors sample their heap at each heartbeat unless
 * {@code spark.executor.metrics.pollingInterval} is set (e.g. {@code 100ms}); without it short stages show -1. Written
 * as CSV ({@link #write}) for {@code explore --stage-metrics FILE}.
 */
public final class StageMetrics extends SparkListener {
    /** Local property naming the step a stage belongs to. */
    public static final String STEP = "puzzleatlas.step";

    private final Map<Integer, long[]> running = new ConcurrentHashMap<>();
    private final Map<Integer, String> steps = new ConcurrentHashMap<>();
    private final Map<Integer, Long> heaps = new ConcurrentHashMap<>();
    private final List<String> rows = new ArrayList<>();

    // Indexes into a stage's counters.
    private static final int TASKS = 0;
    private static final int CPU_NANOS = 1;
    private static final int SHUFFLE_WRITE = 2;
    private static final int SHUFFLE_WRITE_RECORDS = 3;
    private static final int SHUFFLE_READ = 4;
    private static final int SHUFFLE_READ_RECORDS = 5;
    private static final int INPUT_RECORDS = 6;
    private static final int OUTPUT_RECORDS = 7;
    private static final int PEAK_EXECUTION = 8;
    private static final int GC_MILLIS = 9;

    /** Registers a new recorder on {@code sc}. */
    public static StageMetrics attach(SparkContext sc) {
        StageMetrics m = new StageMetrics();
        sc.addSparkListener(m);
        return m;
    }

    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted event) {
        String step = event.properties() == null ? null : event.properties().getProperty(STEP);
        steps.put(event.stageInfo().stageId(), step == null ? "" : step);
        running.put(event.stageInfo().stageId(), new long[10]);
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd event) {
        long[] c = running.get(event.stageId());
        TaskMetrics m = event.taskMetrics();
        if (c == null || m == null) {
            return;
        }
        synchronized (c) {
            c[TASKS]++;
            c[CPU_NANOS] += m.executorCpuTime();
            c[SHUFFLE_WRITE] += m.shuffleWriteMetrics().bytesWritten();
            c[SHUFFLE_WRITE_RECORDS] += m.shuffleWriteMetrics().recordsWritten();
            c[SHUFFLE_READ] += m.shuffleReadMetrics().totalBytesRead();
            c[SHUFFLE_READ_RECORDS] += m.shuffleReadMetrics().recordsRead();
            c[INPUT_RECORDS] += m.inputMetrics().recordsRead();
            c[OUTPUT_RECORDS] += m.outputMetrics().recordsWritten();
            c[PEAK_EXECUTION] = Math.max(c[PEAK_EXECUTION], m.peakExecutionMemory());
            c[GC_MILLIS] += m.jvmGCTime();
        }
        if (event.taskExecutorMetrics() != null) {
            long heap = event.taskExecutorMetrics().getMetricValue("JVMHeapMemory");
            if (heap > 0) {
                heaps.merge(event.stageId(), heap, Math::max);
            }
        }
    }

    @Override
    public void onStageCompleted(SparkListenerStageCompleted event) {
        StageInfo info = event.stageInfo();
        long[] c = running.remove(info.stageId());
        String step = steps.remove(info.stageId());
        if (c == null) {
            return;
        }
        long wall = info.completionTime().isDefined() && info.submissionTime().isDefined()
                ? (Long) info.completionTime().get()
                        - (Long) info.submissionTime().get()
                : -1;
        Long heap = heaps.remove(info.stageId());
        String name = info.name().replace(',', ' ');
        synchronized (rows) {
            rows.add(String.format(
                    Locale.ROOT,
                    "%d,%s,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%s",
                    info.stageId(),
                    step,
                    name,
                    c[TASKS],
                    wall,
                    c[CPU_NANOS] / 1_000_000,
                    c[SHUFFLE_WRITE],
                    c[SHUFFLE_WRITE_RECORDS],
                    c[SHUFFLE_READ],
                    c[SHUFFLE_READ_RECORDS],
                    c[INPUT_RECORDS],
                    c[OUTPUT_RECORDS],
                    c[PEAK_EXECUTION],
                    heap == null ? -1 : heap,
                    c[GC_MILLIS],
                    info.failureReason().isDefined() ? "failed" : "ok"));
        }
    }

    /** The CSV header of {@link #write}. */
    public static final String HEADER =
            "stage,step,name,tasks,wall_ms,cpu_ms,shuffle_write_bytes,shuffle_write_records,"
                    + "shuffle_read_bytes,shuffle_read_records,input_records,output_records,"
                    + "peak_task_execution_bytes,peak_executor_heap_bytes,gc_ms,status";

    /** The stages recorded so far, as CSV lines (without the header). */
    public List<String> rows() {
        synchronized (rows) {
            return new ArrayList<>(rows);
        }
    }

    /**
     * Refuses ({@link io.puzzleatlas.jobs.RefusedException}, naming --stage-metrics) a file that cannot be written,
     * before the job's work: its header is written there now and the whole file at the end, so a long search never ends
     * on an unwritable side output.
     */
    public static void checkWritable(Configuration hadoop, String file) {
        try {
            new StageMetrics().write(hadoop, file);
        } catch (IOException | IllegalArgumentException e) {
            throw new RefusedException(
                    "--stage-metrics " + file + ": cannot be written ("
                            + String.valueOf(e.getMessage())
                                    .lines()
                                    .findFirst()
                                    .orElse(e.getClass().getSimpleName()) + ")",
                    e);
        }
    }

    /** Waits for the events of finished stages, detaches from {@code sc} and writes {@code file}. */
    public void finish(SparkContext sc, String file) throws IOException {
        try {
            sc.listenerBus().waitUntilEmpty(30_000);
        } catch (TimeoutException e) {
            // write what arrived
        }
        sc.removeSparkListener(this);
        write(sc.hadoopConfiguration(), file);
    }

    /** Writes the header and the recorded stages to {@code file} (any Hadoop URI). */
    public void write(Configuration hadoop, String file) throws IOException {
        Path path = new Path(file);
        FileSystem fs = NioLocalFileSystem.of(path, hadoop);
        try (OutputStream out = fs.create(path, true)) {
            StringBuilder sb = new StringBuilder(HEADER).append('\n');
            for (String r : rows()) {
                sb.append(r).append('\n');
            }
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
