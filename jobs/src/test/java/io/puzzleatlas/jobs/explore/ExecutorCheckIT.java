package io.puzzleatlas.jobs.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.spark.ConfFile;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.test.CliRun;
import io.puzzleatlas.jobs.test.ClusterJars;
import io.puzzleatlas.jobs.test.QuickJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check of explore's executors before a search, on {@code local-cluster[2,1,1024]} (two executor JVMs; the Spark
 * home's {@code jars/} links to the runnable jar, as in {@code ClusterIT}): one report per executor reaches the driver;
 * a host that looks too full (seam {@link FaultSeam#FREE_PROPERTY}) is refused in one line before anything is written;
 * a full disk while the range files are preallocated (seam {@code explore-seed}) fails the seeding in one line.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ExecutorCheckIT {
    private static final String CLUSTER = "local-cluster[2,1,1024]";

    private SparkSession cluster;
    private JavaSparkContext jsc;

    @BeforeAll
    void startCluster() throws IOException {
        ClusterJars.link();
        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        QuickJvm.executors().forEach(builder::config);
        cluster = builder.master(CLUSTER)
                .appName("puzzle-atlas executor-check-it")
                .config("spark.executor.memory", "768m")
                .getOrCreate();
        jsc = JavaSparkContext.fromSparkContext(cluster.sparkContext());
        // both executors registered (the driver is the third entry); bounded by the class's timeout
        while (jsc.sc().statusTracker().getExecutorInfos().length < 3) {
            cluster.range(0, 100, 1, 2).count();
        }
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    void oneReportPerExecutorReachesTheDriver() {
        List<ExecutorReport> reports = ExecutorReport.gather(jsc);
        assertEquals(
                List.of("0", "1"),
                reports.stream().map(ExecutorReport::executor).sorted().collect(Collectors.toList()),
                reports::toString);
        for (ExecutorReport r : reports) {
            assertEquals(1, r.cores(), r::toString);
            assertTrue(r.maxHeap() > 256L << 20 && r.maxHeap() <= 768L << 20, r::toString);
            assertTrue(r.localFree() > 0, r::toString);
        }
    }

    @Test
    void aHostWithoutRoomIsRefusedBeforeSeeding(@TempDir Path tmp) {
        Path out = tmp.resolve("refused");
        jsc.setLocalProperty(FaultSeam.FREE_PROPERTY, "1000");
        CliRun run;
        try {
            run = explore(out);
        } finally {
            jsc.setLocalProperty(FaultSeam.FREE_PROPERTY, null);
        }
        run.expectOneLine(
                ExitCode.REFUSED.code(), "explore: host ", " for range files (", "which has 1.0 KiB free: set ");
        assertTrue(run.err().matches("explore: host \\S+ needs \\d+\\.\\d KiB for range files .*\\n"), run.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aFullDiskFailsTheSeedingInOneLine(@TempDir Path tmp) {
        Path out = tmp.resolve("full");
        jsc.setLocalProperty(FaultSeam.FULL_PROPERTY, "explore-seed");
        CliRun run;
        try {
            run = explore(out);
        } finally {
            jsc.setLocalProperty(FaultSeam.FULL_PROPERTY, null);
        }
        run.expectOneLine(ExitCode.REFUSED.code(), "explore: cannot write ", ".2bit: no space left on device");
        assertFalse(Files.exists(out), "nothing published");
    }

    @Test
    void aSearchRunsOnTheRangesPlaced(@TempDir Path tmp) {
        CliRun run = explore(tmp.resolve("ok"));
        assertEquals(0, run.status(), run::err);
        assertTrue(run.out().contains("360 states reached"), run.out());
    }

    /**
     * The checkpoint records each group's host; a resume on executors of other hosts (here: a checkpoint that names a
     * host gone since) places the ranges again on the hosts it finds and ends as a search without a stop.
     */
    @Test
    void aResumeOnOtherHostsPlacesTheRangesAgain(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("resumed");
        CliRun stopped = explore(out, "--max-levels", "8", "--checkpoint-every", "4");
        assertEquals(ExitCode.STOPPED_EARLY.code(), stopped.status(), stopped::err);
        org.apache.hadoop.fs.Path checkpoints = new org.apache.hadoop.fs.Path(
                out.resolve(ExploreJob.CHECKPOINTS).toUri());
        DurableDir dir = new DurableDir(checkpoints.getFileSystem(jsc.hadoopConfiguration()), checkpoints);
        DurableDir.Stored stored =
                dir.latest("level-*/" + ExploreCheckpoints.META).orElseThrow();
        String host = ExecutorReport.gather(jsc).get(0).host();
        String[] recorded = stored.manifest().find("group-hosts").orElseThrow().split(",");
        assertEquals(Set.of(host), new HashSet<>(Arrays.asList(recorded)), String.join(",", recorded));

        String gone = String.join(",", Collections.nCopies(recorded.length, "gone-host"));
        Files.delete(Path.of(stored.path().toUri()));
        dir.commit(
                stored.path().getParent().getName() + "/" + ExploreCheckpoints.META,
                stored.manifest().toBuilder().set("group-hosts", gone).build());
        CliRun resumed = explore(out, "--max-levels", "30", "--checkpoint-every", "4", "--resume");
        assertEquals(0, resumed.status(), resumed::err);
        assertTrue(resumed.out().contains("360 states reached"), resumed.out());
    }

    private static CliRun explore(Path out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "explore", "--puzzle", "sliding-2x3", "--engine", "spark", "--start-in-driver", "0", "--output"));
        args.add(out.toString());
        args.addAll(List.of(more));
        return CliRun.of(args.toArray());
    }
}
