package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
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
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write puzzle instances to DIR/instances (Parquet): every solvable board (--all), "
            + "uniformly random ones (--random N --seed S) or random walks from the goal (--scramble K "
            + "--random N).")
public final class GenerateCommand implements Callable<Integer> {

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME", completionCandidates = PuzzleNames.class,
            description = "${COMPLETION-CANDIDATES}")
    String puzzleName;

    @Mixin
    GeneratorOptions generator;

    @Option(names = "--goal", paramLabel = "BOARD",
            description = "the goal of every instance (sliding puzzles; default: tiles in order, blank last)")
    String goal;

    @Option(names = "--partitions", paramLabel = "P", description = "number of partitions (default: Spark's parallelism)")
    Integer partitions;

    @Mixin
    OutputOptions output;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long started = System.nanoTime();
        Puzzle puzzle = checkedPuzzle(spec, puzzleName, goal, generator);
        Options.atLeastOne(spec, "--partitions", partitions);
        return new GenerateJob(generator.spec(puzzle, goal), partitions).run(sparkOptions, output, started);
    }

    /** The puzzle of a command, after checking the generator options (null: none) and goal against it. */
    static Puzzle checkedPuzzle(CommandSpec spec, String puzzleName, String goal, GeneratorOptions generator) {
        Puzzle puzzle;
        try {
            puzzle = PuzzleRegistry.puzzle(puzzleName);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String problem = generator == null ? null : generator.problem(puzzle);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), problem);
        }
        if (goal != null && (!puzzle.hasGoalBoard() || puzzle.enumeratesGoals())) {
            throw new ParameterException(spec.commandLine(), puzzle.name()
                    + (puzzle.hasGoalBoard() ? " instances enumerate goals" : " has no goal board") + ": --goal does not apply");
        }
        if (goal != null) {
            Options.checkGoal(spec, puzzle, goal);
        }
        return puzzle;
    }
}
