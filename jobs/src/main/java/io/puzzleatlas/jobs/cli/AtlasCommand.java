package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.kind.SplitCensusKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.atlas.AtlasJob;
import io.puzzleatlas.jobs.explore.SearchPlan;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.spark.SparkOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code atlas --puzzle P [--goal G] --output DIR}: depth histogram and deepest states of a whole space, written as the
 * Parquet datasets {@code DIR/atlas/<space>/histogram} and {@code DIR/atlas/<space>/deepest}, with CSV copies beside
 * them ({@code histogram.csv}, {@code deepest.csv}) for the report and quick looks. Each space directory is written
 * aside and moved into place, so a reader never sees half of one.
 */
@Command(
        name = "atlas",
        mixinStandardHelpOptions = true,
        description = "Map a whole state space: histogram of optimal distances and the deepest states.")
public final class AtlasCommand implements Callable<Integer> {
    @Option(
            names = {"-p", "--puzzle"},
            required = true,
            paramLabel = "NAME",
            completionCandidates = PuzzleNames.class,
            converter = PuzzleConverter.class,
            description = PuzzleNames.HELP + " (sliding: R*C <= 14)")
    PuzzleHandle puzzle;

    @Mixin
    MetricOption metric;

    @Option(
            names = "--goal",
            paramLabel = "G",
            description = "sliding: goal board, or 'classes' for every goal class; magic-board: the start")
    String goal;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Option(names = "--threads", description = "threads (default: all processors)")
    Integer threads = Runtime.getRuntime().availableProcessors();

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "auto",
            converter = EngineConverter.class,
            description =
                    "rotation-game census: spark or auto (spread over executors, default) or local (driver threads); "
                            + "every other atlas runs in this JVM")
    Engine engine;

    @Mixin
    SearchOptions search = new SearchOptions();

    @Mixin
    SparkOptions sparkOptions = new SparkOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        puzzle = metric.apply(puzzle);
        long start = System.nanoTime();
        Options.atLeastOne(spec, "--threads", threads);
        SearchPlan plan = search.plan(spec.commandLine());
        boolean onSpark;
        try {
            Puzzle p = puzzle.puzzle();
            Puzzle.requirePacked(p, "atlas");
            // Only a census that splits into ranges runs on Spark; every other atlas runs here.
            onSpark = engine.or(Engine.SPARK) == Engine.SPARK
                    && puzzle.kind() instanceof SplitCensusKind k
                    && k.splitCensus(p, goal) != null;
        } catch (IllegalArgumentException e) { // a board too wide to number, a goal that does not apply
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        AtlasJob job = new AtlasJob(
                new AtlasJob.Request(puzzle, goal, threads, plan, output),
                spec.commandLine().getOut());
        return job.run(onSpark ? sparkOptions : null, output, start);
    }
}
