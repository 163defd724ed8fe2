package io.puzzleatlas.jobs.explore;

import java.io.File;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a search's range files go, decided on the driver before any is made ({@link ExecutorCheck}): the host of each
 * group of ranges and, per host, the directory its files go to. The tasks that make the files ask for their group's
 * host and read their host's directory from it. A class, not a record: Spark's Kryo serializer cannot build records.
 */
final class RangePlacement implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String[] groupHosts;
    /** An own copy: Spark's Kryo serializer cannot rebuild immutable maps. */
    private final HashMap<String, String> roots;

    private final boolean preferHosts;
    /** Per host: its executors and cores, and what its range files take where. */
    private final String summary;

    /**
     * @param groupHosts the host of each group
     * @param roots the directory of the range files on each host
     * @param preferHosts whether tasks ask for their group's host (not in local mode, whose one executor is the driver)
     * @param summary per host, its executors and what its range files take where, for the log
     */
    RangePlacement(List<String> groupHosts, Map<String, String> roots, boolean preferHosts, String summary) {
        this.groupHosts = groupHosts.toArray(new String[0]);
        this.roots = new HashMap<>(roots);
        this.preferHosts = preferHosts;
        this.summary = summary;
    }

    String summary() {
        return summary;
    }

    String host(int group) {
        return groupHosts[group];
    }

    /** The location a task of {@code group} asks for: its host, or none in local mode. */
    List<String> preferred(int group) {
        return preferHosts ? List.of(groupHosts[group]) : List.of();
    }

    /** The directory of the range files on {@code host}, or null for a host that was not checked. */
    File root(String host) {
        String root = roots.get(host);
        return root == null ? null : new File(root);
    }
}
