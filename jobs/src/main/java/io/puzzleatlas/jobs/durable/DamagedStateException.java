package io.puzzleatlas.jobs.durable;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;

/**
 * A checkpoint file that is missing, truncated, damaged or not the one its manifest recorded: named with the reason, in
 * one line. Nothing is deleted when it is thrown; the command ends with exit status 3.
 */
public final class DamagedStateException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    public DamagedStateException(Path file, String reason) {
        this(file + ": " + reason);
    }

    public DamagedStateException(String fileAndReason) {
        super(
                fileAndReason + "; the checkpoint cannot be resumed (start again with --overwrite instead of --resume)",
                new IOException(fileAndReason));
    }
}
