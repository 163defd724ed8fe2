package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.RowResult;
import io.puzzleatlas.core.santa.SantaData;
import io.puzzleatlas.core.santa.SantaFormatException;
import io.puzzleatlas.core.santa.SantaSolver;
import io.puzzleatlas.core.santa.SubmissionReader;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetRows;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code santa}: the competition's puzzles answered in this JVM. Before the output is touched the data and the
 * incumbent are read and every puzzle is answered by the core ({@link SantaSolver}); the stages write
 * {@code DIR/results} ({@link SantaRows}) and {@code DIR/submission.csv}, published together. A submission needs every
 * id: when a puzzle has no row that reaches its goal only {@code results} is written, and the report says why.
 */
public final class SantaJob extends Job<List<RowResult>> {
    static final String RESULTS = "results";
    static final String SUBMISSION = "submission.csv";

    private final SantaSpec spec;
    private final OutputOptions output;
    private SantaIncumbent incumbent;
    private List<RowResult> rows;

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
        SantaData data = read(spec.data().toString(), () -> SantaData.load(spec.data()));
        if (spec.types() != null) {
            for (String type : spec.types()) {
                if (!data.types().containsKey(type)) {
                    throw new UsageException("--types: " + type + " is not a type of " + spec.data() + " (types: "
                            + String.join(",", data.types().keySet()) + ")");
                }
            }
        }
        incumbent = incumbent(data);
        rows = read(
                incumbent.name(),
                () -> SantaSolver.solve(
                        data,
                        incumbent.name(),
                        incumbent.rows(),
                        type -> spec.types() == null || spec.types().contains(type),
                        spec.budget()));
        return true;
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

    private Optional<RowResult> firstUnsolved() {
        return rows.stream().filter(r -> r.moves() == null).findFirst();
    }

    @Override
    protected String[] datasets() {
        return firstUnsolved().isPresent() ? new String[] {RESULTS} : new String[] {RESULTS, SUBMISSION};
    }

    @Override
    protected List<RowResult> stages(Context ctx, AtomicOutput out) throws IOException {
        ParquetRows.write(
                ctx.conf(),
                out.staged(RESULTS),
                SantaRows.RESULTS,
                rows.stream().map(SantaRows::row).toList());
        if (firstUnsolved().isEmpty()) {
            try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(
                    out.fileSystem().create(out.staged(SUBMISSION), false), StandardCharsets.UTF_8))) {
                w.write(SubmissionReader.HEADER + "\n");
                for (RowResult r : rows) {
                    w.write(r.puzzle().id() + "," + r.movesText() + "\n");
                }
            }
        }
        return rows;
    }

    @Override
    protected ExitCode report(Context ctx, AtomicOutput out, List<RowResult> result) {
        System.out.println(
                "santa: incumbent " + incumbent.name() + " (" + incumbent.rows().size() + " rows)");
        for (String type : new LinkedHashSet<>(
                result.stream().map(r -> r.puzzle().type().name()).toList())) {
            System.out.println("santa: " + SantaScore.of(type, result, incumbent.rows()));
        }
        System.out.println("santa: " + SantaScore.of(null, result, incumbent.rows()));
        Optional<RowResult> unsolved = firstUnsolved();
        System.out.println(
                unsolved.isPresent()
                        ? "santa: " + SUBMISSION + " not written: id "
                                + unsolved.get().puzzle().id()
                                + " has no solution (give --incumbent, or a larger budget); results -> "
                                + out.published(RESULTS)
                        : "santa: -> " + out.published(SUBMISSION) + " and " + out.published(RESULTS));
        return reconcile(ctx, result.size(), result.size(), 0);
    }
}
