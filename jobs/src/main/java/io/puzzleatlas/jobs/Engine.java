package io.puzzleatlas.jobs;

import java.util.Locale;

/**
 * Where a command's work runs, {@code --engine} of every command that has one: {@code local} in this JVM without Spark,
 * {@code spark} as a Spark job, {@code auto} the command's own choice (documented with its option). Picocli reads the
 * value case-insensitively.
 */
public enum Engine {
    AUTO,
    LOCAL,
    SPARK;

    /** This choice, with {@code auto} resolved to {@code whenAuto}. */
    public Engine or(Engine whenAuto) {
        return this == AUTO ? whenAuto : this;
    }

    /** The name as written on the command line. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
