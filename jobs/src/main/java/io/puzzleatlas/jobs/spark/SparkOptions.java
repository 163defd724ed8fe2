package io.puzzleatlas.jobs.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/** Options every Spark command takes: where Spark runs and per-run settings. */
public final class SparkOptions {
    @Option(
            names = "--master",
            paramLabel = "URL",
            description = "Spark master, e.g. local[4] or spark://host:7077 (default: conf/spark-defaults.conf, "
                    + "local[*]; under spark-submit, spark-submit's)")
    String master;

    /**
     * The value picocli gives a {@code --conf} word without '=': checked (and refused) with the other settings rather
     * than taken as an empty value.
     */
    static final String NO_VALUE = "\u0000no value";

    @Option(
            names = "--conf",
            paramLabel = "KEY=VALUE",
            mapFallbackValue = NO_VALUE,
            description = "a Spark setting for this run, e.g. --conf spark.sql.shuffle.partitions=16 (repeatable)")
    Map<String, String> conf = new LinkedHashMap<>();

    public String master() {
        return master;
    }

    public Map<String, String> conf() {
        return conf;
    }
}
