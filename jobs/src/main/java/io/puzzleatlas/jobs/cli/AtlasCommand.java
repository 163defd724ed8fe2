package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.atlas.AtlasCsv;
import io.puzzleatlas.jobs.atlas.AtlasEngine;
import io.puzzleatlas.jobs.atlas.AtlasParquet;
import io.puzzleatlas.jobs.atlas.AtlasSpace;
import io.puzzleatlas.jobs.atlas.InCoreAtlasEngine;
import io.puzzleatlas.jobs.atlas.SparkAtlasEngine;
import io.puzzleatlas.jobs.explore.InCoreCheckpoints;
import io.puzzleatlas.jobs.explore.SearchOptions;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.spark.SparkOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code atlas --puzzle P [--goal G] --output DIR}: depth histogram and deepest states of a whole
 * space, written as the Parquet datasets {@code DIR/atlas/<space>/histogram} and
 * {@code DIR/atlas/<space>/deepest}, with CSV copies beside them ({@code histogram.csv},
 * {@code deepest.csv}) for the report and quick looks. Each space directory is written aside and
 * moved into place, so a reader never sees half of one.
 */
@Command(name = "atlas", mixinStandardHelpOptions = true,
        description = "Map a whole state space: histogram of optimal distances and the deepest states.")
public final class AtlasCommand implements Callable<Integer> {
    @Option(names = "--puzzle", required = true, paramLabel = "P",
            description = "eight-puzzle, sliding-RxC (R*C <= 14), magic-board, rotation-game, pocket-cube or pocket-cube-qtm")
    String puzzle;

    @Option(names = "--goal", paramLabel = "G",
            description = "sliding: goal board, or 'classes' for every goal class; magic-board: the start")
    String goal;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(names = "--threads", description = "threads (default: all processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    /** Where a split census (the rotation game's) runs; every other atlas runs in this JVM, without Spark. */
    enum Engine { LOCAL, SPARK }

    @Option(names = "--engine", defaultValue = "SPARK",
            description = "rotation-game census: spark (spread over executors, default) or local (driver threads)")
    Engine engineChoice;

    @Mixin
    SearchOptions search = new SearchOptions();

    @Mixin
    SparkOptions sparkOptions = new SparkOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, not " + threads);
        }
        search.check(spec.commandLine());
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        boolean onSpark;
        try {
            Puzzle p = PuzzleRegistry.puzzle(puzzle);
            if (p.wide() != null) {
                throw new IllegalArgumentException("atlas ranks boards in a long: " + p.name() + " has " + p.cellCount()
                        + " cells, too many boards to rank; solve its boards with solve");
            }
            // Only a census that splits into ranges runs on Spark; every other atlas runs here.
            onSpark = engineChoice == Engine.SPARK && PuzzleRegistry.kind(p).splitCensus(p, goal) != null;
        } catch (IllegalArgumentException e) { // an unknown puzzle, a goal that does not apply
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        return new Job<List<AtlasSpace>>("atlas") {
            private InCoreCheckpoints checkpoints;
            private List<AtlasSpace> spaces;
            private double computeSeconds;

            /** The census or searches: the spaces they find name the datasets. */
            @Override
            protected boolean before(Context ctx) throws IOException {
                AtomicOutput.checkedDir(ctx.conf(), output.output()); // whether DIR can be written, before the work
                checkpoints = new InCoreCheckpoints(ctx.conf(), new Path(output.output()), search,
                        space -> AtomicOutput.refuseExisting(ctx.conf(), output, "atlas/" + space));
                search.guard(checkpoints.present(), output.overwrite(), checkpoints.dir());
                if (!search.resume()) {
                    checkpoints.clear(); // only an --overwrite run gets here with a checkpoint: it is discarded
                }
                AtlasEngine engine = ctx.onSpark() ? new SparkAtlasEngine(ctx.session().context()) : new InCoreAtlasEngine(checkpoints);
                out.printf(Locale.ROOT, "atlas: %s%n", ctx.onSpark()
                        ? "census on Spark, master " + ctx.spark().sparkContext().master()
                        : "in this JVM, " + threads + " threads");
                long t0 = System.nanoTime();
                try {
                    spaces = engine.compute(puzzle, goal, threads);
                } catch (IllegalArgumentException e) { // a goal that does not apply
                    throw new ParameterException(spec.commandLine(), e.getMessage(), e);
                } catch (SearchControl.StoppedException e) {
                    out.printf(Locale.ROOT, "atlas: %s; checkpoint in %s, continue with --resume%n", e.getMessage(),
                            checkpoints.dir());
                    out.flush();
                    return false;
                }
                computeSeconds = (System.nanoTime() - t0) / 1e9;
                return true;
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
                    out.printf(Locale.ROOT, "atlas: %s: %,d states, radius %d (%,d states), mean depth %.4f -> %s%n",
                            s.space(), s.states(), s.radius(), s.countAtRadius(), s.meanDepth(),
                            o.published("atlas/" + s.space()));
                }
                out.printf(Locale.ROOT, "atlas: computed in %.2f s; wall %.2f s for the job%n", computeSeconds,
                        (System.nanoTime() - start) / 1e9);
                out.flush();
                return ExitCode.OK;
            }
        }.run(onSpark ? sparkOptions : null, output, start);
    }
}
