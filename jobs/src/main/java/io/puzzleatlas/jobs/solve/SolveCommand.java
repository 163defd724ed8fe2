package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.generate.GenerateCommand;
import io.puzzleatlas.jobs.generate.GeneratorOptions;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code solve}: instances to {@code DIR/results}, {@code DIR/histogram} and {@code DIR/errors},
 * and the chart of the optimal lengths to {@code DIR/chart}.
 */
@Command(name = "solve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Solve instances optimally (fewest moves, then the smallest move string) and write "
            + "DIR/results, DIR/histogram and DIR/errors (Parquet). Instances come from --input "
            + "(Parquet instances, CSV lines start[,goal][,step_limit] with an optional header, or a "
            + "judge-format text file) or are generated on the fly with generate's options (--all, "
            + "--random N ...).")
public final class SolveCommand implements Callable<Integer> {

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME",
            description = "eight-puzzle, fifteen-puzzle, twenty-four-puzzle, sliding-RxC, magic-board, rotation-game, pocket-cube or pocket-cube-qtm (an unknown name lists the known ones)")
    String puzzleName;

    @Option(names = {"-i", "--input"}, paramLabel = "PATH", description = "a file or a directory of files")
    String input;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "parquet, csv or judge (default: from the file names: .parquet, .csv, else judge)")
    InputFormat format;

    @Mixin
    GeneratorOptions generator;

    @Option(names = "--goal", paramLabel = "BOARD", description = "goal of records that name none (default: the puzzle's)")
    String goal;

    @Option(names = "--max-nodes", paramLabel = "N", description = "per-instance node budget (BUDGET_EXCEEDED beyond it)")
    Long maxNodes;

    @Option(names = "--max-millis", paramLabel = "MS", description = "per-instance time budget in milliseconds")
    Long maxMillis;

    @Option(names = "--tables", paramLabel = "URI",
            description = "directory of the pattern databases, any Hadoop URI the executors can read (default: "
                + "$PUZZLE_ATLAS_TABLES or ~/.cache/puzzle-atlas/tables); a missing table of the goal is built "
                + "once, on the driver")
    String tables;

    @Option(names = "--partitions", paramLabel = "P", description = "repartition the instances into P partitions before solving")
    Integer partitions;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
            description = "local: solve in this JVM's threads without Spark (a small job then takes about 2 s in "
                + "all); spark: a Spark job; auto (default): local when Spark would run embedded (no --master, "
                + "--conf, --partitions or spark-submit) and the input is at most " + (LOCAL_TEXT_BYTES >> 20) + " MB of text or "
                + "at most " + LOCAL_GENERATED + " generated instances, else spark. Parquet input always uses Spark.")
    Engine engine;

    /** {@code --engine}. */
    enum Engine { AUTO, LOCAL, SPARK }

    /** Inputs up to these sizes run without Spark under {@code --engine auto} (docs/benchmarks.md). */
    static final long LOCAL_TEXT_BYTES = 64L << 20;
    static final long LOCAL_GENERATED = 4_000_000;

    @Mixin
    OutputOptions output;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;


    /**
     * Picks the job ({@link InputSolve} or {@link GeneratedSolve}) and the engine: Spark when asked
     * for, or when Spark options are given or the input is large; else this JVM's threads.
     */
    @Override
    public Integer call() {
        long started = System.nanoTime();
        Puzzle puzzle = checkedPuzzle();
        Report.phase("solve", "main");
        SolveBackground.warmUpChart();
        boolean sparkOptionsGiven = partitions != null || !SparkSessions.embeddedDefault(sparkOptions);
        if (engine == Engine.SPARK || (engine == Engine.AUTO && sparkOptionsGiven)) {
            SolveJob job = input == null ? new GeneratedSolve(this, puzzle) : new InputSolve(this, puzzle, null, null);
            return job.run(sparkOptions, output, started);
        }
        if (engine == Engine.LOCAL && (sparkOptions.master() != null || !sparkOptions.conf().isEmpty() || partitions != null)) {
            throw new UsageException("--engine local runs without Spark: --master, --conf and --partitions do not apply");
        }
        SolveJob job;
        boolean small;
        if (input == null) {
            job = new GeneratedSolve(this, puzzle);
            small = generator.count(puzzle) <= LOCAL_GENERATED;
        } else {
            Configuration conf = SparkSessions.hadoopConfiguration();
            List<Path> files = SolveInputs.files(conf, input);
            InputFormat chosen = SolveInputs.detect(files, format);
            job = new InputSolve(this, puzzle, files, chosen);
            small = chosen != InputFormat.PARQUET && SolveInputs.bytes(conf, input, files) <= LOCAL_TEXT_BYTES;
        }
        boolean local = engine == Engine.LOCAL || small;
        return job.run(local ? null : sparkOptions, output, started);
    }

    /**
     * Partitions for puzzles solved by a search per instance: 4 per core, more for big sets (at
     * most 2,000 instances each). Tasks stream their rows, so a slow board holds back only its own
     * partition; finer cuts cost more in per-file Parquet overhead than they win here (measured:
     * 10,000 4x4 boards on 2 cores took 23 s in 2 partitions, 27 s in 16, 32 s in 157).
     */
    static int searchPartitions(JobSession session, long count) {
        long bySize = count == Long.MAX_VALUE ? 0 : Math.min(100_000, (count + 1_999) / 2_000);
        return (int) Math.max(4L * session.parallelism(), bySize);
    }

    private Puzzle checkedPuzzle() {
        if ((input == null) == !generator.present()) {
            throw new ParameterException(spec.commandLine(), "give --input PATH or generator options (--all, --random N), not both");
        }
        Puzzle puzzle = GenerateCommand.checkedPuzzle(spec, puzzleName, null,
                generator.present() ? generator : null);
        if (goal != null) {
            if (!puzzle.hasGoalBoard()) {
                throw new ParameterException(spec.commandLine(), puzzle.name() + " has no goal board: --goal does not apply");
            }
            try {
                if (puzzle.wide() != null) {
                    puzzle.wide().canonical(goal);
                } else {
                    puzzle.parse(goal);
                }
            } catch (InvalidBoardException e) {
                throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
            }
        }
        if ((maxNodes != null && maxNodes <= 0) || (maxMillis != null && maxMillis <= 0)) {
            throw new ParameterException(spec.commandLine(), "--max-nodes and --max-millis must be positive");
        }
        if (partitions != null && partitions < 1) {
            throw new ParameterException(spec.commandLine(), "--partitions must be at least 1, not " + partitions);
        }
        return puzzle;
    }
}
