package io.puzzleatlas.jobs.io;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Publishes a job's datasets all at once. Each dataset is written under a staging directory
 * inside the output directory ({@code DIR/_staging-JOB-UUID/NAME}, hidden from Spark and Hive
 * readers by its leading underscore), and only when every dataset is complete is each one moved
 * to {@code DIR/NAME} by a directory rename, which is atomic on local and HDFS file systems. A
 * reader therefore sees the old dataset or the new one, never a half-written one. An existing
 * dataset is refused unless {@code --overwrite}; with it, the old one is first renamed aside and
 * deleted after the new one is in place.
 */
public final class AtomicOutput {
    private final FileSystem fs;
    private final Path dir;
    private final Path staging;
    private final List<String> datasets;
    /** Whether the output directory was made for this job (then a failed job removes it when empty). */
    private final boolean dirCreated;

    private AtomicOutput(FileSystem fs, Path dir, Path staging, List<String> datasets, boolean dirCreated) {
        this.fs = fs;
        this.dir = dir;
        this.staging = staging;
        this.datasets = datasets;
        this.dirCreated = dirCreated;
    }

    /**
     * Checks that the datasets may be written and reserves a staging directory; throws
     * {@link OutputExistsException} when one exists and {@code overwrite} is off.
     */
    public static AtomicOutput prepare(Configuration conf, OutputOptions options, String job, String... datasets) {
        Path dir = checkedDir(conf, options.output());
        try {
            FileSystem fs = dir.getFileSystem(conf);
            for (String name : datasets) {
                Path target = new Path(dir, name);
                if (fs.exists(target) && !options.overwrite()) {
                    throw new OutputExistsException(target + " already exists; use --overwrite to replace it");
                }
            }
            Path staging = new Path(dir, "_staging-" + job + "-" + UUID.randomUUID());
            boolean dirCreated = !fs.exists(dir);
            // Creating the staging directory now proves the output writable before any work is done.
            mkdirs(fs, options.output(), staging);
            return new AtomicOutput(fs, dir, staging, List.of(datasets), dirCreated);
        } catch (IOException e) {
            throw new RefusedException("--output " + options.output() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The output directory, qualified, once it is known that it can be written: a parseable
     * path, no regular file where a directory is needed, and a directory that can be created and
     * written in. Throws {@link UsageException} or {@link RefusedException} naming --output.
     */
    public static Path checkedDir(Configuration conf, String output) {
        Path dir;
        try {
            dir = new Path(output);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--output '" + output + "' is not a valid path (a ':' in a file name reads as a URI scheme): "
                    + e.getMessage());
        }
        try {
            FileSystem fs = dir.getFileSystem(conf);
            dir = fs.makeQualified(dir);
            Path existing = dir;
            while (existing.getParent() != null && !fs.exists(existing)) {
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

    private static void mkdirs(FileSystem fs, String output, Path dir) throws IOException {
        boolean made;
        try {
            made = fs.mkdirs(dir);
        } catch (IOException e) { // e.g. AccessControlException on HDFS, ParentNotDirectoryException
            throw new RefusedException("--output " + output + ": cannot create " + dir.getParent() + " (" + e.getMessage() + ")", e);
        }
        if (!made) {
            throw new RefusedException("--output " + output + ": cannot create or write " + dir.getParent()
                    + " (permission denied or a read-only file system)");
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

    /** Moves every staged dataset into place and removes the staging directory. */
    public List<Path> publish() {
        List<Path> published = new ArrayList<>();
        try {
            for (String name : datasets) {
                Path target = published(name);
                Path aside = null;
                if (fs.exists(target)) {
                    aside = new Path(staging, "_replaced-" + name);
                    fs.mkdirs(aside.getParent());
                    rename(target, aside);
                }
                fs.mkdirs(target.getParent()); // names may be nested, as atlas/<space>
                rename(staged(name), target);
                if (aside != null) {
                    fs.delete(aside, true);
                }
                published.add(target);
            }
            fs.delete(staging, true);
            return published;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes the staging directory after a failure; published datasets stay as they were. */
    public void abandon() {
        try {
            fs.delete(staging, true);
            if (dirCreated && fs.listStatus(dir).length == 0) {
                fs.delete(dir, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rename(Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("could not rename " + from + " to " + to);
        }
    }
}
