package io.puzzleatlas.jobs.explore;

import java.io.Serializable;

/**
 * Where one rank range's codes live: its {@link RangeFile} on the local disk of {@code host}. All that travels between
 * the driver and the executors per range; the tasks of the range are asked to run on that host. (A class, not a record:
 * Spark's Kryo serializer cannot build records.)
 */
final class RangeHandle implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int part;
    private final long lo;
    private final int length;
    private final String path;
    private final String host;

    RangeHandle(int part, long lo, int length, String path, String host) {
        this.part = part;
        this.lo = lo;
        this.length = length;
        this.path = path;
        this.host = host;
    }

    int part() {
        return part;
    }

    long lo() {
        return lo;
    }

    int length() {
        return length;
    }

    String path() {
        return path;
    }

    String host() {
        return host;
    }

    RangeFile open() {
        return RangeFile.open(path, length);
    }
}
