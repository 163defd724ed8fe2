package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.Replay;
import io.puzzleatlas.core.santa.Replayer;
import io.puzzleatlas.core.santa.RowResult;
import io.puzzleatlas.core.santa.SantaData;
import io.puzzleatlas.core.santa.SantaFormatException;
import io.puzzleatlas.core.santa.SantaPuzzle;
import io.puzzleatlas.core.santa.SantaSolver;
import io.puzzleatlas.core.santa.SubmissionReader;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetRows;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * {@code santa}: the competition's puzzles answered, in this JVM or on Spark. Before the output is touched the data and
 * the incumbent are read on the driver (once) and the incumbent's rows replayed ({@link SantaSolver#misses}); then each
 * puzzle of a searched type is answered by the core ({@link SantaSolver#answer}): one after the other in this JVM, or
 * on Spark as one task each (a Spark job per puzzle, as many at once as the cluster has cores, so that hard puzzles
 * spread over the executors while the rest go on), the task shipped the puzzle, its incumbent row and the budget. Each
 * finished puzzle's answer is kept in {@link SantaCheckpoint} for {@code --resume}. Every row is replayed on the
 * driver; a puzzle left without a row is refused in one line (nothing written), else {@code DIR/results}
 * ({@link SantaRows}) and {@code DIR/submission.csv} are published together.
 */
public final class SantaJob extends Job<List<RowResult>> {
    static final String RESULTS = "results";
    static final String SUBMISSION = "submission.csv";

    private final SantaSpec spec;
    private final OutputOptions output;
    private SantaData data;
    private SantaIncumbent incumbent;
    private Map<Integer, Replay> misses;
    private String request;

    public SantaJob(SantaSpec spec, OutputOptions output) {
        super("santa");
        this.spec = spec;
        this.output = output;
    }

    @Override
    protected boolean before(Context ctx) {
        // refused now rather than after the search
        AtomicOutput.refuseExisting(ctx.conf(), output, RESULTS);
        AtomicOutput.refuseExisting(ctx.conf(), output, SUBMISSION);
        data = read(spec.data().toString(), () -> SantaData.load(spec.data()));
        if (spec.types() != null) {
            for (String type : spec.types()) {
                if (!data.types().containsKey(type)) {
                    throw new UsageException("--types: " + type + " is not a type of " + spec.data() + " (types: "
                            + String.join(",", data.types().keySet()) + ")");
                }
            }
        }
        incumbent = incumbent(data);
        misses = read(
                incumbent.name(), () -> SantaSolver.misses(data, incumbent.name(), incumbent.rows(), this::searched));
        for (SantaPuzzle puzzle : data.puzzles().values()) {
            if (!searched(puzzle.type().name()) && !incumbent.rows().containsKey(puzzle.id())) {
                throw new RefusedException(
                        "santa: id " + puzzle.id() + " (" + puzzle.type().name()
                                + ") has no solution: no row of " + incumbent.name() + " and its type is not searched; "
                                + "nothing written");
            }
        }
        request = "santa\ndata " + stamp(spec.data()) + "\nincumbent "
                + (spec.incumbent() == null ? "the data's" : stamp(spec.incumbent())) + "\ntypes "
                + (spec.types() == null ? "all" : String.join(",", new TreeSet<>(spec.types()))) + "\nbudget "
                + spec.budget().maxNodes() + " nodes, " + spec.budget().maxMillis() + " ms";
        return true;
    }

    private boolean searched(String type) {
        return spec.types() == null || spec.types().contains(type);
    }

    /** A file, or a directory's files, as a resumed run must find them: name, length and modification time. */
    private static String stamp(Path path) {
        try {
            List<Path> files = Files.isDirectory(path)
                    ? Stream.of(SantaData.PUZZLE_INFO, SantaData.PUZZLES, SantaData.SAMPLE_SUBMISSION)
                            .map(path::resolve)
                            .filter(Files::isRegularFile)
                            .toList()
                    : List.of(path);
            StringBuilder text = new StringBuilder();
            for (Path f : files) {
                text.append(text.length() == 0 ? "" : "; ")
                        .append(f.toAbsolutePath().normalize())
                        .append(' ')
                        .append(Files.size(f))
                        .append(" bytes ")
                        .append(Files.getLastModifiedTime(f).toMillis());
            }
            return text.toString();
        } catch (IOException e) {
            throw new RefusedException(path + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    /** The incumbent named by --incumbent, else the data's sample submission, else none. */
    private SantaIncumbent incumbent(SantaData data) {
        if (spec.incumbent() != null) {
            String name = spec.incumbent().toString();
            String text;
            try {
                text = Files.readString(spec.incumbent(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new RefusedException("--incumbent " + name + ": cannot read (" + e.getMessage() + ")", e);
            }
            return new SantaIncumbent(name, read(name, () -> SubmissionReader.read(name, text, data.puzzles())));
        }
        if (!read(spec.data().toString(), () -> SantaData.holds(spec.data(), SantaData.SAMPLE_SUBMISSION))) {
            return new SantaIncumbent("no incumbent", Map.of());
        }
        String name = spec.data() + ": " + SantaData.SAMPLE_SUBMISSION;
        return new SantaIncumbent(
                name,
                read(
                        name,
                        () -> SubmissionReader.read(
                                SantaData.SAMPLE_SUBMISSION,
                                SantaData.text(spec.data(), SantaData.SAMPLE_SUBMISSION),
                                data.puzzles())));
    }

    /** Runs a read of the core, turning its refusal into the job's, one line naming {@code where}. */
    private static <T> T read(String where, Supplier<T> reading) {
        try {
            return reading.get();
        } catch (SantaFormatException e) {
            String line = e.getMessage();
            throw new RefusedException(line.startsWith(where) ? line : where + ": " + line, e);
        } catch (UncheckedIOException e) {
            throw new RefusedException(e.getMessage(), e);
        }
    }

    @Override
    protected String[] datasets() {
        return new String[] {RESULTS, SUBMISSION};
    }

    @Override
    protected List<RowResult> stages(Context ctx, AtomicOutput out) throws IOException {
        SantaCheckpoint checkpoint = SantaCheckpoint.open(out, request, spec.resume(), output.overwrite());
        Map<Integer, SantaAnswer> answers = new LinkedHashMap<>();
        List<SantaTask> tasks = new ArrayList<>();
        int resumed = 0;
        for (SantaPuzzle puzzle : data.puzzles().values()) {
            int[] kept =
                    misses.containsKey(puzzle.id()) ? null : incumbent.rows().get(puzzle.id());
            SantaAnswer earlier = searched(puzzle.type().name()) ? checkpoint.answer(puzzle.id()) : null;
            if (earlier != null) {
                answers.put(puzzle.id(), earlier);
                resumed++;
            } else if (searched(puzzle.type().name())) {
                tasks.add(new SantaTask(puzzle, kept, spec.budget()));
            } else {
                answers.put(puzzle.id(), SantaAnswer.of(SantaSolver.answer(puzzle, kept, false, spec.budget())));
            }
        }
        if (spec.resume()) {
            System.out.println("santa: --resume: " + resumed + " searched puzzles kept by " + SantaCheckpoint.NAME
                    + ", " + tasks.size() + " to search");
        }
        if (ctx.onSpark()) {
            onSpark(ctx, tasks, checkpoint).forEach(a -> answers.put(a.id(), a));
        } else {
            for (SantaTask task : tasks) {
                SantaAnswer a = task.answer();
                finished(checkpoint, a);
                answers.put(a.id(), a);
            }
        }
        Report.phase("santa", "searched");
        List<RowResult> rows;
        try {
            rows = rows(answers);
        } catch (RefusedException e) {
            SantaCheckpoint.remove(out); // an outcome, not a stop: nothing of the run is kept
            throw e;
        }
        ParquetRows.write(
                ctx.conf(),
                out.staged(RESULTS),
                SantaRows.RESULTS,
                rows.stream().map(SantaRows::row).toList());
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
                out.fileSystem().create(out.staged(SUBMISSION), false), StandardCharsets.UTF_8))) {
            w.write(SubmissionReader.HEADER + "\n");
            for (RowResult r : rows) {
                w.write(r.puzzle().id() + "," + r.movesText() + "\n");
            }
        }
        return rows;
    }

    /**
     * The rows in file order, each replayed on the driver before it is written; refused in one line when an incumbent
     * row missed its goal and nothing replaced it, or when a puzzle has no row.
     */
    private List<RowResult> rows(Map<Integer, SantaAnswer> answers) {
        List<RowResult> rows = new ArrayList<>();
        for (SantaPuzzle puzzle : data.puzzles().values()) {
            RowResult row = answers.get(puzzle.id()).row(puzzle);
            read(incumbent.name(), () -> {
                SantaSolver.checkAnswer(incumbent.name(), row, misses.get(puzzle.id()));
                return row;
            });
            if (row.moves() == null) {
                throw new RefusedException(
                        "santa: id " + puzzle.id() + " (" + puzzle.type().name()
                                + ") has no solution: no row of " + incumbent.name()
                                + " and none found within the budget; nothing written (give --incumbent, or a "
                                + "larger budget)");
            }
            // every row of the submission replayed on the driver before it is written
            if (!Replayer.replay(puzzle, row.moves()).solved()) {
                throw new IllegalStateException("id " + puzzle.id() + ": the row kept does not reach its goal");
            }
            rows.add(row);
        }
        return rows;
    }

    /** A searched puzzle finished: kept in the checkpoint; a fault test may stop the run here. */
    private static void finished(SantaCheckpoint checkpoint, SantaAnswer answer) {
        checkpoint.save(answer);
        FaultSeam.stop("santa-puzzle");
    }

    /**
     * The tasks on Spark: a job of one task per puzzle, submitted from as many driver threads as the cluster runs tasks
     * at once, so that a hard puzzle holds one core while the others go on; each answer is kept as it arrives.
     */
    private static List<SantaAnswer> onSpark(Context ctx, List<SantaTask> tasks, SantaCheckpoint checkpoint) {
        if (tasks.isEmpty()) {
            return List.of();
        }
        JavaSparkContext sc = ctx.session().context();
        int threads = Math.max(1, Math.min(tasks.size(), ctx.session().parallelism()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<SantaAnswer>> futures = new ArrayList<>();
            for (SantaTask task : tasks) {
                futures.add(pool.submit(() -> {
                    sc.setJobGroup("santa", "santa: id " + task.puzzle().id(), true);
                    // Java-serialized both ways: Spark's Kryo serializer cannot build records
                    List<byte[]> shipped = new ArrayList<>();
                    shipped.add(SantaTask.bytes(task));
                    SantaAnswer a = (SantaAnswer) SantaTask.object(sc.parallelize(shipped, 1)
                            .map(SantaTask::answer)
                            .collect()
                            .get(0));
                    finished(checkpoint, a);
                    return a;
                }));
            }
            List<SantaAnswer> answers = new ArrayList<>();
            for (Future<SantaAnswer> f : futures) {
                answers.add(f.get());
            }
            return answers;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("santa: interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    @Override
    protected ExitCode report(Context ctx, AtomicOutput out, List<RowResult> result) {
        SantaCheckpoint.remove(out);
        System.out.println(
                "santa: incumbent " + incumbent.name() + " (" + incumbent.rows().size() + " rows)");
        for (String type : new LinkedHashSet<>(
                result.stream().map(r -> r.puzzle().type().name()).toList())) {
            System.out.println("santa: " + SantaScore.of(type, result, incumbent.rows()));
        }
        System.out.println("santa: " + SantaScore.of(null, result, incumbent.rows()));
        System.out.println("santa: -> " + out.published(SUBMISSION) + " and " + out.published(RESULTS) + " ("
                + (ctx.onSpark() ? "spark" : "local") + " engine)");
        return reconcile(ctx, result.size(), result.size(), 0);
    }
}
