package io.puzzleatlas.jobs.solve;

import java.util.Locale;

/** The input formats of {@code solve}. */
public enum InputFormat {
    /** Parquet instances, as {@code generate} writes them. */
    PARQUET,
    /** {@code start[,goal][,step_limit]} lines, optional header. */
    CSV,
    /** The puzzle's contest input format. */
    JUDGE;

    /** The format a file name suggests: .parquet, .csv, anything else is judge text. */
    static InputFormat ofName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".parquet")) {
            return PARQUET;
        }
        return n.endsWith(".csv") ? CSV : JUDGE;
    }
}
