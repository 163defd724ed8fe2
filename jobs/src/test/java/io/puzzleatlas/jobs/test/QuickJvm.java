package io.puzzleatlas.jobs.test;

import java.util.List;

/**
 * For speed only, on two shared cores: the flags of the tests' short-lived JVMs (spark-submit's drivers, executors,
 * YARN's containers, child CLIs), which compile with C1 alone and collect with one thread. No test asserts anything the
 * flags change; a test of the JVM's own limits (the heap) runs without them.
 */
public final class QuickJvm {
    /**
     * C1 alone, the default collector kept: for the JVMs that have always taken only this flag (a driver whose plan is
     * sized by its heap, {@code SolvePlanClusterIT}; {@code CliRun}'s commands of a second).
     */
    public static final String COMPILER = "-XX:TieredStopAtLevel=1";

    public static final List<String> FLAGS = List.of(COMPILER, "-XX:+UseSerialGC");

    private QuickJvm() {}

    /** The flags as one {@code spark.executor.extraJavaOptions} value. */
    public static String options() {
        return String.join(" ", FLAGS);
    }
}
