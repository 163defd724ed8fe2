package io.puzzleatlas.jobs.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an interrupted job leaves in an output directory, and how it is put right: a publish journal is rolled forward
 * (or back, before its check), and staging directories of jobs that are gone are removed (docs/publishing.md).
 */
final class OutputRecovery {
    static final String STAGING_PREFIX = "_staging-";
    static final String OWNER = "_owner";
    static final String JOURNAL = "_publishing";
    /** The journal as written in the staging directory, before it is moved to {@link #JOURNAL}. */
    static final String JOURNAL_DRAFT = "_journal";
    /** Where a publish with --overwrite puts the datasets it replaces, inside its staging directory. */
    static final String REPLACED = "_replaced";
    /**
     * Written in the staging directory before a failed publish is undone: an undo that fails too is then finished by
     * whoever recovers the output, not turned into a roll forward.
     */
    static final String UNDOING = "_undoing";
    /** Hadoop setting: a staging directory of a job on another host is stale after this many hours. */
    static final String STALE_STAGING_HOURS = "puzzleatlas.output.stale-staging-hours";
    /** Hadoop setting: a publish journal of a job on another host is stale after this many minutes. */
    static final String STALE_PUBLISH_MINUTES = "puzzleatlas.output.stale-publish-minutes";

    private static final Logger LOG = LoggerFactory.getLogger(OutputRecovery.class);

    private final FileSystem fs;
    private final Path dir;
    private final long staleStagingMillis;
    private final long stalePublishMillis;

    OutputRecovery(FileSystem fs, Path dir, Configuration conf) {
        this.fs = fs;
        this.dir = dir;
        this.staleStagingMillis = TimeUnit.HOURS.toMillis(conf.getLong(STALE_STAGING_HOURS, 24));
        this.stalePublishMillis = TimeUnit.MINUTES.toMillis(conf.getLong(STALE_PUBLISH_MINUTES, 10));
    }

    Path journal() {
        return new Path(dir, JOURNAL);
    }

    /** How long a staging directory (and the lock of its job) of a job on another host may live unchanged. */
    long staleStagingMillis() {
        return staleStagingMillis;
    }

    /**
     * Finishes the publish of a job that is gone. A publish in progress is left alone when {@code reading}; otherwise
     * it is refused with {@link OutputExistsException}.
     */
    void recover(boolean reading) throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(journal());
        } catch (FileNotFoundException e) {
            return;
        }
        Optional<PublishJournal> journal = PublishJournal.parse(read(journal()));
        if (journal.isEmpty()) {
            throw new IOException(
                    journal() + ": not a publish journal of puzzle-atlas; check " + dir + " and remove it");
        }
        JobOwner owner = journal.get().owner();
        if (!owner.stopped(status.getModificationTime(), stalePublishMillis)) {
            if (reading) {
                return;
            }
            throw new OutputExistsException(
                    journal() + ": " + owner + " is publishing into " + dir + "; run again when it has finished");
        }
        Path staging = new Path(dir, journal.get().staging());
        if (fs.exists(new Path(staging, UNDOING))) {
            rollBack(journal.get());
            fs.delete(staging, true);
            LOG.info(
                    "finished undoing the failed publish of {}: {}",
                    owner,
                    String.join(", ", journal.get().datasets()));
            return;
        }
        String conflict = finish(journal.get());
        LOG.info(
                "{} of {}: {}",
                conflict == null ? "finished the interrupted publish" : "undid the interrupted publish",
                owner,
                String.join(", ", journal.get().datasets()));
    }

    /**
     * Rolls a journal's publish forward: the files it adopts are moved into their staged datasets (a file whose dataset
     * is in place already goes straight there), then every staged dataset is moved into place (an existing one aside,
     * when the journal says overwrite), what it retires is removed, then the staging directory and the journal. Each
     * step can be repeated, so a recovery that is itself killed is finished by the next. Without overwrite, a dataset
     * that exists before anything was moved means the publish had not passed its check: it is rolled back (the journal
     * removed) and that dataset returned.
     */
    String finish(PublishJournal journal) throws IOException {
        Path staging = new Path(dir, journal.staging());
        boolean moved = false;
        Path conflict = null;
        for (String name : journal.datasets()) {
            if (!fs.exists(new Path(staging, name))) {
                moved = true;
            } else if (!journal.overwrite() && conflict == null && fs.exists(new Path(dir, name))) {
                conflict = new Path(dir, name);
            }
        }
        if (conflict != null) {
            if (moved) {
                throw new IOException(conflict + " was written outside the publish protocol while " + journal()
                        + " was in progress; check " + dir + " and remove " + journal());
            }
            fs.delete(journal(), false);
            return conflict.toString();
        }
        for (PublishJournal.Move m : journal.moves()) {
            Path from = new Path(dir, m.source());
            if (fs.exists(from)) {
                Path to = fs.exists(new Path(staging, m.dataset()))
                        ? new Path(staging, m.target())
                        : new Path(dir, m.target());
                fs.mkdirs(to.getParent());
                AtomicRename.move(fs, from, to, "cannot move " + from + " into " + to.getParent());
                AtomicOutput.hook.at("adopted:" + m.target(), dir);
            }
        }
        for (String name : journal.datasets()) {
            Path from = new Path(staging, name);
            Path target = new Path(dir, name);
            Path aside = new Path(new Path(staging, REPLACED), name);
            if (fs.exists(from)) {
                if (fs.exists(target) && fs.exists(aside)) {
                    removePartialCopy(from, target, aside);
                }
                if (fs.exists(target)) {
                    fs.mkdirs(aside.getParent());
                    AtomicOutput.hook.at("before-aside:" + name, dir);
                    AtomicRename.move(fs, target, aside, "cannot set " + target + " aside");
                    AtomicOutput.hook.at("aside:" + name, dir);
                }
                fs.mkdirs(target.getParent()); // names may be nested, as atlas/<space>
                AtomicRename.move(fs, from, target, "cannot move the new " + name + " to " + target);
                AtomicOutput.hook.at("renamed:" + name, dir);
            } else if (!fs.exists(target)) {
                throw new IOException(target + " is neither published nor staged in " + staging + "; " + journal()
                        + " cannot be finished");
            }
        }
        for (String r : journal.retired()) {
            try {
                fs.delete(new Path(dir, r), true);
            } catch (IOException e) { // every dataset is in place: what is left of it is only clutter
                LOG.warn("cannot remove {} ({})", new Path(dir, r), e.getMessage());
            }
        }
        fs.delete(staging, true);
        fs.delete(journal(), false);
        return null;
    }

    /**
     * Undoes a publish whose roll forward failed part-way (a rename refused, a file system error): each new dataset
     * already in place goes back to the staging directory and each old one set aside comes back, last dataset first;
     * each adopted file goes back where it came from; then the journal goes, so the datasets are as they were before
     * the job. Throws when a step fails; the journal and the staging directory are then kept, and whoever recovers the
     * output next finishes the undo ({@link #UNDOING}).
     */
    void rollBack(PublishJournal journal) throws IOException {
        Path staging = new Path(dir, journal.staging());
        List<String> names = new ArrayList<>(journal.datasets());
        Collections.reverse(names);
        for (String name : names) {
            Path staged = new Path(staging, name);
            Path target = new Path(dir, name);
            Path aside = new Path(new Path(staging, REPLACED), name);
            if (fs.exists(staged) && fs.exists(target) && fs.exists(aside)) {
                removePartialCopy(staged, target, aside);
            }
            if (!fs.exists(staged) && fs.exists(target)) {
                // the new one, moved in before the failure
                AtomicRename.move(fs, target, staged, "cannot move the new " + target + " back to " + staging);
            }
            if (fs.exists(aside)) {
                AtomicOutput.hook.at("before-restore:" + name, dir);
                AtomicRename.move(fs, aside, target, "cannot put the old " + name + " back at " + target);
            }
        }
        for (PublishJournal.Move m : journal.moves()) {
            Path moved = new Path(staging, m.target());
            Path from = new Path(dir, m.source());
            if (fs.exists(moved) && !fs.exists(from)) {
                AtomicRename.move(fs, moved, from, "cannot move " + moved + " back to " + from);
            }
        }
        fs.delete(journal(), false);
    }

    /** Marks the publish of {@code journal} as being undone ({@link #UNDOING}). */
    void markUndoing(PublishJournal journal) throws IOException {
        fs.create(new Path(new Path(dir, journal.staging()), UNDOING), true).close();
    }

    /**
     * Resolves the one state no whole rename leaves: dataset NAME staged, published and set aside at once. A copying
     * rename failed part-way (Hadoop's fallback, on a file system that is not local): either setting the old one aside,
     * leaving a partial copy of it aside, or moving the new one in, leaving a partial copy of it published. The partial
     * copy is removed; when the files cannot tell which one it is, nothing is, and the journal cannot be finished.
     */
    private void removePartialCopy(Path staged, Path target, Path aside) throws IOException {
        boolean asideIsCopy = AtomicRename.isPartialCopy(fs, aside, target);
        boolean targetIsCopy = AtomicRename.isPartialCopy(fs, target, staged);
        if (asideIsCopy
                && targetIsCopy
                && AtomicRename.holdsNoFile(fs, aside)
                && AtomicRename.holdsNoFile(fs, target)) {
            targetIsCopy = false; // both empty: either is the other, so the old one stays where it is
        }
        if (asideIsCopy == targetIsCopy) {
            throw new IOException(target + " is both published and set aside in " + aside.getParent()
                    + ", and neither is recognisably a partial copy; check them and remove the "
                    + "incomplete one, then run again");
        }
        Path partial = asideIsCopy ? aside : target;
        LOG.info("removing {}, a partial copy left by a rename that failed", partial);
        fs.delete(partial, true);
    }

    /**
     * Removes the staging directories of jobs that are gone: its owner's process has ended (same host), or its owner
     * file (without one: the directory) is older than the stale age.
     */
    void removeStaleStaging() throws IOException {
        if (!fs.exists(dir)) {
            return;
        }
        for (FileStatus staging : fs.listStatus(dir, p -> p.getName().startsWith(STAGING_PREFIX))) {
            Path ownerFile = new Path(staging.getPath(), OWNER);
            boolean stale;
            String who;
            try {
                FileStatus status = fs.getFileStatus(ownerFile);
                Optional<JobOwner> owner = JobOwner.parse(read(ownerFile));
                stale = owner.isPresent()
                        ? owner.get().stopped(status.getModificationTime(), staleStagingMillis)
                        : System.currentTimeMillis() - status.getModificationTime() > staleStagingMillis;
                who = owner.map(JobOwner::toString).orElse("an unknown job");
            } catch (FileNotFoundException e) {
                stale = System.currentTimeMillis() - staging.getModificationTime() > staleStagingMillis;
                who = "an unknown job";
            }
            if (stale) {
                LOG.info("removing {}, left by {}", staging.getPath(), who);
                fs.delete(staging.getPath(), true);
            }
        }
    }

    private String read(Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
