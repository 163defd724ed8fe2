package io.puzzleatlas.jobs.generate;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Job;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import java.io.IOException;

/**
 * Instances as a dataset ({@code generate}): {@code DIR/instances}, drawn on the executors by instance id
 * ({@link InstanceRows}), then counted back from the written files' footers.
 */
public final class GenerateJob extends Job<Long> {
    private final GeneratorSpec spec;
    /** Partitions, or null for {@link GeneratorSpec#partitions}. */
    private final Integer partitions;

    public GenerateJob(GeneratorSpec spec, Integer partitions) {
        super("generate");
        this.spec = spec;
        this.partitions = partitions;
    }

    @Override
    protected String[] datasets() {
        return new String[] {"instances"};
    }

    @Override
    protected Long stages(Context ctx, AtomicOutput out) throws IOException {
        int p = partitions != null ? partitions : spec.partitions(ctx.session().parallelism());
        ParquetDatasets.write(spec.instances(ctx.spark(), p), out.staged("instances"));
        return ParquetDatasets.rows(ctx.conf(), out.staged("instances"));
    }

    @Override
    protected ExitCode report(Context ctx, AtomicOutput out, Long written) {
        System.out.printf("generate: %s %s -> %s%n", spec.puzzle().name(), spec.describe(), out.published("instances"));
        return reconcile(ctx, spec.count(), written, 0);
    }
}
