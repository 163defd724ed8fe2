package io.puzzleatlas.jobs.explore;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.Partitioner;

/**
 * The ranges one task serves: range {@code p} belongs to group {@code p mod groups}, so that each group spans the whole
 * rank space and the groups' frontiers stay alike in size. A level is one task per group, not per range: ranges stay
 * small (a range's rank blocks fit a task's budget as bit sets) while the tasks per level stay a few per core (each
 * task costs Spark's scheduling whatever it holds). All of a group's range files are on one host, the one its tasks ask
 * for.
 */
final class RangeGroup implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int group;
    /** An array, not a list: Spark's Kryo serializer cannot rebuild immutable lists. */
    private final RangeHandle[] ranges;

    private final String host;

    RangeGroup(int group, List<RangeHandle> ranges, String host) {
        this.group = group;
        this.ranges = ranges.toArray(new RangeHandle[0]);
        this.host = host;
    }

    int group() {
        return group;
    }

    /** The group's ranges, ascending by part. */
    List<RangeHandle> ranges() {
        return Arrays.asList(ranges);
    }

    String host() {
        return host;
    }

    /** The groups of {@code parts} ranges for a cluster of {@code cores} cores: two per core, at most one per range. */
    static int groups(int parts, int cores) {
        return Math.max(1, Math.min(parts, 2 * cores));
    }

    /** Sends the block keyed by its owner range {@code p} to the task of the owner's group. */
    static final class Owners extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int groups;

        Owners(int groups) {
            this.groups = groups;
        }

        @Override
        public int numPartitions() {
            return groups;
        }

        @Override
        public int getPartition(Object key) {
            return (Integer) key % groups;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Owners o && o.groups == groups;
        }

        @Override
        public int hashCode() {
            return groups;
        }
    }
}
