package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.santa.SearchBudget;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.santa.SantaJob;
import io.puzzleatlas.jobs.santa.SantaSpec;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code santa}: Kaggle's Santa 2023 puzzles, optimal where proven, as a submission and a results dataset. */
@Command(
        name = "santa",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Answer Kaggle's Santa 2023 puzzles: replay the incumbent, search the chosen types for optimal "
                + "solutions (the incumbent shortened where not proven), write DIR/submission.csv and "
                + "DIR/results (Parquet); in this JVM, or on Spark one task a puzzle.")
public final class SantaCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Option(
            names = "--data",
            required = true,
            paramLabel = "PATH",
            description = "the competition's zip, or a directory holding puzzle_info.csv and puzzles.csv")
    Path data;

    @Option(
            names = "--incumbent",
            paramLabel = "CSV",
            description = "a submission (id,moves) to keep or beat (default: the data's sample_submission.csv when it "
                    + "holds one, else none)")
    Path incumbent;

    @Option(
            names = "--types",
            paramLabel = "T1,T2",
            split = ",",
            description = "the puzzle types searched (default: all)")
    List<String> types;

    @Option(
            names = "--max-millis",
            paramLabel = "MS",
            defaultValue = "60000",
            description = "wall time a puzzle's search may take, 0 for no limit (default: ${DEFAULT-VALUE})")
    long maxMillis;

    @Option(
            names = "--max-nodes",
            paramLabel = "N",
            defaultValue = "20000000",
            description = "states a puzzle's search may generate, which bounds its memory (default: ${DEFAULT-VALUE})")
    long maxNodes;

    @Option(
            names = "--resume",
            description = "continue an earlier run of this command that was stopped: the puzzles it finished, kept in "
                    + "DIR/_santa-checkpoint, are not searched again (refused when the data, the incumbent, the types "
                    + "or the budget differ)")
    boolean resume;

    @Option(
            names = "--engine",
            paramLabel = "ENGINE",
            defaultValue = "auto",
            converter = EngineConverter.class,
            description = "local: in this JVM, one puzzle after the other; spark: a Spark job, one task a puzzle; "
                    + "auto (default): spark when --master or --conf is given (or under spark-submit), else local")
    Engine engine;

    @Mixin
    OutputOptions output;

    @Mixin
    SparkOptions sparkOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        long started = System.nanoTime();
        if (maxNodes < 1 || maxMillis < 0) {
            throw new ParameterException(
                    spec.commandLine(), maxNodes < 1 ? "--max-nodes must be at least 1" : "--max-millis must be >= 0");
        }
        for (Path p : incumbent == null ? List.of(data) : List.of(data, incumbent)) {
            if (!Files.exists(p)) {
                throw new RefusedException(
                        (p == data ? "--data " : "--incumbent ") + p + ": no such file or directory");
            }
        }
        boolean sparkOptionsGiven =
                !SparkSessions.embeddedDefault(sparkOptions, main.switches().ownsJvm());
        if (engine == Engine.LOCAL
                && (sparkOptions.master() != null || !sparkOptions.conf().isEmpty())) {
            throw new UsageException("--engine local runs without Spark: --master and --conf do not apply");
        }
        SantaSpec santa = new SantaSpec(
                data,
                incumbent,
                types == null ? null : new LinkedHashSet<>(types),
                new SearchBudget(maxNodes, maxMillis),
                resume);
        boolean onSpark = engine == Engine.SPARK || (engine == Engine.AUTO && sparkOptionsGiven);
        return new SantaJob(santa, output).run(onSpark ? sparkOptions : null, output, started);
    }
}
