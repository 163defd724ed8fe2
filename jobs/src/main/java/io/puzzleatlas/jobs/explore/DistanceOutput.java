package io.puzzleatlas.jobs.explore;

import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SerializableWritable;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.util.CollectionAccumulator;

/**
 * Where the tasks of the Spark engine stream their distance files, and how each reports a file it wrote: the
 * checkpoint's {@code distances/} directory, the job's Hadoop configuration (broadcast: sent once to each executor, not
 * serialized into every task of every level), whether rows carry states, and the accumulator that carries each task's
 * {@link DistanceCommit}s to the driver ({@link DistanceCommits}) when the task succeeds.
 */
final class DistanceOutput implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String dir;
    private final boolean withStates;
    private final Broadcast<SerializableWritable<Configuration>> conf;
    private final CollectionAccumulator<DistanceCommit> commits;

    DistanceOutput(
            Path dir,
            boolean withStates,
            Broadcast<SerializableWritable<Configuration>> conf,
            CollectionAccumulator<DistanceCommit> commits) {
        this.dir = dir.toString();
        this.withStates = withStates;
        this.conf = conf;
        this.commits = commits;
    }

    /** A writer of range {@code part}'s file of depth {@code level}, created at its first row. */
    DistanceFiles.Writer writer(ExploreSpec spec, int part, int level) {
        return DistanceFiles.writer(
                conf.value().value(), new Path(dir, DistanceFiles.fileName(part, level)), withStates ? spec : null);
    }

    /** Closes {@code rows} and reports its file (none when it got no row). */
    void commit(DistanceFiles.Writer rows) {
        DistanceCommit c = rows.commit();
        if (c != null) {
            commits.add(c);
        }
    }
}
