package io.puzzleatlas.jobs;

import io.puzzleatlas.core.definition.DefinitionException;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.table.TableUnavailableException;
import io.puzzleatlas.jobs.io.StorageLimit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * Turns whatever ended a command into its exit status and one line for stderr: the file or option and the reason, never
 * a stack trace (that is for {@code --debug}). Spark wraps failures of tasks in {@code SparkException}s, so the cause
 * chain is searched for the failure that names the problem.
 */
public final class Failures {
    /** Longest message printed; Spark's messages can run to a query plan. */
    private static final int MAX_MESSAGE = 500;

    /** What a failure becomes: the exit status and the line's text after "COMMAND: ". */
    public record Failure(ExitCode code, String message) {}

    private Failures() {}

    public static Failure classify(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError
                    || (c.getMessage() != null && c.getMessage().contains("OutOfMemoryError: "))) {
                String what = c instanceof OutOfMemoryError
                        ? firstLine(c)
                        : c.getMessage().replaceAll("(?s).*OutOfMemoryError: ([^\\n]*).*", "$1");
                return new Failure(
                        ExitCode.INTERNAL,
                        "internal error: out of memory (" + what
                                + "); give the JVM more heap (java -Xmx8g -jar ..., or spark-submit "
                                + "--driver-memory 8g)");
            }
            if (c.getMessage() != null && c.getMessage().contains("increase heap size")) {
                // Spark's own check at start-up: "System memory N must be at least M. Please increase heap size ..."
                return new Failure(ExitCode.INTERNAL, "internal error: too small a heap: " + firstLine(c));
            }
        }
        if (t instanceof UsageException) {
            return new Failure(ExitCode.USAGE, firstLine(t));
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (!(c instanceof RefusedException) && StorageLimit.reason(c).isPresent()) {
                return new Failure(
                        ExitCode.REFUSED,
                        "cannot write " + StorageLimit.path(c, "(the file is not named: " + firstLine(c) + ")") + ": "
                                + StorageLimit.reason(c).get());
            }
            if (c instanceof RefusedException
                    || c instanceof UncheckedIOException
                    || c instanceof IOException
                    || c instanceof TableUnavailableException
                    || c instanceof TooLargeException
                    || c instanceof DefinitionException
                    || isAnalysisException(c)) {
                return new Failure(ExitCode.REFUSED, firstLine(c));
            }
            if (c == t && c instanceof IllegalArgumentException) {
                // A job's own argument checks after parsing (e.g. a Parquet input without 'start').
                return new Failure(ExitCode.REFUSED, firstLine(c));
            }
        }
        return new Failure(ExitCode.INTERNAL, "internal error: " + firstLine(t));
    }

    private static boolean isAnalysisException(Throwable c) {
        return c.getClass().getName().equals("org.apache.spark.sql.AnalysisException");
    }

    /** The first line of a throwable's message (its class when it has none), cut to a readable length. */
    static String firstLine(Throwable t) {
        if (t instanceof NoSuchFileException f) {
            return f.getFile() + ": no such file or directory";
        }
        if (t instanceof AccessDeniedException f) {
            return f.getFile() + ": permission denied";
        }
        if (t instanceof NotDirectoryException f) {
            return f.getFile() + ": not a directory";
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        m = m.strip();
        int nl = m.indexOf('\n');
        if (nl >= 0) {
            m = m.substring(0, nl).strip();
        }
        if (t instanceof UncheckedIOException
                && t.getCause() != null
                && (m.startsWith(t.getCause().getClass().getName()) || t.getCause() instanceof FileSystemException)) {
            m = firstLine(t.getCause());
        }
        if (m.startsWith("[") && m.contains("] ")) {
            // Spark's error classes, e.g. "[PATH_NOT_FOUND] Path does not exist: ..."
            m = m.substring(m.indexOf("] ") + 2);
        }
        return m.length() <= MAX_MESSAGE ? m : m.substring(0, MAX_MESSAGE) + "...";
    }

    /** The name a line starts with: the subcommand path without the program name, e.g. "tables build". */
    public static String commandName(String qualifiedName) {
        String n = qualifiedName.toLowerCase(Locale.ROOT).startsWith("puzzle-atlas ")
                ? qualifiedName.substring("puzzle-atlas ".length())
                : qualifiedName;
        return n.isBlank() ? "puzzle-atlas" : n;
    }
}
