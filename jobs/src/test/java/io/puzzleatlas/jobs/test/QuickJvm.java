package io.puzzleatlas.jobs.test;

import java.util.List;

/**
 * For speed only, on two shared cores: the flags of the tests' short-lived JVMs (spark-submit's drivers, executors,
 * YARN's containers, child CLIs), which compile with C1 alone and collect with one thread. No test asserts anything the
 * flags change; a test of the JVM's own limits (the heap) runs without them.
 */
public final class QuickJvm {
    public static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private QuickJvm() {}

    /** The flags as one {@code spark.executor.extraJavaOptions} value. */
    public static String options() {
        return String.join(" ", FLAGS);
    }
}
