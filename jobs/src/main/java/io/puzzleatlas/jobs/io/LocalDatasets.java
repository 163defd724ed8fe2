package io.puzzleatlas.jobs.io;

import java.nio.file.Path;

/**
 * Datasets on the local disk as Spark and this project write them: data files beside hidden ones whose names start with
 * {@code _} or {@code .} (staging directories, {@code _SUCCESS}, checksums).
 */
public final class LocalDatasets {
    private LocalDatasets() {}

    /** Whether no name of {@code relative}, a path inside a dataset directory, is hidden. */
    public static boolean visible(Path relative) {
        for (Path part : relative) {
            if (hidden(part.toString())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a file or directory named {@code name} is hidden from a dataset's readers, as Spark's are. */
    public static boolean hidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }
}
