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
 * What an interrupted job leaves in an output directory, and how it is put right: a publish
 * journal is rolled forward (or back, before its check), and staging directories of jobs that
 * are gone are removed (docs/publishing.md).
 */
final class OutputRecovery {
    static final String STAGING_PREFIX = "_staging-";
    static final String OWNER = "_owner";
    static final String JOURNAL = "_publishing";
    /** The journal as written in the staging directory, before it is moved to {@link #JOURNAL}. */
    static final String JOURNAL_DRAFT = "_journal";
    /** Where a publish with --overwrite puts the datasets it replaces, inside its staging directory. */
    static final String REPLACED = "_replaced";
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

    /**
     * Finishes the publish of a job that is gone. A publish in progress is left alone when
     * {@code reading}; otherwise it is refused with {@link OutputExistsException}.
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
            throw new IOException(journal() + ": not a publish journal of puzzle-atlas; check " + dir + " and remove it");
        }
        JobOwner owner = journal.get().owner();
        if (!owner.stopped(status.getModificationTime(), stalePublishMillis)) {
            if (reading) {
                return;
            }
            throw new OutputExistsException(journal() + ": " + owner + " is publishing into " + dir
                    + "; run again when it has finished");
        }
        String conflict = finish(journal.get());
        LOG.info("{} of {}: {}", conflict == null ? "finished the interrupted publish" : "undid the interrupted publish",
                owner, String.join(", ", journal.get().datasets()));
    }

    /**
     * Rolls a journal's publish forward: every staged dataset is moved into place (an existing
     * one aside, when the journal says overwrite), then the staging directory and the journal are
     * removed. Each step can be repeated, so a recovery that is itself killed is finished by the
     * next. Without overwrite, a dataset that exists before anything was moved means the publish
     * had not passed its check: it is rolled back (the journal removed) and that dataset returned.
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
        for (String name : journal.datasets()) {
            Path from = new Path(staging, name);
            Path target = new Path(dir, name);
            if (fs.exists(from)) {
                if (fs.exists(target)) {
                    Path aside = new Path(new Path(staging, REPLACED), name);
                    if (fs.exists(aside)) {
                        throw new IOException(target + " and " + aside + " both exist; " + journal() + " cannot be finished");
                    }
                    fs.mkdirs(aside.getParent());
                    rename(target, aside);
                    AtomicOutput.hook.at("aside:" + name, dir);
                }
                fs.mkdirs(target.getParent()); // names may be nested, as atlas/<space>
                rename(from, target);
                AtomicOutput.hook.at("renamed:" + name, dir);
            } else if (!fs.exists(target)) {
                throw new IOException(target + " is neither published nor staged in " + staging + "; "
                        + journal() + " cannot be finished");
            }
        }
        fs.delete(staging, true);
        fs.delete(journal(), false);
        return null;
    }

    /**
     * Undoes a publish whose roll forward failed part-way (a rename refused, a file system error):
     * each new dataset already in place goes back to the staging directory and each old one set
     * aside comes back, last dataset first; then the journal goes, so the datasets are as they
     * were before the job. Throws when a step fails; the journal and the staging directory are
     * then kept, and the next job into the directory finishes the publish.
     */
    void rollBack(PublishJournal journal) throws IOException {
        Path staging = new Path(dir, journal.staging());
        List<String> names = new ArrayList<>(journal.datasets());
        Collections.reverse(names);
        for (String name : names) {
            Path staged = new Path(staging, name);
            Path target = new Path(dir, name);
            Path aside = new Path(new Path(staging, REPLACED), name);
            if (!fs.exists(staged) && fs.exists(target)) {
                rename(target, staged); // the new one, moved in before the failure
            }
            if (fs.exists(aside)) {
                rename(aside, target); // the old one back
            }
        }
        fs.delete(journal(), false);
    }

    /**
     * Removes the staging directories of jobs that are gone: its owner's process has ended (same
     * host), or its owner file (without one: the directory) is older than the stale age.
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
                stale = owner.isPresent() ? owner.get().stopped(status.getModificationTime(), staleStagingMillis)
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

    private void rename(Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("could not rename " + from + " to " + to);
        }
    }
}
