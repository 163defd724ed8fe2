package io.puzzleatlas.jobs.solve;

import static org.apache.spark.sql.functions.col;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.core.search.Status;
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
import org.apache.spark.storage.StorageLevel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code solve}: instances to {@code DIR/results}, {@code DIR/histogram} and {@code DIR/errors}. */
@Command(name = "solve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Solve instances optimally (fewest moves, then the smallest move string) and write",
            "DIR/results, DIR/histogram and DIR/errors (Parquet). Input: Parquet instances, CSV lines",
            "start[,goal][,step_limit] (optional header), or a judge-format text file."})
public final class SolveCommand implements Callable<Integer> {

    @Option(names = {"-p", "--puzzle"}, required = true, paramLabel = "NAME",
            description = "eight-puzzle, fifteen-puzzle, sliding-RxC, magic-board or rotation-game")
    String puzzleName;

    @Option(names = {"-i", "--input"}, required = true, paramLabel = "PATH", description = "a file or a directory of files")
    String input;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "parquet, csv or judge (default: from the file names: .parquet, .csv, else judge)")
    InputFormat format;

    @Option(names = "--goal", paramLabel = "BOARD", description = "goal of records that name none (default: the puzzle's)")
    String goal;

    @Option(names = "--max-nodes", paramLabel = "N", description = "per-instance node budget (BUDGET_EXCEEDED beyond it)")
    Long maxNodes;

    @Option(names = "--max-millis", paramLabel = "MS", description = "per-instance time budget in milliseconds")
    Long maxMillis;

    @Option(names = "--partitions", paramLabel = "P", description = "repartition the instances into P partitions before solving")
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
        try (JobSession session = SparkSessions.open("solve", sparkOptions)) {
            SparkSession spark = session.spark();
            AtomicOutput out = AtomicOutput.prepare(spark.sparkContext().hadoopConfiguration(), output, "solve",
                    "results", "histogram", "errors");
            try {
                SolveInputs inputs = new SolveInputs(spark, puzzle.name());
                InputFormat chosen = inputs.detect(inputs.files(input), format);
                Dataset<Row> records = inputs.read(input, chosen, session.parallelism());
                if (partitions != null) {
                    records = records.repartition(partitions);
                } else if (chosen != InputFormat.PARQUET) {
                    // One text file is one task when read; spread the solving over the cluster.
                    records = records.repartition(session.parallelism());
                }
                Dataset<Row> solved = records
                        .mapPartitions(new SolvePartition(puzzle.name(), goal, maxNodes, maxMillis), Encoders.row(Schemas.SOLVED))
                        .persist(StorageLevel.MEMORY_AND_DISK());
                ParquetDatasets.write(solved.filter(col("status").notEqual(Status.INVALID.name()))
                        .select(columns(Schemas.RESULTS)), out.staged("results"));
                ParquetDatasets.write(solved.filter(col("status").equalTo(Status.INVALID.name()))
                        .select(columns(Schemas.ERRORS)), out.staged("errors"));
                solved.unpersist();
                Dataset<Row> results = spark.read().parquet(out.staged("results").toString());
                ParquetDatasets.write(SolveHistogram.of(results).coalesce(1), out.staged("histogram"));
                long read = inputs.read(input, chosen, session.parallelism()).count();
                long resultRows = results.count();
                long errorRows = spark.read().parquet(out.staged("errors").toString()).count();
                SolveHistogram.print(spark.read().parquet(out.staged("histogram").toString()), System.out);
                out.publish();
                System.out.printf("solve: %s %s (%s) -> %s%n", puzzle.name(), input, chosen.name().toLowerCase(java.util.Locale.ROOT),
                        out.dir());
                return Report.print(System.out, "solve", read, resultRows, errorRows, started) ? 0 : 1;
            } catch (RuntimeException e) {
                out.abandon();
                throw e;
            }
        }
    }

    private static org.apache.spark.sql.Column[] columns(org.apache.spark.sql.types.StructType schema) {
        String[] names = schema.fieldNames();
        org.apache.spark.sql.Column[] cols = new org.apache.spark.sql.Column[names.length];
        for (int i = 0; i < names.length; i++) {
            cols[i] = col(names[i]);
        }
        return cols;
    }

    private Puzzle checkedPuzzle() {
        Puzzle puzzle;
        try {
            puzzle = Puzzles.byName(puzzleName);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (goal != null) {
            if (!puzzle.hasGoalBoard()) {
                throw new ParameterException(spec.commandLine(), puzzle.name() + " has no goal board: --goal does not apply");
            }
            try {
                puzzle.parse(goal);
            } catch (InvalidBoardException e) {
                throw new ParameterException(spec.commandLine(), "--goal: " + e.getMessage());
            }
        }
        if ((maxNodes != null && maxNodes <= 0) || (maxMillis != null && maxMillis <= 0)) {
            throw new ParameterException(spec.commandLine(), "--max-nodes and --max-millis must be positive");
        }
        return puzzle;
    }
}
