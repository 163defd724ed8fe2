package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.JobSession;
import java.io.File;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.status.api.v1.ExecutorSummary;
import org.apache.spark.util.Utils;
import scala.collection.JavaConverters;

/**
 * What one executor says of itself before a search ({@link ExecutorCheck}): its id and host, the free bytes of each
 * place its host's range files may go (the directory {@link RangeStore#RANGE_DIR} names, {@code /dev/shm}, its first
 * Spark local directory), its heap and its cores. One task per executor reports ({@link #gather}). A class, not a
 * record: Spark's Kryo serializer cannot build records.
 */
final class ExecutorReport implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Attempts at a report from each executor: a task may run on another executor than the one it asked for. */
    private static final int ATTEMPTS = 3;

    static final File SHM = new File("/dev/shm");

    private final String executor;
    private final String host;
    private final int cores;
    private final long maxHeap;
    private final String localDir;
    private final long localFree;
    /** The configured range directory, or null. */
    private final String rangeDir;

    private final long rangeDirFree;
    /** {@code /dev/shm}'s free and total bytes; 0 where it is missing or not writable. */
    private final long shmFree;

    private final long shmTotal;

    ExecutorReport(
            String executor,
            String host,
            int cores,
            long maxHeap,
            String localDir,
            long localFree,
            String rangeDir,
            long rangeDirFree,
            long shmFree,
            long shmTotal) {
        this.executor = executor;
        this.host = host;
        this.cores = cores;
        this.maxHeap = maxHeap;
        this.localDir = localDir;
        this.localFree = localFree;
        this.rangeDir = rangeDir;
        this.rangeDirFree = rangeDirFree;
        this.shmFree = shmFree;
        this.shmTotal = shmTotal;
    }

    /**
     * This executor's report (in a task), given the cores the driver knows it has; free bytes as {@link FaultSeam#free}
     * lets them be seen.
     */
    static ExecutorReport here(int cores) {
        SparkEnv env = SparkEnv.get();
        String[] dirs = Utils.getConfiguredLocalDirs(env.conf());
        File local = new File(dirs.length > 0 ? dirs[0] : System.getProperty("java.io.tmpdir"));
        String configured = env.conf().get(RangeStore.RANGE_DIR, null);
        boolean shm = SHM.isDirectory() && SHM.canWrite();
        return new ExecutorReport(
                env.executorId(),
                env.blockManager().blockManagerId().host(),
                cores,
                Runtime.getRuntime().maxMemory(),
                local.getAbsolutePath(),
                free(local),
                configured,
                configured == null ? 0 : free(new File(configured)),
                shm ? FaultSeam.free(SHM.getUsableSpace()) : 0,
                shm ? SHM.getTotalSpace() : 0);
    }

    /** The usable bytes of {@code dir}, or of its nearest existing ancestor (a directory the search will make). */
    private static long free(File dir) {
        File existing = ExploreEstimate.nearestExisting(dir);
        return FaultSeam.free(existing == null ? 0 : existing.getUsableSpace());
    }

    /**
     * One report per executor registered now (in local mode, the driver's), sorted by host and executor: a task per
     * executor, each asking for its executor (Spark's {@code executor_HOST_ID} location); a task that ran elsewhere is
     * asked again, at most {@value #ATTEMPTS} times in all, and an executor that never answers is left out.
     */
    static List<ExecutorReport> gather(JavaSparkContext jsc) {
        Map<String, String[]> known = executors(jsc);
        if (known.isEmpty()) {
            jsc.parallelize(List.of(0), 1).count(); // waits for a first executor
            known = executors(jsc);
        }
        boolean local = jsc.sc().isLocal();
        Map<String, ExecutorReport> reports = new TreeMap<>();
        for (int attempt = 0; attempt < ATTEMPTS && reports.size() < known.size(); attempt++) {
            List<String[]> asked = new ArrayList<>();
            known.forEach((id, e) -> {
                if (!reports.containsKey(id)) {
                    asked.add(new String[] {id, e[0], e[1]});
                }
            });
            List<ExecutorReport> said = RangeStore.locatedRdd(
                            jsc,
                            asked,
                            a -> local ? List.of() : List.of("executor_" + a[1] + "_" + a[0]),
                            String[].class)
                    .map(a -> a[0].equals(SparkEnv.get().executorId()) ? here(Integer.parseInt(a[2])) : null)
                    .collect();
            for (ExecutorReport r : said) {
                if (r != null) {
                    reports.put(r.executor, r);
                }
            }
        }
        List<ExecutorReport> sorted = new ArrayList<>(reports.values());
        sorted.sort((a, b) -> a.host.equals(b.host) ? a.executor.compareTo(b.executor) : a.host.compareTo(b.host));
        return sorted;
    }

    /**
     * The executors registered now, by id, each as {host, cores}: in local mode the driver with its slots, else every
     * executor but the driver, as Spark's status store lists them.
     */
    private static Map<String, String[]> executors(JavaSparkContext jsc) {
        Map<String, String[]> known = new TreeMap<>();
        if (jsc.sc().isLocal()) {
            String host = SparkEnv.get().blockManager().blockManagerId().host();
            known.put("driver", new String[] {host, Integer.toString(JobSession.localSlots(jsc.sc()))});
            return known;
        }
        for (ExecutorSummary e :
                JavaConverters.seqAsJavaList(jsc.sc().statusStore().executorList(true))) {
            if (!e.id().equals("driver")) {
                String hostPort = e.hostPort();
                int colon = hostPort.lastIndexOf(':');
                String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
                known.put(e.id(), new String[] {host, Integer.toString(e.totalCores())});
            }
        }
        return known;
    }

    String executor() {
        return executor;
    }

    String host() {
        return host;
    }

    int cores() {
        return cores;
    }

    long maxHeap() {
        return maxHeap;
    }

    String localDir() {
        return localDir;
    }

    long localFree() {
        return localFree;
    }

    String rangeDir() {
        return rangeDir;
    }

    long rangeDirFree() {
        return rangeDirFree;
    }

    long shmFree() {
        return shmFree;
    }

    long shmTotal() {
        return shmTotal;
    }

    @Override
    public String toString() {
        return String.format(
                Locale.ROOT,
                "executor %s on %s: %d cores, %,d bytes of heap, %s %,d bytes free, /dev/shm %,d of %,d bytes free%s",
                executor,
                host,
                cores,
                maxHeap,
                localDir,
                localFree,
                shmFree,
                shmTotal,
                rangeDir == null ? "" : String.format(Locale.ROOT, ", %s %,d bytes free", rangeDir, rangeDirFree));
    }
}
