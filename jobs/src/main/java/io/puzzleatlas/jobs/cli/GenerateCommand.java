package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.generate.GenerateJob;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.spark.SparkOptions;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code generate}: instances of a puzzle to {@code DIR/instances}, made on the executors. */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Write puzzle instances to DIR/instances (Parquet): every solvable board (--all), "
                + "uniformly random ones (--random N --seed S) or random walks from the goal (--scramble K "
                + "--random N).")
public final class GenerateCommand implements Callable<Integer> {

    @Option(
            names = {"-p", "--puzzle"},
            required = true,
            paramLabel = "NAME",
            completionCandidates = PuzzleNames.class,
            converter = PuzzleConverter.class,
            description = PuzzleNames.HELP)
    PuzzleHandle puzzle;

    @Mixin
    MetricOption metric;

    @Mixin
    GeneratorOptions generator;

    @Option(
            names = "--goal",
            paramLabel = "BOARD",
            description = "the goal of every instance (sliding puzzles; default: tiles in order, blank last)")
    String goal;

    @Option(
            names = "--partitions",
            paramLabel = "P",
            description = "number of partitions (default: Spark's parallelism)")
    Integer partitions;

    @Mixin
    OutputOptions output;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        puzzle = metric.apply(puzzle);
        long started = System.nanoTime();
        checkAgainst(spec, puzzle.puzzle(), goal, generator);
        Options.atLeastOne(spec, "--partitions", partitions);
        return new GenerateJob(generator.spec(puzzle, goal), partitions).run(sparkOptions, output, started);
    }

    /** Checks a command's generator options (null: none) and goal against its puzzle. */
    static void checkAgainst(CommandSpec spec, Puzzle puzzle, String goal, GeneratorOptions generator) {
        String problem = generator == null ? null : generator.problem(puzzle);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), problem);
        }
        if (goal != null && (!puzzle.hasGoalBoard() || puzzle.enumeratesGoals())) {
            throw new ParameterException(
                    spec.commandLine(),
                    puzzle.name() + (puzzle.hasGoalBoard() ? " instances enumerate goals" : " has no goal board")
                            + ": --goal does not apply");
        }
        if (goal != null) {
            Options.checkGoal(spec, puzzle, goal);
        }
    }
}
