package io.puzzleatlas.jobs.io;

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

    /** A point of the publish protocol reached (test seam: a test stops a job there). */
    interface Hook {
        void at(String point, Path dir);
    }

    /** Called at named points of {@link #publish()}; tests replace it, jobs leave it alone. */
    static volatile Hook hook = (point, dir) -> { };

    private AtomicOutput(FileSystem fs, Path dir, Path staging, List<String> datasets) {
        this.fs = fs;
        this.dir = dir;
        this.staging = staging;
        this.datasets = datasets;
    }

    /**
     * Checks that the datasets may be written and reserves a staging directory; throws
     * {@link OutputExistsException} when one exists and {@code overwrite} is off.
     */
    public static AtomicOutput prepare(Configuration conf, OutputOptions options, String job, String... datasets) {
        try {
            Path dir = new Path(options.output());
            FileSystem fs = dir.getFileSystem(conf);
            dir = fs.makeQualified(dir);
            for (String name : datasets) {
                Path target = new Path(dir, name);
                if (fs.exists(target) && !options.overwrite()) {
                    throw new OutputExistsException(target + " already exists; use --overwrite to replace it");
                }
            }
            Path staging = new Path(dir, "_staging-" + job + "-" + UUID.randomUUID());
            return new AtomicOutput(fs, dir, staging, List.of(datasets));
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

    /** Moves every staged dataset into place and removes the staging directory. */
    public List<Path> publish() {
        List<Path> published = new ArrayList<>();
        try {
            hook.at("before-publish", dir);
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
                hook.at("renamed:" + name, dir);
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
