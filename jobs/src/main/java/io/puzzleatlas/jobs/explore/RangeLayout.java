package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.spark.JobSession;
import java.io.Serializable;

/**
 * A space's ranks cut into {@code parts} contiguous ranges of {@code span} ranks, {@code ceil(size / parts)} rounded up
 * to a multiple of 32 (the last range shorter, and fewer ranges where the space has fewer than 32 ranks a range); range
 * {@code p} is partition {@code p}. The owner of a rank is found with one multiplication by the span's reciprocal and
 * one correction, not a division: it is asked for every neighbour a level generates.
 */
final class RangeLayout implements Serializable {
    private static final long serialVersionUID = 2L;

    private final long size;
    private final int parts;
    private final long span;
    private final double perRank;

    /**
     * Rank ranges of the Spark engine by default: four per core, at least one per 2^27 ranks (a 32 MiB range file). A
     * task serves a group of ranges (two groups per core, range p in group p mod G), so four ranges per core give each
     * task two ranges from different parts of the space, whose frontiers even out: measured on the 2x6 and the 3x4 on
     * two cores, 8 ranges against 4 took 0.87 and 0.92 of the wall time (docs/benchmarks.md).
     */
    static int defaultPartitions(JobSession session, long size) {
        int cores = session.spark().sparkContext().isLocal()
                ? Runtime.getRuntime().availableProcessors()
                : session.parallelism();
        return (int) Math.max(4L * cores, (size + (1L << 27) - 1) >> 27);
    }

    RangeLayout(long size, int parts) {
        // ranges start on a word of 32 two-bit entries, so a block move takes a word to one word of one range
        long span = parts < 1 ? 0 : Math.max(32, ((size + parts - 1) / parts + 31) & -32L);
        if (parts < 1 || span >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot cut " + size + " ranks into " + parts + " ranges of int length");
        }
        this.size = size;
        this.span = span;
        this.parts = (int) Math.min(parts, (size + span - 1) / span);
        this.perRank = 1.0 / span;
    }

    long size() {
        return size;
    }

    int parts() {
        return parts;
    }

    /** Ranks a range, but the last. */
    long span() {
        return span;
    }

    /** First rank of range {@code p}. */
    long lo(int p) {
        return Math.min(size, p * span);
    }

    int length(int p) {
        return (int) (lo(p + 1) - lo(p));
    }

    /** The range holding {@code rank}. */
    int owner(long rank) {
        int p = (int) (rank * perRank);
        if (p >= parts) {
            p = parts - 1;
        }
        long lo = p * span;
        if (rank < lo) {
            return p - 1;
        }
        return rank >= lo + span && p + 1 < parts ? p + 1 : p;
    }
}
