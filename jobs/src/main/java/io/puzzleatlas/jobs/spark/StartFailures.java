package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import java.net.BindException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import scala.Tuple2;

/**
 * Spark's own failures as a session starts, turned into one line naming the setting or the URL that caused them; Spark
 * names neither (a missing class is its bare name, a bad driver address a bare {@code UnresolvedAddressException}).
 * {@link StartChecks} catches the common causes before Spark starts; this covers what gets past them.
 */
final class StartFailures {
    /** SparkContext's refusal of a {@code local-cluster[W,C,MB]} whose workers cannot hold one executor. */
    private static final Pattern WORKER_MEMORY =
            Pattern.compile("Asked to launch cluster with (\\d+) MiB/worker but requested (\\d+) MiB/executor");

    private StartFailures() {}

    /**
     * The failure to report for {@code e}, thrown by Spark while it started with {@code conf}, or null when it names no
     * setting (out of memory, Spark's heap check: {@code Failures} has lines for those).
     */
    static RuntimeException explain(Throwable e, SparkConf conf, SparkOptions options, SparkSettings.Master master) {
        String key = conf.contains("spark.driver.bindAddress") ? "spark.driver.bindAddress" : "spark.driver.host";
        String address = conf.get(key, null);
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ClassNotFoundException || c instanceof NoClassDefFoundError) {
                String name = String.valueOf(c.getMessage()).replace('/', '.').strip();
                String setting = settingHolding(name, conf, options);
                return setting == null
                        ? null
                        : new UsageException(setting + ": class " + name + " not found on the class path", e);
            }
            String message = String.valueOf(c.getMessage());
            // Netty's bind of an unresolved address, or a failure that names the driver's endpoint or address
            // (not, say, an event log on a host that does not resolve)
            if (c instanceof UnresolvedAddressException
                    || ((c instanceof BindException || c instanceof UnknownHostException)
                            && (message.contains("'sparkDriver'") || (address != null && message.contains(address))))) {
                String why = c.getMessage() == null
                        ? ""
                        : " (" + message.lines().findFirst().orElse("") + ")";
                return new RefusedException(
                        named(key, address == null ? "(this machine's host name)" : address, options)
                                + ": the driver's address cannot be resolved or bound" + why,
                        e);
            }
            Matcher memory = WORKER_MEMORY.matcher(message);
            if (memory.find()) {
                return workerMemory(memory.group(1), memory.group(2), conf, options, master, e);
            }
            if (c.getMessage() != null && c.getMessage().startsWith("Could not parse Master URL") && master != null) {
                return new UsageException(master.named() + ": Spark has no cluster manager for this URL", e);
            }
            if (c.getMessage() != null
                    && c.getMessage().contains("stopped SparkContext")
                    && master != null
                    && master.url().trim().startsWith("spark://")) {
                // as notRegistered, where the context stopped before the session was made
                return new RefusedException(
                        master.named() + ": the master did not register the application "
                                + "(is it a Spark standalone master of version 3.5?)",
                        e);
            }
        }
        return null;
    }

    /**
     * The failure to report when a standalone master took the connection but never registered the application, or null:
     * Spark then retries for a minute, gives up, stops the context in a thread of its own and still returns it, with
     * the placeholder id its task scheduler has before a cluster manager gives one.
     */
    static RuntimeException notRegistered(SparkContext sc, SparkSettings.Master master) {
        String url = master == null ? sc.master() : master.url().trim();
        if (!url.startsWith("spark://")
                || !(sc.isStopped() || sc.applicationId().startsWith("spark-application-"))) {
            return null;
        }
        return new RefusedException((master == null ? "spark.master " + url : master.named())
                + ": the master did not register the application (is it a Spark standalone master of version 3.5?)");
    }

    /**
     * A {@code local-cluster} whose workers ({@code workerMb} each) are smaller than one executor ({@code executorMb}):
     * a usage error naming the master and where the executor's memory came from.
     */
    private static UsageException workerMemory(
            String workerMb,
            String executorMb,
            SparkConf conf,
            SparkOptions options,
            SparkSettings.Master master,
            Throwable e) {
        String env = System.getenv("SPARK_EXECUTOR_MEMORY");
        String executor = conf.contains("spark.executor.memory")
                ? named("spark.executor.memory", conf.get("spark.executor.memory"), options)
                : env != null ? "SPARK_EXECUTOR_MEMORY=" + env : "spark.executor.memory (not set: Spark's default, 1g)";
        String cluster = master == null ? "spark.master " + conf.get("spark.master", "") : master.named();
        return new UsageException(
                cluster + ": a worker's " + workerMb + " MiB cannot hold an executor of " + executorMb + " MiB, "
                        + executor + "; give the workers at least " + executorMb
                        + " MiB or the executors less (--conf spark.executor.memory)",
                e);
    }

    /**
     * The setting whose value names {@code className} (a class or one of a comma-separated list), as the user gave it.
     */
    private static String settingHolding(String className, SparkConf conf, SparkOptions options) {
        for (Tuple2<String, String> kv : conf.getAll()) {
            for (String part : kv._2().split(",")) {
                if (part.strip().equals(className)) {
                    return named(kv._1(), kv._2(), options);
                }
            }
        }
        return null;
    }

    private static String named(String key, String value, SparkOptions options) {
        Map<String, String> given = options.conf();
        return given.containsKey(key) ? "--conf " + key + "=" + value : key + " " + value;
    }
}
