package io.puzzleatlas.jobs.io;

import io.puzzleatlas.jobs.RefusedException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lock {@code DIR/_lock} of the one job writing into an output directory, from its start check to the end of its
 * publish or abandon (docs/publishing.md, "The lock"): a resumed {@code explore} reading its checkpoint and a second
 * job on the same output never overlap. It holds its owner's lines ({@link JobOwner}) and is created whole and
 * exclusively ({@link ExclusiveFiles}); a lock whose owner is gone is taken over. Readers do not take it.
 */
final class OutputLock {
    static final String NAME = "_lock";
    /** Tries to take a lock that keeps being taken over by other jobs starting at the same moment. */
    private static final int ATTEMPTS = 3;

    private static final Logger LOG = LoggerFactory.getLogger(OutputLock.class);

    private final FileSystem fs;
    private final Path file;
    private final byte[] content;
    private boolean released;

    private OutputLock(FileSystem fs, Path file, byte[] content) {
        this.fs = fs;
        this.file = file;
        this.content = content;
    }

    /**
     * Takes the lock of {@code dir} for {@code owner}, its draft written in {@code staging} (the job's own directory,
     * so that a kill leaves nothing else behind). Refuses ({@link OutputExistsException}) when the lock is held by a
     * job that may still be running: on this host, a live process; on another, a lock younger than {@code staleMillis}.
     */
    static OutputLock take(FileSystem fs, Path dir, Path staging, JobOwner owner, long staleMillis) throws IOException {
        Path file = new Path(dir, NAME);
        byte[] content = owner.toBytes();
        Path draft = new Path(staging, NAME);
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try (OutputStream out = fs.create(draft, true)) {
                out.write(content);
            }
            if (ExclusiveFiles.moveNew(fs, draft, file)) {
                return new OutputLock(fs, file, content);
            }
            takeOverIfGone(fs, dir, file, staging, staleMillis);
        }
        throw new OutputExistsException(file + ": other jobs are starting in " + dir + " at the same time; run again");
    }

    /**
     * Removes {@code file} when its owner is gone; refuses when it may still be running; returns when it went
     * meanwhile.
     */
    private static void takeOverIfGone(FileSystem fs, Path dir, Path file, Path staging, long staleMillis)
            throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(file);
        } catch (FileNotFoundException e) {
            return; // released meanwhile
        }
        if (status.isDirectory()) {
            throw new RefusedException(
                    file + ": a directory, not a lock of puzzle-atlas; check " + dir + " and remove it");
        }
        String held;
        try {
            held = read(fs, file);
        } catch (IOException e) { // Hadoop's local file system says "(Permission denied)" as "file not found"
            if (e instanceof FileNotFoundException && !fs.exists(file)) {
                return; // released meanwhile
            }
            throw new RefusedException(file + ": the lock cannot be read (" + unreadable(e)
                    + "); check its permissions, or remove it if no job is writing into " + dir);
        }
        Optional<JobOwner> holder = JobOwner.parse(held);
        if (holder.isEmpty()) {
            throw new RefusedException(file + ": not a lock of puzzle-atlas; check " + dir + " and remove it");
        }
        if (!holder.get().stopped(status.getModificationTime(), staleMillis)) {
            throw busy(file, holder.get(), dir);
        }
        // Moved away, then compared with the lock judged: two jobs taking over one lock at the same
        // time move it once, and neither deletes the lock the other has just created instead.
        Path taken = new Path(staging, NAME + "-taken");
        try {
            AtomicRename.move(fs, file, taken, "cannot take over " + file + ", left by " + holder.get());
        } catch (IOException e) {
            if (held.equals(readIfExists(fs, file))) {
                throw e;
            }
            return; // taken over or released by another job meanwhile: look again
        }
        String moved = read(fs, taken);
        if (!moved.equals(held)) {
            ExclusiveFiles.moveNew(fs, taken, file); // a live job's lock, taken a moment ago: it goes back
            throw busy(file, JobOwner.parse(moved).orElse(holder.get()), dir);
        }
        fs.delete(taken, false);
        LOG.info("took over {}, left by {}", file, holder.get());
    }

    /** The reason of a failed read: the last parenthesis of the local file system's message, else the message. */
    private static String unreadable(IOException e) {
        String why = AtomicRename.reason(e);
        int open = why.lastIndexOf(" (");
        return open >= 0 && why.endsWith(")") ? why.substring(open + 2, why.length() - 1) : why;
    }

    private static OutputExistsException busy(Path file, JobOwner holder, Path dir) {
        return new OutputExistsException(
                file + ": " + holder + " is writing into " + dir + "; run again when it has finished");
    }

    /**
     * Removes the lock, once, if it is still this job's: a job on another host may have judged it stale and taken it
     * over. A lock that cannot be removed is only logged: its owner has ended, so the next job takes it over.
     */
    void release() {
        if (released) {
            return;
        }
        released = true;
        try {
            String held = readIfExists(fs, file);
            if (held != null && Arrays.equals(held.getBytes(StandardCharsets.UTF_8), content)) {
                fs.delete(file, false);
            } else {
                LOG.warn("{} is no longer this job's lock; left as it is", file);
            }
        } catch (IOException e) {
            LOG.warn(
                    "cannot remove {} ({}); the next job on its directory takes it over", file, AtomicRename.reason(e));
        }
    }

    private static String readIfExists(FileSystem fs, Path file) throws IOException {
        try {
            return read(fs, file);
        } catch (FileNotFoundException e) {
            return null;
        }
    }

    private static String read(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
