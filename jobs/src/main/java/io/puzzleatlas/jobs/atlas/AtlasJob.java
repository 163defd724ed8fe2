package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.explore.InCoreCheckpoints;
import io.puzzleatlas.jobs.explore.SearchPlan;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.Path;

/**
 * The atlas of a space ({@code atlas}): the census or searches run before the output is touched (the spaces they find
 * name the datasets), then every space is written as CSV and Parquet under {@code DIR/atlas/<space>}. On Spark only a
 * census that splits into ranges runs over executors; every other atlas runs in this JVM with in-core checkpoints.
 */
public final class AtlasJob extends Job<List<AtlasSpace>> {
    /**
     * What to map.
     *
     * @param puzzle the puzzle, resolved
     * @param goal the goal's text, "classes", or null for the puzzle's
     * @param threads threads of the in-core searches
     * @param search checkpoints, resume and the level to stop after
     * @param output where the datasets go
     */
    public record Request(PuzzleHandle puzzle, String goal, int threads, SearchPlan search, OutputOptions output) {}

    private final Request request;
    private final PrintWriter out;
    private InCoreCheckpoints checkpoints;
    private List<AtlasSpace> spaces;
    private double computeSeconds;

    public AtlasJob(Request request, PrintWriter out) {
        super("atlas");
        this.request = request;
        this.out = out;
    }

    /** The census or searches: the spaces they find name the datasets. */
    @Override
    protected boolean before(Context ctx) throws IOException {
        refuseUnwritableName(request.puzzle());
        OutputOptions output = request.output();
        AtomicOutput.checkedDir(ctx.conf(), output.output()); // whether DIR can be written, before the work
        checkpoints = new InCoreCheckpoints(
                ctx.conf(),
                new Path(output.output()),
                request.puzzle(),
                request.goal(),
                request.search(),
                space -> AtomicOutput.refuseExisting(ctx.conf(), output, "atlas/" + space));
        request.search().guard(checkpoints.present(), output.overwrite(), checkpoints.dir());
        if (request.search().resume()) {
            checkpoints.refuseOtherRuns(); // kept: this run would search another space and remove it at the end
        } else {
            checkpoints.clear(); // only an --overwrite run gets here with a checkpoint: it is discarded
        }
        AtlasEngine engine =
                ctx.onSpark() ? new SparkAtlasEngine(ctx.session().context()) : new InCoreAtlasEngine(checkpoints);
        out.printf(
                Locale.ROOT,
                "atlas: %s%n",
                ctx.onSpark()
                        ? "census on Spark, master "
                                + ctx.spark().sparkContext().master()
                        : "in this JVM, " + request.threads() + " threads");
        String scheme = request.puzzle().kind().describeSpace(request.puzzle().puzzle());
        if (scheme != null) {
            out.printf(Locale.ROOT, "atlas: %s: %s%n", request.puzzle().name(), scheme);
        }
        long t0 = System.nanoTime();
        try {
            spaces = engine.compute(request.puzzle(), request.goal(), request.threads());
        } catch (IllegalArgumentException e) { // a goal that does not apply
            throw new UsageException(e.getMessage());
        } catch (SearchControl.StoppedException e) {
            out.printf(
                    Locale.ROOT,
                    "atlas: %s; checkpoint in %s, continue with --resume%n",
                    e.getMessage(),
                    checkpoints.dir());
            out.flush();
            return false;
        }
        computeSeconds = (System.nanoTime() - t0) / 1e9;
        return true;
    }

    /**
     * Refuses, before any search, a definition file whose name holds ':' ({@code x:y.tws}): the atlas names its
     * datasets after the puzzle ({@code atlas/x:y-generators}), and a Hadoop path reads a name with ':' as a URI
     * scheme.
     */
    private static void refuseUnwritableName(PuzzleHandle puzzle) {
        if (puzzle.name().indexOf(':') >= 0) {
            throw new RefusedException("definition file " + puzzle.definitionFileName()
                    + ": the atlas names its datasets after the puzzle (atlas/" + puzzle.name()
                    + "), and Hadoop paths cannot hold ':' in a name; rename the file");
        }
    }

    @Override
    protected String[] datasets() {
        return spaces.stream().map(s -> "atlas/" + s.space()).toArray(String[]::new);
    }

    /** Every space as CSV and Parquet, through the Hadoop file system of the output. */
    @Override
    protected List<AtlasSpace> stages(Context ctx, AtomicOutput o) throws IOException {
        // AtlasCsv writes root/atlas/<space>; the staging directory is that root
        Path root = o.staged("atlas").getParent();
        for (AtlasSpace s : spaces) {
            AtlasParquet.write(ctx.conf(), AtlasCsv.write(o.fileSystem(), root, s), s);
        }
        return spaces;
    }

    @Override
    protected ExitCode report(Context ctx, AtomicOutput o, List<AtlasSpace> written) {
        checkpoints.clear();
        for (AtlasSpace s : written) {
            out.printf(
                    Locale.ROOT,
                    "atlas: %s: %,d states, radius %d (%,d state%s), mean depth %.4f -> %s%n",
                    s.space(),
                    s.states(),
                    s.radius(),
                    s.countAtRadius(),
                    s.countAtRadius() == 1 ? "" : "s",
                    s.meanDepth(),
                    o.published("atlas/" + s.space()));
        }
        out.printf(
                Locale.ROOT,
                "atlas: computed in %.2f s; wall %.2f s for the job%n",
                computeSeconds,
                (System.nanoTime() - ctx.startedNanos()) / 1e9);
        out.flush();
        return ExitCode.OK;
    }
}
