package io.puzzleatlas.jobs.io;

import picocli.CommandLine.Option;

/** Where a job writes, and whether it may replace what is there. */
public final class OutputOptions {
    @Option(
            names = {"-o", "--output"},
            required = true,
            paramLabel = "DIR",
            description = "output directory (local path or any Hadoop URI: hdfs://, s3a://, file://)")
    String output;

    @Option(names = "--overwrite", description = "replace this job's datasets in DIR if they exist (default: refuse)")
    boolean overwrite;

    /** Options given otherwise than by picocli's mixin (a command with an output that is not always required). */
    public static OutputOptions of(String output, boolean overwrite) {
        OutputOptions o = new OutputOptions();
        o.output = output;
        o.overwrite = overwrite;
        return o;
    }

    public String output() {
        return output;
    }

    public boolean overwrite() {
        return overwrite;
    }
}
