package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.santa.SearchBudget;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.OutputOptions;
import io.puzzleatlas.jobs.santa.SantaJob;
import io.puzzleatlas.jobs.santa.SantaSpec;
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
import picocli.CommandLine.Spec;

/** {@code santa}: Kaggle's Santa 2023 puzzles, optimal where proven, as a submission and a results dataset. */
@Command(
        name = "santa",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Answer Kaggle's Santa 2023 puzzles: replay the incumbent, search the chosen types for optimal "
                + "solutions, write DIR/submission.csv and DIR/results (Parquet); no Spark.")
public final class SantaCommand implements Callable<Integer> {
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

    @Mixin
    OutputOptions output;

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
        SantaSpec santa = new SantaSpec(
                data,
                incumbent,
                types == null ? null : new LinkedHashSet<>(types),
                new SearchBudget(maxNodes, maxMillis));
        return new SantaJob(santa, output).run(null, output, started);
    }
}
