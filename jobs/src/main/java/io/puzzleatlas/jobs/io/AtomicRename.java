package io.puzzleatlas.jobs.io;

import io.puzzleatlas.core.io.AtomicFiles;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * A rename of a dataset directory that happens whole or not at all, and the recognition of what a rename that was not
 * whole leaves. Hadoop's local file system, when {@code rename(2)} is refused (a directory the user may not move, an
 * immutable one), falls back to copying the directory and deleting the source: when that fails part-way the source is
 * still in place and a partial copy sits at the target, which a publish can neither finish nor undo.
 */
final class AtomicRename {
    private AtomicRename() {}

    /**
     * Renames {@code from} to {@code to}, which does not exist; when that fails, both are as they were and the
     * {@link IOException} says {@code what} and why, in one line. On the local file system the rename is
     * {@code rename(2)} through {@link AtomicFiles#rename}, never a copy (a file's checksum side file is not moved: for
     * directories and for files written without one). Elsewhere it is the file system's rename, and whatever a copying
     * rename left at {@code to} before failing is removed.
     */
    static void move(FileSystem fs, Path from, Path to, String what) throws IOException {
        Optional<RawLocalFileSystem> local = ExclusiveFiles.local(fs);
        if (local.isPresent()) {
            try {
                AtomicFiles.rename(
                        local.get().pathToFile(from).toPath(),
                        local.get().pathToFile(to).toPath());
            } catch (IOException e) {
                throw new IOException(what + " (" + reason(e) + ")", e);
            }
            return;
        }
        IOException failure = null;
        boolean moved;
        try {
            moved = fs.rename(from, to);
        } catch (IOException e) {
            failure = e;
            moved = false;
        }
        if (!moved) {
            if (fs.exists(from) && fs.exists(to)) {
                fs.delete(to, true); // a partial copy: to did not exist before the rename
            }
            throw new IOException(
                    what + " (" + (failure == null ? "the file system refused the rename" : reason(failure)) + ")",
                    failure);
        }
    }

    /** Why {@code e} happened, in one short line: the operating system's words, without the paths. */
    static String reason(Throwable e) {
        if (e instanceof UncheckedIOException u && u.getCause() != null) {
            return reason(u.getCause());
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileAlreadyExistsException || e instanceof DirectoryNotEmptyException) {
            return "the target exists";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null || m.isBlank()
                ? e.getClass().getSimpleName()
                : m.strip().lines().findFirst().orElse("");
    }

    /**
     * Whether {@code copy} is what a copying rename of {@code original} leaves when it fails part-way: every file under
     * it is at the same place under {@code original} and no longer there (the last one copied may be cut short).
     */
    static boolean isPartialCopy(FileSystem fs, Path copy, Path original) throws IOException {
        for (FileStatus s : fs.listStatus(copy)) {
            FileStatus twin;
            try {
                twin = fs.getFileStatus(new Path(original, s.getPath().getName()));
            } catch (FileNotFoundException e) {
                return false;
            }
            boolean same = s.isDirectory()
                    ? twin.isDirectory() && isPartialCopy(fs, s.getPath(), twin.getPath())
                    : twin.isFile() && s.getLen() <= twin.getLen();
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** Whether no file lies anywhere under the directory {@code dir}. */
    static boolean holdsNoFile(FileSystem fs, Path dir) throws IOException {
        for (FileStatus s : fs.listStatus(dir)) {
            if (!s.isDirectory() || !holdsNoFile(fs, s.getPath())) {
                return false;
            }
        }
        return true;
    }
}
