package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.durable.Manifest;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.util.CollectionAccumulator;

/**
 * The driver's record of the streamed distance files of a search, by name: those a resumed checkpoint's manifest lists,
 * then those the tasks (and the driver) report as they write them ({@link DistanceOutput}). This record, not the
 * directory, is the truth: the checkpoint's manifest is written from it and exactly its files are published, so a file
 * copied into the directory, or one left by a task whose level was searched again, is never recorded nor published.
 */
final class DistanceCommits {
    /** Property prefix of a file's rows in a manifest ({@code file-rows.distances/NAME=ROWS}). */
    private static final String ROWS = "file-rows.";

    private final CollectionAccumulator<DistanceCommit> reported;
    private final Map<String, DistanceCommit> files = new TreeMap<>();

    DistanceCommits(JavaSparkContext jsc) {
        this.reported = jsc.sc().collectionAccumulator("explore distance files");
    }

    /** What the tasks report into. */
    CollectionAccumulator<DistanceCommit> reports() {
        return reported;
    }

    /** A file the driver wrote itself. */
    void add(DistanceCommit commit) {
        if (commit != null) {
            drain();
            files.put(commit.name(), commit);
        }
    }

    /** Every file recorded, in name order. */
    Collection<DistanceCommit> all() {
        drain();
        return List.copyOf(files.values());
    }

    /** The rows of every file recorded. */
    long rows() {
        return all().stream().mapToLong(DistanceCommit::rows).sum();
    }

    /** Forgets the files of depth {@code level} and deeper (a search goes back to the checkpoint of that level). */
    void dropFrom(int level) {
        drain();
        files.values().removeIf(c -> DistanceFiles.firstDepth(c.name()) >= level);
    }

    void clear() {
        reported.reset();
        files.clear();
    }

    /** Records each file in {@code m} under {@code dir}: its sum, and its rows as a property. */
    void record(Manifest.Builder m, String dir) {
        for (DistanceCommit c : all()) {
            m.file(dir + "/" + c.name(), c.sum());
            m.set(ROWS + dir + "/" + c.name(), Long.toString(c.rows()));
        }
    }

    /** Makes the files of {@code dir} that {@code manifest} (found at {@code where}) lists the record. */
    void resetTo(Manifest manifest, String dir, Path where) {
        clear();
        manifest.files().forEach((name, sum) -> {
            if (name.startsWith(dir + "/")) {
                long rows = Long.parseLong(manifest.get(ROWS + name, where));
                String file = name.substring(dir.length() + 1);
                files.put(file, new DistanceCommit(file, rows, sum));
            }
        });
    }

    /** The reports of the tasks that succeeded since the last look, in the order Spark merged them. */
    private void drain() {
        List<DistanceCommit> fresh = reported.value();
        if (fresh.isEmpty()) {
            return;
        }
        for (DistanceCommit c : fresh) {
            files.put(c.name(), c);
        }
        reported.reset();
    }
}
