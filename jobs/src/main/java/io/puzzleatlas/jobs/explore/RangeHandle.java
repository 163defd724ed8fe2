package io.puzzleatlas.jobs.explore;

import java.io.Serializable;

/**
 * Where one rank range's codes live: its {@link RangeFile} on the local disk of {@code host}. All
 * that travels between the driver and the executors per range; the tasks of the range are asked to
 * run on that host.
 */
record RangeHandle(int part, long lo, int length, String path, String host) implements Serializable {
    RangeFile open() {
        return RangeFile.open(path, length);
    }
}
