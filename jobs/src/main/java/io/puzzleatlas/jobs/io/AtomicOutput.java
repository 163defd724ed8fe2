package io.puzzleatlas.jobs.io;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Publishes a job's datasets all together (docs/publishing.md). The job holds the output's lock ({@link OutputLock},
 * {@code DIR/_lock}) from its start check to the end of its publish or abandon. Each dataset is written under a staging
 * directory inside the output directory ({@code DIR/_staging-JOB-UUID/NAME}, hidden from Spark and Hive readers by its
 * leading underscore, owned by the job through its {@code _owner} file). Publishing then creates the journal
 * {@code DIR/_publishing} exclusively, checks again that no dataset appeared (unless {@code --overwrite}), and moves
 * each dataset into place by whole directory renames ({@link AtomicRename}), the old one aside into the staging
 * directory; then the staging directory and the journal go. A publish that fails part-way is undone at once. A publish
 * that was killed, or whose undo failed too, is finished (or undone) from its journal by the next job or reader opening
 * the output, before anything else: every dataset of a job changes together. {@link #close} releases the lock on any
 * path the publish or abandon did not reach.
 */
public final class AtomicOutput implements AutoCloseable {
    private final FileSystem fs;
    private final Path dir;
    private final Path staging;
    private List<String> datasets;
    /** Files moved into the staged datasets only once the publish is decided ({@link #adopt}). */
    private final List<PublishJournal.Move> moves = new ArrayList<>();
    /** What the publish removes once every dataset is in place ({@link #retire}). */
    private final List<String> retired = new ArrayList<>();

    private final boolean overwrite;
    private final JobOwner owner;
    private final OutputRecovery recovery;
    private final OutputLock lock;

    /** A point of the publish protocol reached (test seam: a test stops a job there). */
    interface Hook {
        void at(String point, Path dir);
    }

    /**
     * Called at named points of {@link #publish()} and of a recovery: {@code before-publish}, {@code journal-written},
     * {@code adopted:TARGET} (a file of {@link #adopt} moved in), {@code before-aside:NAME}, {@code aside:NAME},
     * {@code renamed:NAME}, and {@code before-restore:NAME} in an undo; tests replace it, jobs leave it alone.
     */
    static volatile Hook hook = (point, dir) -> {};

    /** Set when a failed publish could not be undone: its staging directory is what finishing it needs. */
    private boolean keepStaging;

    /** Whether the output directory was made for this job (then a failed job removes it when empty). */
    private final boolean dirCreated;

    private AtomicOutput(
            FileSystem fs,
            Path dir,
            Path staging,
            List<String> datasets,
            boolean overwrite,
            JobOwner owner,
            OutputRecovery recovery,
            OutputLock lock,
            boolean dirCreated) {
        this.fs = fs;
        this.dir = dir;
        this.staging = staging;
        this.datasets = datasets;
        this.overwrite = overwrite;
        this.owner = owner;
        this.recovery = recovery;
        this.lock = lock;
        this.dirCreated = dirCreated;
    }

    /**
     * Reserves a staging directory and takes the output's lock, then finishes an interrupted publish, removes stale
     * staging directories and checks that the datasets may be written; throws {@link OutputExistsException} when
     * another job holds the lock, or when a dataset exists and {@code overwrite} is off (nothing of this job is left
     * then). The lock is held until {@link #publish}, {@link #abandon} or {@link #close}.
     */
    public static AtomicOutput prepare(Configuration conf, OutputOptions options, String job, String... datasets) {
        AtomicOutput out = reserve(conf, options, job);
        try {
            out.expect(datasets);
        } catch (RuntimeException e) {
            out.abandon();
            throw e;
        }
        return out;
    }

    /**
     * {@link #prepare} before the job knows its datasets (a job whose first work names them, and writes checkpoints
     * into the output while it runs, holds the lock from its start): {@link #expect} names them once known.
     */
    public static AtomicOutput reserve(Configuration conf, OutputOptions options, String job) {
        Path dir = checkedDir(conf, options.output());
        String id = job + "-" + UUID.randomUUID();
        Path staging = new Path(dir, OutputRecovery.STAGING_PREFIX + id);
        JobOwner owner = JobOwner.start(id);
        FileSystem fs = null;
        boolean dirCreated = false;
        OutputLock lock = null;
        try {
            fs = NioLocalFileSystem.of(dir, conf);
            dirCreated = !fs.exists(dir);
            OutputRecovery recovery = new OutputRecovery(fs, dir, conf);
            // Creating the staging directory first proves the output writable before any work is
            // done, and gives the lock's draft a place that is cleaned up with it.
            mkdirs(fs, options.output(), staging);
            try (OutputStream out = fs.create(new Path(staging, OutputRecovery.OWNER), false)) {
                out.write(owner.toBytes());
            }
            // Taken before recovering: no other writer recovers or publishes while this job looks.
            lock = OutputLock.take(fs, dir, staging, owner, recovery.staleStagingMillis());
            recovery.recover(false);
            recovery.removeStaleStaging();
            return new AtomicOutput(
                    fs, dir, staging, List.of(), options.overwrite(), owner, recovery, lock, dirCreated);
        } catch (IOException | RuntimeException e) {
            try {
                if (fs != null) {
                    removeReservation(fs, dir, staging, lock, dirCreated);
                }
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            owner.ended();
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new RefusedException("--output " + options.output() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Names the datasets this job publishes; refuses ({@link OutputExistsException}) one that exists when
     * {@code overwrite} is off.
     */
    public void expect(String... names) {
        try {
            for (String name : names) {
                refuseExisting(fs, dir, name, overwrite);
            }
        } catch (IOException e) {
            throw new RefusedException("--output " + dir + ": " + e.getMessage(), e);
        }
        datasets = List.of(names);
    }

    /**
     * Refuses ({@link OutputExistsException}) dataset {@code name} of the output when it exists and {@code overwrite}
     * is off: what {@link #prepare} checks, for a job that learns its datasets' names only as its work starts and
     * checks each before a long computation.
     */
    public static void refuseExisting(Configuration conf, OutputOptions options, String name) {
        Path dir = new Path(options.output());
        try {
            FileSystem fs = NioLocalFileSystem.of(dir, conf);
            refuseExisting(fs, fs.makeQualified(dir), name, options.overwrite());
        } catch (IOException e) {
            throw new RefusedException("--output " + options.output() + ": " + e.getMessage(), e);
        }
    }

    private static void refuseExisting(FileSystem fs, Path dir, String name, boolean overwrite) throws IOException {
        Path target = new Path(dir, name);
        if (!overwrite && fs.exists(target)) {
            throw new OutputExistsException(target + " already exists; use --overwrite to replace it");
        }
    }

    /**
     * The output directory, qualified, once it is known that it can be written: a parseable path, no regular file where
     * a directory is needed, and a directory that can be created and written in. Throws {@link UsageException} or
     * {@link RefusedException} naming --output.
     */
    public static Path checkedDir(Configuration conf, String output) {
        Path dir;
        try {
            dir = new Path(output);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--output '" + output
                    + "' is not a valid path (a ':' in a file name reads as a URI scheme): " + e.getMessage());
        }
        try {
            FileSystem fs = NioLocalFileSystem.of(dir, conf);
            dir = fs.makeQualified(dir);
            Path existing = dir;
            while (existing.getParent() != null && !fs.exists(existing)) {
                refuseDanglingLink(fs, output, existing);
                existing = existing.getParent();
            }
            if (!fs.getFileStatus(existing).isDirectory()) {
                throw new RefusedException("--output " + output + ": " + existing + " is a file, not a directory");
            }
            // A directory made and removed where the output would be created: nothing is left behind.
            Path probe = new Path(existing, "_probe-" + UUID.randomUUID());
            mkdirs(fs, output, probe);
            fs.delete(probe, true);
            return dir;
        } catch (IOException e) {
            throw new RefusedException("--output " + output + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a local path that does not exist because it is a symbolic link to nothing: creating the output there
     * fails, and "permission denied" would send the user the wrong way.
     */
    private static void refuseDanglingLink(FileSystem fs, String output, Path missing) throws IOException {
        if (!"file".equals(fs.getUri().getScheme())) {
            return;
        }
        java.nio.file.Path local = java.nio.file.Path.of(missing.toUri());
        if (Files.isSymbolicLink(local)) {
            throw new RefusedException("--output " + output + ": " + local + " is a dangling symbolic link to "
                    + Files.readSymbolicLink(local) + ", which does not exist; create its target or remove the link");
        }
    }

    private static void mkdirs(FileSystem fs, String output, Path dir) throws IOException {
        boolean made;
        try {
            made = fs.mkdirs(dir);
        } catch (IOException e) { // e.g. AccessControlException on HDFS, ParentNotDirectoryException
            throw new RefusedException(
                    "--output " + output + ": cannot create " + dir.getParent() + " (" + e.getMessage() + ")", e);
        }
        if (!made) {
            throw new RefusedException("--output " + output + ": cannot create or write " + dir.getParent()
                    + " (permission denied or a read-only file system)");
        }
    }

    /**
     * Finishes (or undoes) a publish interrupted in {@code dir}, if its job is gone, so that a reader sees every
     * dataset of one job; leaves a publish in progress alone. For readers.
     */
    public static void recoverForReading(Configuration conf, Path dir) {
        try {
            FileSystem fs = NioLocalFileSystem.of(dir, conf);
            new OutputRecovery(fs, fs.makeQualified(dir), conf).recover(true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public FileSystem fileSystem() {
        return fs;
    }

    /** The output directory, qualified. */
    public Path dir() {
        return dir;
    }

    /** Where dataset {@code name} is written before it is published. */
    public Path staged(String name) {
        return new Path(staging, name);
    }

    /** Where dataset {@code name} is once published. */
    public Path published(String name) {
        return new Path(dir, name);
    }

    /**
     * Has the publish move file {@code source} (inside the output directory: a checkpoint's) to {@code target} of the
     * staging directory ({@code NAME/FILE} of a staged dataset), as its first step once its journal is written: the
     * file stays where it is until the publish is decided (a failure before that, or a kill, leaves it there), and a
     * publish undone puts it back. No copy: one rename a file, on every file system.
     */
    public void adopt(Path source, String target) {
        moves.add(new PublishJournal.Move(inside(source), target));
    }

    /**
     * Has the publish remove {@code path} (inside the output directory: the checkpoint the datasets came from) once
     * every dataset is in place, under its journal: a publish finished after a kill retires it too, and one undone
     * keeps it.
     */
    public void retire(Path path) {
        retired.add(inside(path));
    }

    /** {@code path} relative to the output directory; refused when it is not inside it. */
    private String inside(Path path) {
        String prefix = dir.toString() + "/";
        String s = fs.makeQualified(path).toString();
        if (!s.startsWith(prefix)) {
            throw new IllegalArgumentException(path + " is not inside " + dir);
        }
        return s.substring(prefix.length());
    }

    /**
     * Moves every staged dataset into place, all together, and removes the staging directory; throws
     * {@link OutputExistsException} when a dataset appeared since {@link #prepare} and {@code --overwrite} is off
     * (nothing is published then).
     */
    public List<Path> publish() {
        try {
            hook.at("before-publish", dir);
            recovery.recover(false);
            for (String name : datasets) {
                if (!fs.exists(staged(name))) {
                    throw new IOException(staged(name) + " was not written; nothing is published");
                }
            }
            PublishJournal journal = new PublishJournal(
                    staging.getName(), datasets, overwrite, List.copyOf(moves), List.copyOf(retired), owner);
            Path written = new Path(staging, OutputRecovery.JOURNAL_DRAFT);
            try (OutputStream out = fs.create(written, false)) {
                out.write(journal.toBytes());
            }
            if (!ExclusiveFiles.moveNew(fs, written, recovery.journal())) {
                throw new OutputExistsException(recovery.journal() + ": another job is publishing into " + dir
                        + " now; run again when it has finished");
            }
            hook.at("journal-written", dir);
            String conflict;
            try {
                conflict = recovery.finish(journal);
            } catch (IOException | RuntimeException failed) {
                throw undone(journal, failed);
            }
            if (conflict != null) {
                throw new OutputExistsException(
                        conflict + " appeared while this job ran; use --overwrite to replace it");
            }
            List<Path> published = new ArrayList<>();
            for (String name : datasets) {
                published.add(published(name));
            }
            return published;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            owner.ended();
            lock.release();
        }
    }

    /**
     * Undoes the publish of {@code journal}, whose roll forward failed with {@code failed}; the refusal to throw, in
     * one line naming the dataset and the reason. When the undo fails too, the journal and the staging directory (which
     * holds the old datasets set aside) are kept, marked for undoing, and the next command on the output finishes the
     * undo.
     */
    private RefusedException undone(PublishJournal journal, Throwable failed) {
        String why = AtomicRename.reason(failed);
        boolean marked;
        try {
            recovery.markUndoing(journal);
            marked = true;
        } catch (IOException | RuntimeException unmarked) {
            marked = false; // the undo is still tried; should it fail too, the next command rolls forward
        }
        try {
            recovery.rollBack(journal);
        } catch (IOException | RuntimeException undo) {
            keepStaging = true; // the old datasets set aside are there: never delete it
            return new RefusedException(
                    "publishing into " + dir + " failed (" + why + ") and undoing it failed too ("
                            + AtomicRename.reason(undo) + "); the next command on " + dir
                            + (marked ? " finishes undoing it" : " finishes the publish")
                            + " once that is fixed",
                    failed);
        }
        return new RefusedException(
                "publishing into " + dir + " failed (" + why + "); it was undone: every dataset is "
                        + "as it was before this job",
                failed);
    }

    /** A job's stages: they write the datasets under {@link #staged}; what they return decides the end. */
    @FunctionalInterface
    public interface Stages<T> {
        /** Writes the staged datasets; returns the job's result, or null to stop without publishing. */
        T write(AtomicOutput out) throws IOException;
    }

    /**
     * The end of every job's output, written once: runs {@code stages} into the staging directory, then publishes every
     * dataset together ({@link #publish}); when the stages throw, or return null (a run stopped early on purpose),
     * abandons the staged output instead, leaving the published datasets as they were. Returns what the stages
     * returned.
     */
    public <T> T publishAfter(Stages<T> stages) {
        T result;
        try {
            result = stages.write(this);
        } catch (RuntimeException | Error e) {
            abandon();
            Optional<RefusedException> full = storageRefusal(e);
            if (full.isPresent()) {
                throw full.get();
            }
            throw e;
        } catch (Exception e) { // an IOException, or a checked one Scala throws undeclared (Spark's SparkException)
            abandon();
            throw storageRefusal(e)
                    .<RuntimeException>map(r -> r)
                    .orElseGet(() -> e instanceof IOException io
                            ? new UncheckedIOException(io)
                            : new IllegalStateException(e.getMessage(), e));
        }
        if (result == null) {
            abandon();
            return null;
        }
        try {
            publish();
        } catch (RuntimeException e) {
            if (!keepStaging) {
                abandon();
            }
            throw e;
        }
        return result;
    }

    /**
     * A write the storage refused (a full device, a used-up quota, the file-size limit) as one line naming what was
     * being written and why; empty for any other failure.
     */
    private Optional<RefusedException> storageRefusal(Throwable failure) {
        return StorageLimit.reason(failure)
                .map(why -> new RefusedException(
                        "cannot write "
                                + StorageLimit.path(failure, staging.toString()) + ": " + why
                                + "; nothing was published, the staged "
                                + "output was removed",
                        failure));
    }

    /** Removes the staging directory after a failure and releases the lock; published datasets stay as they were. */
    public void abandon() {
        try {
            removeReservation(fs, dir, staging, lock, dirCreated);
        } finally {
            owner.ended();
        }
    }

    /**
     * Ends the job's hold on the output if the publish or abandon has not: a job ends with this on every path. The lock
     * is released; the staging directory is left to them, or to the next job on the output, which finds its owner
     * ended.
     */
    @Override
    public void close() {
        owner.ended();
        lock.release();
    }

    /**
     * Removes what a job reserved in {@code dir}: its staging directory, its lock (null when not taken), and the
     * directory itself when the job made it and nothing else is in it.
     */
    private static void removeReservation(FileSystem fs, Path dir, Path staging, OutputLock lock, boolean dirCreated) {
        try {
            fs.delete(staging, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (lock != null) {
                lock.release();
            }
        }
        try {
            if (dirCreated && fs.exists(dir) && fs.listStatus(dir).length == 0) {
                fs.delete(dir, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
