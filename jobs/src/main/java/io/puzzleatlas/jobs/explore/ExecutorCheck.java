package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.UsageException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Option;

/**
 * The executors of a Spark search, checked before a range file is made: one task per executor reports
 * ({@link ExecutorReport}); the groups of ranges are dealt to the hosts in proportion to their cores
 * ({@link RangePlacement}); each host's range files (and, when the ranges are on several hosts, its share of the widest
 * level's shuffle, {@link ExploreEstimate#shuffleBytes}) must fit where they go (the directory
 * {@link RangeStore#RANGE_DIR} names; else {@code /dev/shm} while a quarter of it stays free; else the first Spark
 * local directory), and each executor's heap must hold {@link ExploreEstimate#TASK_HEAP_MB} MiB per core. A search that
 * does not fit is refused in one line naming the host, the directory, what is needed and what is free, before anything
 * is written. Also here: dynamic allocation is refused (it would remove an idle executor and its range files), and the
 * locality wait that keeps each task on its ranges' host.
 */
final class ExecutorCheck {
    /** Spark's setting of dynamic allocation, which a search on Spark refuses. */
    static final String DYNAMIC_ALLOCATION = "spark.dynamicAllocation.enabled";
    /** Spark's wait for a free slot on a task's preferred host before it runs the task elsewhere. */
    static final String NODE_WAIT = "spark.locality.wait.node";
    /**
     * The wait a search sets: a task run off its ranges' host fails (its files are not there), so it waits for its host
     * as long as the host is alive (Spark stops waiting for a host whose executors are all lost).
     */
    static final String NODE_WAIT_VALUE = "24h";

    private static final String[] UNITS = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};

    private ExecutorCheck() {}

    /** Refuses (usage, status 2) a search on Spark with dynamic allocation on ({@code value}: the setting, or null). */
    static void refuseDynamicAllocation(String value) {
        if (value != null && Boolean.parseBoolean(value.trim())) {
            throw new UsageException("--conf " + DYNAMIC_ALLOCATION + "=" + value
                    + ": explore on Spark keeps its range files on its executors' local disks, which dynamic "
                    + "allocation takes away with an idle executor; set it to false");
        }
    }

    /**
     * Sets {@value #NODE_WAIT} to {@value #NODE_WAIT_VALUE} in the running context (Spark reads it for each new stage);
     * returns what puts the earlier value back.
     */
    static Runnable holdTasksOnTheirHosts(JavaSparkContext jsc) {
        SparkConf conf = jsc.sc().conf(); // the live configuration: getConf() is a copy
        Option<String> before = conf.getOption(NODE_WAIT);
        conf.set(NODE_WAIT, NODE_WAIT_VALUE);
        return () -> {
            if (before.isDefined()) {
                conf.set(NODE_WAIT, before.get());
            } else {
                conf.remove(NODE_WAIT);
            }
        };
    }

    /**
     * Where the {@code groups} groups of {@code layout}'s ranges go, once the executors' reports show that every host
     * can hold its share; else refused ({@link RefusedException}, status 3).
     */
    static RangePlacement place(JavaSparkContext jsc, RangeLayout layout, int groups) {
        List<ExecutorReport> reports = ExecutorReport.gather(jsc);
        if (reports.isEmpty()) {
            throw new RefusedException(
                    "no executor answered the check before the search; start the cluster's " + "executors first");
        }
        boolean local = jsc.sc().isLocal();
        Map<String, List<ExecutorReport>> byHost = new TreeMap<>();
        for (ExecutorReport r : reports) {
            byHost.computeIfAbsent(r.host(), h -> new ArrayList<>()).add(r);
            if (!local) {
                checkHeap(r); // in local mode ExploreEstimate checks the driver's heap with the tasks' in it
            }
        }
        List<String> groupHosts = deal(byHost, groups);
        Map<String, String> roots = new HashMap<>();
        List<String> summary = new ArrayList<>();
        long shuffle = byHost.size() > 1 ? ExploreEstimate.shuffleBytes(layout.size()) : 0;
        for (Map.Entry<String, List<ExecutorReport>> host : byHost.entrySet()) {
            long bytes = 0;
            int ranges = 0;
            int hostGroups = 0;
            for (int g = 0; g < groups; g++) {
                if (groupHosts.get(g).equals(host.getKey())) {
                    bytes += RangeStore.groupBytes(layout, g, groups);
                    ranges += (layout.parts() - g + groups - 1) / groups;
                    hostGroups++;
                }
            }
            String what = String.format(Locale.ROOT, "range files (%,d of %,d ranges)", ranges, layout.parts());
            String root = root(host.getKey(), host.getValue(), bytes, what, (shuffle / groups) * hostGroups);
            roots.put(host.getKey(), root);
            summary.add(String.format(
                    Locale.ROOT,
                    "%s (executors %s; %d cores): %s of %s in %s",
                    host.getKey(),
                    host.getValue().stream().map(ExecutorReport::executor).collect(Collectors.joining(", ")),
                    host.getValue().stream().mapToInt(ExecutorReport::cores).sum(),
                    apart(bytes, bytes)[0],
                    what,
                    root));
        }
        return new RangePlacement(groupHosts, roots, !local, String.join("; ", summary));
    }

    /**
     * The groups' hosts: dealt one at a time to the hosts in turn, a host taking a turn per core it has, so each host
     * gets groups in proportion to its cores.
     */
    static List<String> deal(Map<String, List<ExecutorReport>> byHost, int groups) {
        List<String> slots = new ArrayList<>();
        Map<String, Integer> cores = new TreeMap<>();
        byHost.forEach((h, rs) ->
                cores.put(h, rs.stream().mapToInt(ExecutorReport::cores).sum()));
        int most = cores.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int turn = 0; turn < Math.max(1, most); turn++) {
            for (Map.Entry<String, Integer> c : cores.entrySet()) {
                if (c.getValue() > turn || turn == 0) {
                    slots.add(c.getKey());
                }
            }
        }
        List<String> hosts = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            hosts.add(slots.get(g % slots.size()));
        }
        return hosts;
    }

    /**
     * Where a host's {@code bytes} of range files go, refused when they do not fit there (with {@code shuffle} bytes of
     * shuffle blocks, in the Spark local directory); the executors of a host share its disks, and the least free space
     * any of them sees counts.
     */
    private static String root(String host, List<ExecutorReport> rs, long bytes, String what, long shuffle) {
        ExecutorReport first = rs.get(0);
        long localFree = rs.stream().mapToLong(ExecutorReport::localFree).min().orElse(0);
        long shmFree = rs.stream().mapToLong(ExecutorReport::shmFree).min().orElse(0);
        long shmTotal = rs.stream().mapToLong(ExecutorReport::shmTotal).min().orElse(0);
        String root;
        long free;
        if (first.rangeDir() != null) {
            root = first.rangeDir();
            free = rs.stream().mapToLong(ExecutorReport::rangeDirFree).min().orElse(0);
        } else if (RangeStore.fitsInMemory(bytes, shmFree, shmTotal)) {
            root = ExecutorReport.SHM.getPath();
            free = shmFree;
        } else {
            root = first.localDir();
            free = localFree;
        }
        boolean inLocalDir = root.equals(first.localDir());
        long need = bytes + (inLocalDir ? shuffle : 0);
        String needed = inLocalDir && shuffle > 0 ? what + " and its share of a level's shuffle" : what;
        if (need > free) {
            throw tooFull(host, root, need, needed, free);
        }
        if (!inLocalDir && shuffle > localFree) {
            throw tooFull(host, first.localDir(), shuffle, "its share of a level's shuffle", localFree);
        }
        return root;
    }

    private static RefusedException tooFull(String host, String dir, long need, String what, long free) {
        String[] sizes = apart(need, free);
        return new RefusedException(String.format(
                Locale.ROOT,
                "host %s needs %s for %s in %s, which has %s free: set %s to a local directory with room on every "
                        + "host, or add executors",
                host,
                sizes[0],
                what,
                dir,
                sizes[1],
                RangeStore.RANGE_DIR));
    }

    private static void checkHeap(ExecutorReport r) {
        long need = (long) r.cores() * ExploreEstimate.TASK_HEAP_MB << 20;
        if (r.maxHeap() < need) {
            String[] sizes = apart(need, r.maxHeap());
            throw new RefusedException(String.format(
                    Locale.ROOT,
                    "executor %s on host %s needs %s of heap for its %d cores (%d MiB a core), and has %s: raise "
                            + "spark.executor.memory or lower spark.executor.cores",
                    r.executor(),
                    r.host(),
                    sizes[0],
                    r.cores(),
                    ExploreEstimate.TASK_HEAP_MB,
                    sizes[1]));
        }
    }

    /**
     * Two sizes in one unit (that of the larger) with as many decimals as it takes (up to three) to tell them apart,
     * else in bytes: a line that refuses {@code need} against {@code free} never reads "needs 1 MiB, has 1 MiB". Equal
     * sizes get one decimal.
     */
    static String[] apart(long need, long free) {
        long larger = Math.max(need, free);
        int unit = 0;
        while (unit + 1 < UNITS.length && larger >= 1L << (10 * (unit + 1))) {
            unit++;
        }
        if (unit > 0) {
            double scale = 1L << (10 * unit);
            for (int digits = 1; digits <= 3; digits++) {
                String a = String.format(Locale.ROOT, "%." + digits + "f %s", need / scale, UNITS[unit]);
                String b = String.format(Locale.ROOT, "%." + digits + "f %s", free / scale, UNITS[unit]);
                if (!a.equals(b) || need == free) {
                    return new String[] {a, b};
                }
            }
        }
        return new String[] {
            String.format(Locale.ROOT, "%,d bytes", need), String.format(Locale.ROOT, "%,d bytes", free)
        };
    }
}
