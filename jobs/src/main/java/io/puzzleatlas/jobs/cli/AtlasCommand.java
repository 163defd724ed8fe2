package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.jobs.atlas.AtlasCsv;
import io.puzzleatlas.jobs.atlas.AtlasEngine;
import io.puzzleatlas.jobs.atlas.AtlasParquet;
import io.puzzleatlas.jobs.atlas.AtlasSpace;
import io.puzzleatlas.jobs.atlas.InCoreAtlasEngine;
import io.puzzleatlas.jobs.atlas.SparkAtlasEngine;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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
            description = "eight-puzzle, sliding-RxC (R*C <= 12), magic-board or rotation-game")
    String puzzle;

    @Option(names = "--goal", paramLabel = "G",
            description = "sliding: goal board, or 'classes' for every goal class; magic-board: the start")
    String goal;

    @Option(names = "--output", required = true, paramLabel = "DIR")
    Path output;

    @Option(names = "--threads", description = "threads (default: all processors)")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--overwrite", description = "replace spaces already in DIR")
    boolean overwrite;

    /** Where the census runs; sliding spaces and the magic board always run in the driver. */
    enum Engine { LOCAL, SPARK }

    @Option(names = "--engine", defaultValue = "SPARK",
            description = "rotation-game census: spark (spread over executors, default) or local (driver threads)")
    Engine engineChoice;

    @Mixin
    SparkOptions sparkOptions = new SparkOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        try (JobSession session = SparkSessions.open("atlas", sparkOptions)) {
            AtlasEngine engine = engineChoice == Engine.SPARK ? new SparkAtlasEngine(session.context()) : new InCoreAtlasEngine();
            out.printf(Locale.ROOT, "atlas: %s engine, %d driver threads, Spark master %s%n",
                    engineChoice.name().toLowerCase(Locale.ROOT), threads, session.spark().sparkContext().master());
            long t0 = System.nanoTime();
            List<AtlasSpace> spaces = engine.compute(puzzle, goal, threads);
            double secs = (System.nanoTime() - t0) / 1e9;
            for (AtlasSpace s : spaces) {
                Path dir = publish(session.spark(), s);
                out.printf(Locale.ROOT, "atlas: %s: %,d states, radius %d (%,d states), mean depth %.4f -> %s%n",
                        s.space(), s.states(), s.radius(), s.countAtRadius(), s.meanDepth(), dir);
            }
            out.printf(Locale.ROOT, "atlas: computed in %.2f s; wall %.2f s for the job%n", secs,
                    (System.nanoTime() - start) / 1e9);
            out.flush();
            return 0;
        } catch (IOException | RuntimeException e) {
            err.println("atlas: " + e.getMessage());
            err.flush();
            return 2;
        }
    }

    private Path publish(SparkSession spark, AtlasSpace s) throws IOException {
        Path atlas = output.resolve("atlas");
        Path target = atlas.resolve(s.space());
        if (Files.exists(target) && !overwrite) {
            throw new IOException(target + " exists (use --overwrite to replace it)");
        }
        Path staging = output.resolve(".staging-" + System.nanoTime());
        Path written = AtlasCsv.write(staging, s);
        AtlasParquet.write(spark, written, s);
        if (Files.exists(target)) {
            deleteTree(target);
        }
        Files.createDirectories(atlas);
        Files.move(written, target, StandardCopyOption.ATOMIC_MOVE);
        deleteTree(staging);
        return target;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
