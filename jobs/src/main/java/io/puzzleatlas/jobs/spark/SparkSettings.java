package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.UsageException;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.apache.spark.internal.config.ConfigEntry;
import org.apache.spark.internal.config.ConfigEntry$;
import org.apache.spark.scheduler.ExternalClusterManager;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.util.Utils;

/**
 * Checks {@code --master} and {@code --conf} before a session starts, so that a typo is one usage line instead of a
 * failure deep inside Spark's start-up (or, for a SQL setting, at the first query). Values of settings Spark knows are
 * converted with Spark's own converters; the keys of our own ({@link OwnSettings}) with theirs.
 */
final class SparkSettings {
    /** The master URL forms Spark 3.5 accepts (SparkContext.createTaskScheduler and its cluster managers). */
    private static final Pattern MASTER = Pattern.compile("local|local\\[(\\*|[1-9]\\d*)(,\\s*[1-9]\\d*)?\\]"
            + "|local-cluster\\[\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*\\]"
            + "|spark://.+|yarn|k8s://.+|mesos://.+");

    private SparkSettings() {}

    /** Where a session's master URL comes from, for the line that names it. */
    enum Source {
        MASTER,
        CONF,
        DEFAULTS
    }

    /** The master URL a new session gets and the option (or file) that set it. */
    record Master(String url, Source source) {
        /** The setting as the user wrote it, e.g. {@code --conf spark.master=yarn}. */
        String named() {
            return switch (source) {
                case MASTER -> "--master " + url;
                case CONF -> "--conf spark.master=" + url;
                case DEFAULTS -> "spark.master " + url + " (conf/spark-defaults.conf)";
            };
        }
    }

    /**
     * The master a new session would get: {@code --master}, else {@code --conf spark.master}, else, outside
     * spark-submit, conf/spark-defaults.conf's; null under spark-submit without either (spark-submit has checked its
     * own).
     */
    static Master master(SparkOptions options) {
        if (options.master() != null) {
            return new Master(options.master(), Source.MASTER);
        }
        String conf = options.conf().get("spark.master");
        if (conf != null) {
            return new Master(conf, Source.CONF);
        }
        String defaults = SparkSessions.underSparkSubmit()
                ? null
                : ConfFile.sparkDefaults().get("spark.master");
        return defaults == null ? null : new Master(defaults, Source.DEFAULTS);
    }

    /** Refuses a master URL Spark cannot parse, and one whose cluster manager this build lacks. */
    static void checkMaster(Master master) {
        if (master == null) {
            return;
        }
        String url = master.url().trim();
        if (!MASTER.matcher(url).matches()) {
            String option = switch (master.source()) {
                case MASTER -> "--master";
                case CONF -> "--conf spark.master";
                case DEFAULTS -> "spark.master of conf/spark-defaults.conf";
            };
            throw new UsageException(option + " '" + master.url() + "' is not a Spark master URL "
                    + "(local, local[N], local[*], local-cluster[W,C,MB], spark://HOST:PORT, yarn, k8s://URL)");
        }
        String[] manager = url.equals("yarn")
                ? new String[] {"YARN", "spark-yarn"}
                : url.startsWith("k8s://")
                        ? new String[] {"Kubernetes", "spark-kubernetes"}
                        : url.startsWith("mesos://") ? new String[] {"Mesos", "spark-mesos"} : null;
        if (manager != null && !clusterManagerFor(url)) {
            // Spark finds these cluster managers on the class path; the runnable jar bundles none
            // of them (spark-submit brings its distribution's), and Spark itself only says
            // "Could not parse Master URL".
            throw new UsageException(master.named() + ": this build cannot run on " + manager[0] + " (Spark's "
                    + manager[1] + " module is not on its class path); submit the thin jar with the spark-submit of a "
                    + "Spark 3.5 distribution that has it (docs/cluster.md)");
        }
    }

    /** Whether a cluster manager on the class path takes {@code url}, as SparkContext looks for one. */
    private static boolean clusterManagerFor(String url) {
        try {
            for (ExternalClusterManager m :
                    ServiceLoader.load(ExternalClusterManager.class, Utils.getContextOrSparkClassLoader())) {
                if (m.canCreate(url)) {
                    return true;
                }
            }
        } catch (ServiceConfigurationError e) {
            return false; // a manager whose classes are incomplete cannot start either
        }
        return false;
    }

    static void checkConf(Map<String, String> conf) {
        // Loading these objects registers Spark's core and SQL settings with their converters.
        org.apache.spark.internal.config.package$.MODULE$.toString();
        SQLConf sql = new SQLConf();
        for (Map.Entry<String, String> e : conf.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            if (key.isBlank()) {
                throw new UsageException("--conf '=" + value + "': expected KEY=VALUE");
            }
            if (SparkOptions.NO_VALUE.equals(value)) {
                throw new UsageException(
                        "--conf '" + key + "': expected KEY=VALUE, e.g. --conf spark.sql.shuffle.partitions=16");
            }
            if (key.startsWith(OwnSettings.PREFIX)) {
                OwnSettings.check(key, value);
                continue;
            }
            try {
                if (key.equals("spark.serializer")) {
                    checkClass(key, value);
                } else if (key.startsWith("spark.sql.")) {
                    sql.setConfString(key, value);
                } else if (!key.equals("spark.master")) { // checked with --master: checkMaster
                    ConfigEntry<?> entry = ConfigEntry$.MODULE$.findEntry(key);
                    if (entry != null) {
                        entry.valueConverter().apply(value);
                    }
                }
            } catch (IllegalArgumentException ex) { // NumberFormatException included
                String why = ex.getMessage() == null
                        ? "not a valid value"
                        : ex.getMessage().lines().findFirst().orElse("");
                throw new UsageException("--conf " + key + "=" + value + ": " + why);
            }
        }
    }

    /**
     * Refuses a class name that is not on the class path: Spark loads the serializer as the session starts, and reports
     * a missing one with its bare name.
     */
    private static void checkClass(String key, String value) {
        try {
            Class.forName(value.trim(), false, Utils.getContextOrSparkClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UsageException("--conf " + key + "=" + value + ": class " + value.trim()
                    + " not found on the class path (e.g. org.apache.spark.serializer.KryoSerializer)");
        }
    }
}
