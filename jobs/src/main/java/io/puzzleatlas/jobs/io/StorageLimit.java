package io.puzzleatlas.jobs.io;

import java.nio.file.FileSystemException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A write that failed because the storage said no: the device is full, the disk quota is used up, or the file-size
 * limit ({@code ulimit -f}; the JVM ignores SIGXFSZ and gets "File too large") was reached. Such failures arrive as the
 * operating system's bare text, often inside Spark's "Task failed while writing rows to PATH" or Hadoop's
 * {@code FSError}, and never name the file; this class finds the reason and the path being written.
 */
public final class StorageLimit {
    private static final String[][] REASONS = {
        {"No space left on device", "no space left on device"},
        {"Disk quota exceeded", "disk quota exceeded"},
        {"File too large", "the file-size limit was reached (File too large; see ulimit -f)"},
    };
    /** Spark's TASK_WRITE_FAILED message names the dataset a task was writing. */
    private static final Pattern SPARK_WRITE = Pattern.compile("writing rows to (\\S+?)\\.?(\\s|$)");

    private StorageLimit() {}

    /** The reason, in words, when {@code t} or one of its causes is a storage limit; else empty. */
    public static Optional<String> reason(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            for (String[] r : REASONS) {
                if (m.contains(r[0])) {
                    return Optional.of(r[1]);
                }
            }
        }
        return Optional.empty();
    }

    /** The file or directory being written when {@code t} happened, as named in its causes; else {@code fallback}. */
    public static String path(Throwable t, String fallback) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof FileSystemException f && f.getFile() != null) {
                return f.getFile();
            }
            Matcher m = SPARK_WRITE.matcher(String.valueOf(c.getMessage()));
            if (m.find()) {
                return m.group(1);
            }
        }
        return fallback;
    }
}
