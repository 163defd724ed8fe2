package io.puzzleatlas.jobs.explore;

import org.apache.spark.Partitioner;

/** Sends the block keyed {@code p} to partition {@code p}: the owner of range {@code p}. */
final class IdentityPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int parts;

    IdentityPartitioner(int parts) {
        this.parts = parts;
    }

    @Override
    public int numPartitions() {
        return parts;
    }

    @Override
    public int getPartition(Object key) {
        return (Integer) key;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof IdentityPartitioner p && p.parts == parts;
    }

    @Override
    public int hashCode() {
        return parts;
    }
}
