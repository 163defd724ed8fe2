package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.test.SparkSubmitJvm.Submitted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The thin jar on YARN and HDFS: an HDFS cluster ({@code MiniDFSCluster}, one DataNode) and a YARN cluster
 * ({@code MiniYARNCluster}, one NodeManager whose containers are separate JVMs) run in this JVM. A child JVM runs
 * {@code SparkSubmit --master yarn} with {@code HADOOP_CONF_DIR} pointing at their {@code core-site.xml},
 * {@code hdfs-site.xml} and {@code yarn-site.xml}, in client and in cluster deploy mode. Input, pattern databases,
 * checkpoints, output and Spark's own jars are all on {@code hdfs://}. Every output is compared, dataset by dataset,
 * with the same job run in local mode. An explore's driver is killed, then {@code --resume} finishes it with identical
 * output: the SparkSubmit JVM of client mode after a checkpoint, and the application master's container of cluster mode
 * between the search and the publish (a definition file's explore). The clusters, inputs and dataset comparison are
 * {@link YarnHdfsClusters}; the child JVM is {@link SparkSubmitJvm}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnHdfsIT {
    private static final String EXPLORE = "explore-sliding-2x3";
    private static final String DRIVER_POINT = "explore-checkpoint-8";
    /** A definition file for explore: 8! ranks, all of them states. */
    private static final String DEFINITION = "pancake-8";

    private static final String DEFINITION_EXPLORE = "explore-" + DEFINITION;

    private static final long PANCAKE_8_RANKS = 40_320;
    /** Where explore's driver has handed its distance files to the publish, before the publish. */
    private static final String SHARED_POINT = "explore-shared";

    private final Path work = Path.of("target", "yarn-it").toAbsolutePath();
    private final Map<String, List<String>> jobs = new LinkedHashMap<>();
    private YarnHdfsClusters clusters;
    private SparkSubmitJvm submitter;
    private String hdfs;
    private SparkSession local;

    @BeforeAll
    void startClusters() throws Exception {
        long started = System.nanoTime();
        clusters = new YarnHdfsClusters(work);
        clusters.start();
        hdfs = clusters.hdfs();
        local = clusters.local();
        submitter = clusters.submitter();

        jobs.put(
                "solve-fifteen-puzzle",
                List.of(
                        "solve",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--engine",
                        "spark",
                        "--input",
                        hdfs + YarnHdfsClusters.BOARDS,
                        "--format",
                        "csv",
                        "--tables",
                        hdfs + YarnHdfsClusters.TABLES));
        jobs.put(
                "solve-eight-puzzle",
                List.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--engine",
                        "spark",
                        "--random",
                        "300",
                        "--seed",
                        "5",
                        "--partitions",
                        "3"));
        jobs.put(EXPLORE, sparkExplore("sliding-2x3"));
        jobs.put(
                DEFINITION_EXPLORE,
                sparkExplore(Path.of("..", "data", "puzzles", DEFINITION + ".json")
                        .toAbsolutePath()
                        .normalize()
                        .toString()));
        // The reference: every job in local mode, in this JVM, on the same input.
        for (Map.Entry<String, List<String>> job : jobs.entrySet()) {
            List<String> args = new ArrayList<>(job.getValue());
            args.addAll(List.of(
                    "--output", work.resolve("local").resolve(job.getKey()).toString()));
            assertEquals(0, Main.run(args.toArray(String[]::new)), "local " + job.getKey());
        }
        clusters.awaitSparkJars();
        System.out.printf("yarn-it: clusters, uploads and local runs in %.1f s%n", (System.nanoTime() - started) / 1e9);
    }

    /** An explore of {@code puzzle} with every level on Spark and a checkpoint every 4 levels. */
    private static List<String> sparkExplore(String puzzle) {
        return List.of(
                "explore",
                "--puzzle",
                puzzle,
                "--engine",
                "spark",
                "--checkpoint-every",
                "4",
                "--start-in-driver",
                "0");
    }

    @AfterAll
    void stopClusters() {
        if (clusters != null) {
            clusters.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"client", "cluster"})
    @Order(1)
    void solveOnYarnEqualsLocalMode(String deployMode) throws Exception {
        // the 8-puzzle's generated boards in client mode only: the deploy mode changes nothing for them
        List<String> solves = deployMode.equals("client")
                ? List.of("solve-fifteen-puzzle", "solve-eight-puzzle")
                : List.of("solve-fifteen-puzzle");
        for (String job : solves) {
            String out = hdfs + "/yarn-it/" + deployMode + "/" + job;
            Submitted s = submitter.submit(deployMode, job, jobs.get(job), out, null);
            assertEquals(0, s.exit(), s.log());
            String driver = submitter.driverLog(s);
            assertTrue(driver.contains("reconciles yes"), driver);
            clusters.assertSameDatasets(work.resolve("local").resolve(job), out);
        }
        assertEquals(
                12,
                local.read()
                        .parquet(hdfs + "/yarn-it/" + deployMode + "/solve-fifteen-puzzle/results")
                        .where("status = 'SOLVED'")
                        .count(),
                "every board solved");
        assertEquals(
                1,
                local.read()
                        .parquet(hdfs + "/yarn-it/" + deployMode + "/solve-fifteen-puzzle/errors")
                        .count(),
                "the malformed line");
        if (solves.contains("solve-eight-puzzle")) {
            assertEquals(
                    300,
                    local.read()
                            .parquet(hdfs + "/yarn-it/" + deployMode + "/solve-eight-puzzle/results")
                            .count());
        }
    }

    /**
     * An explore whose driver, the SparkSubmit JVM of client mode, is killed after the checkpoint of level 8:
     * {@code --resume} starts from that checkpoint and ends with local mode's datasets. Cluster mode's driver is killed
     * in {@link #aDefinitionExploreWhoseApplicationMasterIsKilledBetweenShareAndPublishResumesWithEveryRankOnce}.
     */
    @Test
    @Order(2)
    void exploreOnYarnResumesAfterTheDriverIsKilled() throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-client"));
        String out = hdfs + "/yarn-it/client-killed/" + EXPLORE;
        CompletableFuture<Long> killed = SparkSubmitJvm.killWhenHeld(seam, DRIVER_POINT);
        Submitted first =
                submitter.submit("client", EXPLORE + "-killed", jobs.get(EXPLORE), out, DRIVER_POINT + "=" + seam);
        assertEquals(first.pid(), killed.get(10, TimeUnit.SECONDS), "the driver is the SparkSubmit JVM");
        assertEquals(137, first.exit(), "killed with SIGKILL");
        List<String> resume = new ArrayList<>(jobs.get(EXPLORE));
        resume.add("--resume");
        Submitted second = submitter.submit("client", EXPLORE + "-resumed", resume, out, null);
        assertEquals(0, second.exit(), second.log());
        assertTrue(second.log().contains("resumed from " + out + "/_explore-checkpoint/level-008"), second.log());
        clusters.assertSameDatasets(work.resolve("local").resolve(EXPLORE), out);
    }

    /**
     * A definition file explored on YARN into HDFS in cluster deploy mode, its driver (the application master's
     * container) killed once the search is done and its distance files handed to the publish, before the publish: YARN
     * reports the application FAILED; HDFS has no hard links, yet the checkpoint is whole (the files move only under
     * the publish journal), and {@code --resume} publishes every rank exactly once, each depth as the histogram counts
     * it, with local mode's datasets.
     */
    @Test
    @Order(3)
    void aDefinitionExploreWhoseApplicationMasterIsKilledBetweenShareAndPublishResumesWithEveryRankOnce()
            throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-shared"));
        String out = hdfs + "/yarn-it/cluster-shared/" + DEFINITION;
        List<String> explore = jobs.get(DEFINITION_EXPLORE);
        CompletableFuture<Long> killed = SparkSubmitJvm.killWhenHeld(seam, SHARED_POINT);
        Submitted first = submitter.submit("cluster", DEFINITION + "-killed", explore, out, SHARED_POINT + "=" + seam);
        killed.get(10, TimeUnit.SECONDS);
        assertTrue(
                first.commandLine().contains("org.apache.spark.deploy.yarn.ApplicationMaster"),
                "the driver ran in the application master's container: " + first.commandLine());
        assertNotEquals(0, first.exit(), "the application failed with its driver");
        assertTrue(first.log().contains("final status: FAILED"), first.log());
        List<String> resume = new ArrayList<>(explore);
        resume.add("--resume");
        Submitted second = submitter.submit("cluster", DEFINITION + "-resumed", resume, out, null);
        assertEquals(0, second.exit(), second.log());
        String resumed = submitter.driverLog(second);
        assertTrue(resumed.contains("resumed from " + out + "/_explore-checkpoint/level-"), resumed);
        assertTrue(resumed.contains("reconciles yes"), resumed);
        Dataset<Row> distances = local.read().parquet(out + "/distances");
        assertEquals(PANCAKE_8_RANKS, distances.count(), "every rank");
        assertEquals(PANCAKE_8_RANKS, distances.select("rank").distinct().count(), "each rank once");
        List<String> byDepth = distances.groupBy("depth").count().orderBy("depth").collectAsList().stream()
                .map(r -> r.get(0) + ":" + r.get(1))
                .toList();
        List<String> histogram = local.read().parquet(out + "/histogram").orderBy("depth").collectAsList().stream()
                .map(r -> r.getAs("depth") + ":" + r.getAs("count"))
                .toList();
        assertEquals(histogram, byDepth, "every depth as the histogram counts it");
        clusters.assertSameDatasets(work.resolve("local").resolve(DEFINITION_EXPLORE), out);
    }
}
