package io.puzzleatlas.jobs.generate;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import io.puzzleatlas.jobs.io.Report;
import io.puzzleatlas.jobs.io.Schemas;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code generate}: instances of a puzzle to {@code DIR/instances}, made on the executors. */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write puzzle instances to DIR/instances (Parquet): every solvable board (--all), ",
            "uniformly random ones (--random N --seed S) or random walks from the goal (--scramble K --random N)."})
public final class GenerateCommand implements Callable<Integer> {
    /** Largest space --all enumerates (3x4: 239,500,800 boards fits; the rotation game does not). */
    static final long ALL_LIMIT = 1_000_000_000L;

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME",
            description = "eight-puzzle, fifteen-puzzle, sliding-RxC, magic-board or rotation-game")
    String puzzleName;

    @Option(names = "--all", description = "every board of the instance space, instance_id = its rank")
    boolean all;

    @Option(names = "--random", paramLabel = "N", description = "N random boards, instance_id 0..N-1")
    Long random;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "seed of --random/--scramble; the same seed gives the same rows on any partitioning (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--scramble", paramLabel = "K",
            description = "with --random: each board is a random walk of K moves from the goal instead")
    Integer scramble;

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
        Puzzle puzzle = checkedPuzzle();
        InstanceRows.Mode mode = all ? InstanceRows.Mode.ALL
                : scramble != null ? InstanceRows.Mode.SCRAMBLE : InstanceRows.Mode.RANDOM;
        long count = all ? puzzle.boardCount() : random;
        try (JobSession session = SparkSessions.open("generate", sparkOptions)) {
            SparkSession spark = session.spark();
            AtomicOutput out = AtomicOutput.prepare(spark.sparkContext().hadoopConfiguration(), output, "generate",
                    "instances");
            try {
                int p = partitions != null ? partitions
                        : (int) Math.max(session.parallelism(), Math.min(1024, count / 2_000_000));
                Dataset<Row> instances = spark.range(0, count, 1, p)
                        .mapPartitions(new InstanceRows(puzzle.name(), goal, mode, seed, scramble == null ? 0 : scramble),
                                Encoders.row(Schemas.INSTANCES));
                ParquetDatasets.write(instances, out.staged("instances"));
                long written = spark.read().parquet(out.staged("instances").toString()).count();
                out.publish();
                System.out.printf("generate: %s %s -> %s%n", puzzle.name(), describe(mode, count), out.published("instances"));
                return Report.print(System.out, "generate", count, written, 0, started) ? 0 : 1;
            } catch (RuntimeException e) {
                out.abandon();
                throw e;
            }
        }
    }

    private Puzzle checkedPuzzle() {
        Puzzle puzzle;
        try {
            puzzle = Puzzles.byName(puzzleName);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (all == (random != null)) {
            throw new ParameterException(spec.commandLine(), "give exactly one of --all and --random N");
        }
        if (scramble != null && (random == null || scramble < 0)) {
            throw new ParameterException(spec.commandLine(), "--scramble K needs --random N and K >= 0");
        }
        if (random != null && random < 0) {
            throw new ParameterException(spec.commandLine(), "--random N needs N >= 0");
        }
        if (all && puzzle.boardCount() > ALL_LIMIT) {
            throw new ParameterException(spec.commandLine(), String.format(
                    "--all: %s has %,d boards, more than %,d; use --random N", puzzle.name(), puzzle.boardCount(), ALL_LIMIT));
        }
        if ((scramble != null || goal != null) && !puzzle.hasGoalBoard()) {
            throw new ParameterException(spec.commandLine(), puzzle.name() + " has no goal board: --goal and --scramble do not apply");
        }
        if (goal != null && puzzle.enumeratesGoals()) {
            throw new ParameterException(spec.commandLine(), puzzle.name() + " instances enumerate goals; --goal does not apply");
        }
        if (goal != null) {
            try {
                puzzle.parse(goal);
            } catch (InvalidBoardException e) {
                throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
            }
        }
        return puzzle;
    }

    private String describe(InstanceRows.Mode mode, long count) {
        return switch (mode) {
            case ALL -> String.format("all %,d boards", count);
            case RANDOM -> String.format("%,d random boards (seed %d)", count, seed);
            case SCRAMBLE -> String.format("%,d random walks of %d moves (seed %d)", count, scramble, seed);
        };
    }
}
