package io.puzzleatlas.jobs.explore;

import java.io.Serializable;

/** A space's ranks cut into {@code parts} contiguous ranges; range {@code p} is partition {@code p}. */
final class RangeLayout implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long size;
    private final int parts;

    RangeLayout(long size, int parts) {
        if (parts < 1 || size / parts >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("cannot cut " + size + " ranks into " + parts + " ranges of int length");
        }
        this.size = size;
        this.parts = parts;
    }

    long size() {
        return size;
    }

    int parts() {
        return parts;
    }

    /** First rank of range {@code p}. */
    long lo(int p) {
        return size * p / parts;
    }

    int length(int p) {
        return (int) (lo(p + 1) - lo(p));
    }

    /** The range holding {@code rank}. */
    int owner(long rank) {
        int p = (int) (((rank + 1) * parts - 1) / size);
        while (p + 1 < parts && lo(p + 1) <= rank) {
            p++;
        }
        while (p > 0 && lo(p) > rank) {
            p--;
        }
        return p;
    }
}
