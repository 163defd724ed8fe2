package io.puzzleatlas.jobs.spark;

import io.puzzleatlas.jobs.UsageException;
import java.io.File;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The Spark settings of Puzzle Atlas itself ({@value #PREFIX}{@code *}), each with the form of its value. Spark passes
 * any {@code spark.*} key through unchecked and the jobs read these only once a search runs, so a typo in a key or a
 * value would be ignored or fail after Spark started; {@link #check} refuses it on the command line instead.
 */
public final class OwnSettings {
    /** What every key of our own starts with. */
    public static final String PREFIX = "spark.puzzleatlas.";
    /** Where explore's range files go: a local directory on every executor's host. */
    public static final String RANGE_DIR = PREFIX + "explore.rangeDir";
    /** A stage of levels' time budget in seconds (local mode; 0: one level per stage). */
    public static final String BATCH_SECONDS = PREFIX + "explore.batchSeconds";
    /** Whether neighbours are marked in place in the ranges on the expanding task's host. */
    public static final String SAME_HOST_MARKS = PREFIX + "explore.sameHostMarks";

    private record Form(String expected, Predicate<String> accepts) {}

    /** Every key with its form, sorted as the usage line lists them. */
    private static final Map<String, Form> KEYS = new TreeMap<>(Map.of(
            RANGE_DIR,
                    new Form(
                            "an absolute path of a local directory on every executor's host",
                            v -> !v.isBlank() && new File(v).isAbsolute()),
            BATCH_SECONDS, new Form("a number of seconds, 0 or more (0: one level per stage)", OwnSettings::seconds),
            SAME_HOST_MARKS,
                    new Form("true or false", v -> v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false"))));

    private OwnSettings() {}

    /** Refuses an unknown key of ours or a value not of its form, naming the key and the form expected. */
    public static void check(String key, String value) {
        Form form = KEYS.get(key);
        if (form == null) {
            throw new UsageException("--conf " + key + "=" + value
                    + ": not a setting of Puzzle Atlas; its settings are " + String.join(", ", KEYS.keySet()));
        }
        if (!form.accepts().test(value)) {
            throw new UsageException("--conf " + key + "=" + value + ": expected " + form.expected());
        }
    }

    private static boolean seconds(String v) {
        try {
            double s = Double.parseDouble(v);
            return Double.isFinite(s) && s >= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
