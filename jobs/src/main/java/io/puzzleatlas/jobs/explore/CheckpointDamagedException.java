package io.puzzleatlas.jobs.explore;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;

/** A checkpoint file that is missing, truncated or damaged: named with the reason, in one line. */
final class CheckpointDamagedException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    CheckpointDamagedException(Path file, String reason) {
        this(file + ": " + reason);
    }

    CheckpointDamagedException(String fileAndReason) {
        super(fileAndReason + "; the checkpoint cannot be resumed (start again with --overwrite instead of --resume)",
                new IOException(fileAndReason));
    }
}
