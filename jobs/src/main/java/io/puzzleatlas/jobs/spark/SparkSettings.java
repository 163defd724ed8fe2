package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.UsageException;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.internal.config.ConfigEntry;
import org.apache.spark.internal.config.ConfigEntry$;
import org.apache.spark.sql.internal.SQLConf;

/**
 * Checks {@code --master} and {@code --conf} before a session starts, so that a typo is one
 * usage line instead of a failure deep inside Spark's start-up (or, for a SQL setting, at the
 * first query). Values of settings Spark knows are converted with Spark's own converters.
 */
final class SparkSettings {
    /** The master URL forms Spark 3.5 accepts (SparkContext.createTaskScheduler and its cluster managers). */
    private static final Pattern MASTER = Pattern.compile(
            "local|local\\[(\\*|[1-9]\\d*)(,\\s*[1-9]\\d*)?\\]|local-cluster\\[\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*\\]"
                    + "|spark://.+|yarn|k8s://.+|mesos://.+");

    private SparkSettings() {
    }

    static void checkMaster(String master) {
        if (master != null && !MASTER.matcher(master.trim()).matches()) {
            throw new UsageException("--master '" + master + "' is not a Spark master URL "
                    + "(local, local[N], local[*], local-cluster[W,C,MB], spark://HOST:PORT, yarn, k8s://URL)");
        }
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
            try {
                if (key.equals("spark.master")) {
                    checkMaster(value);
                } else if (key.startsWith("spark.sql.")) {
                    sql.setConfString(key, value);
                } else {
                    ConfigEntry<?> entry = ConfigEntry$.MODULE$.findEntry(key);
                    if (entry != null) {
                        entry.valueConverter().apply(value);
                    }
                }
            } catch (IllegalArgumentException ex) { // NumberFormatException included
                String why = ex.getMessage() == null ? "not a valid value" : ex.getMessage().lines().findFirst().orElse("");
                throw new UsageException("--conf " + key + "=" + value + ": " + why);
            }
        }
    }
}
