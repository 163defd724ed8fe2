package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.bench.CoreBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench}: the solver core's speed figures (table builds, solves per second, IDA* nodes per second). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure the solver core on one thread: table builds, descent solves/s, IDA* nodes/s.")
public final class BenchCommand implements Runnable {
    @Option(names = "--runs", defaultValue = "7", description = "timed runs per figure (median reported)")
    int runs;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        if (runs < 1) {
            throw new ParameterException(spec.commandLine(), "--runs must be at least 1, not " + runs);
        }
        new CoreBench(System.out, runs).run();
    }
}
