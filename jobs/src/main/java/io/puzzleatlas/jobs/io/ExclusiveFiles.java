package io.puzzleatlas.jobs.io;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/** A file moved to a name only if nothing has that name, decided atomically by the file system. */
final class ExclusiveFiles {
    private ExclusiveFiles() {}

    /**
     * Moves the file {@code from} to {@code to}; returns false, moving nothing, when {@code to} exists. HDFS decides
     * this atomically in its rename. Hadoop's local file system checks and then renames (and a POSIX rename replaces a
     * file), so there the file is hard-linked, which fails atomically when the name is taken, and {@code from} is then
     * deleted.
     */
    static boolean moveNew(FileSystem fs, Path from, Path to) throws IOException {
        Optional<RawLocalFileSystem> raw = local(fs);
        if (raw.isPresent()) {
            RawLocalFileSystem local = raw.get();
            try {
                Files.createLink(
                        local.pathToFile(to).toPath(), local.pathToFile(from).toPath());
            } catch (FileAlreadyExistsException e) {
                return false;
            }
            fs.delete(from, false);
            return true;
        }
        return fs.rename(from, to);
    }

    /**
     * Hadoop's local file system under {@code fs} (with or without its checksums), where java.nio reaches the same
     * files.
     */
    static Optional<RawLocalFileSystem> local(FileSystem fs) {
        FileSystem raw = fs instanceof FilterFileSystem filter ? filter.getRawFileSystem() : fs;
        return raw instanceof RawLocalFileSystem local ? Optional.of(local) : Optional.empty();
    }
}
