package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.spark.ConfFile;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The clusters of {@link YarnHdfsIT} and what it runs on them: an HDFS cluster ({@code MiniDFSCluster}, one DataNode)
 * and a YARN cluster ({@code MiniYARNCluster}, one NodeManager whose containers are separate JVMs) in this JVM, their
 * {@code core-site.xml}, {@code hdfs-site.xml} and {@code yarn-site.xml} in one configuration directory, the inputs on
 * HDFS (the 5-5-5 tables at {@link #TABLES}, twelve boards and a malformed line at {@link #BOARDS}, Spark's jars), a
 * local-mode session to read datasets with and compare them, and the child JVMs that submit to YARN
 * ({@link SparkSubmitJvm}). Everything lives under one work directory, emptied at start.
 */
final class YarnHdfsClusters implements AutoCloseable {
    /** The 15-puzzle's 5-5-5 tables on HDFS. */
    static final String TABLES = "/atlas/tables";

    /** Twelve 15-puzzle boards and one malformed line, as CSV on HDFS. */
    static final String BOARDS = "/atlas/in/boards.csv";
    /** Spark's jars in one zip, for {@code spark.yarn.archive}. */
    static final String SPARK_ARCHIVE = "/spark/spark-jars.zip";

    private static final String YARN_NAME = "yarn-it-nodes";
    /**
     * An HDFS client's first wait before it asks again whether a file it closes is complete (400 ms by default, then
     * doubling). On one DataNode the answer is usually "not yet" on the first ask, so every small file a task or an
     * upload closed cost 200-300 ms on average, 15 ms with this wait; every client gets it (this JVM, spark-submit
     * through hdfs-site.xml, and the containers, to which Spark ships that file).
     */
    private static final String CLOSE_RETRY = "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";

    private static final String CLOSE_RETRY_MS = "10";

    private final Path work;
    private final Path confDir;
    private MiniDFSCluster dfs;
    private MiniYARNCluster yarn;
    private String hdfs;
    private SparkSession local;
    private CompletableFuture<Void> sparkJarsUploaded;

    /** The clusters of work directory {@code work}; none started yet. */
    YarnHdfsClusters(Path work) {
        this.work = work;
        this.confDir = work.resolve("hadoop-conf");
    }

    /**
     * Starts HDFS and YARN, writes the site files, builds and uploads the tables and the boards and starts the local
     * session; Spark's jars go on uploading in the background ({@link #awaitSparkJars}).
     */
    void start() throws Exception {
        long started = System.nanoTime();
        delete(work);
        Files.createDirectories(confDir);
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, work.resolve("dfs").toString());
        conf.setInt("dfs.replication", 1);
        conf.set(CLOSE_RETRY, CLOSE_RETRY_MS);
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        dfs.waitActive();
        hdfs = dfs.getFileSystem().getUri().toString();

        // MiniYARNCluster keeps its directories (container logs, the NodeManager's copy of Spark's
        // jars) in target/test/data/NAME/yarn-RANDOM: only the last run's are kept.
        FileUtil.fullyDelete(
                Path.of("target", "test", "data", YARN_NAME).toAbsolutePath().toFile(), true);
        yarn = new MiniYARNCluster(YARN_NAME, 1, 1, 1);
        yarn.init(yarnSettings(conf));
        yarn.start();
        assertTrue(yarn.waitForNodeManagersToConnect(Hang.LIMIT.toMillis()), "the NodeManager registered");
        System.out.printf("yarn-it: HDFS and YARN up after %.1f s%n", (System.nanoTime() - started) / 1e9);
        writeSite("core-site.xml", Map.of("fs.defaultFS", hdfs));
        writeSite("hdfs-site.xml", Map.of("dfs.replication", "1", CLOSE_RETRY, CLOSE_RETRY_MS));
        writeSite("yarn-site.xml", yarnSite(yarn.getConfig()));

        FileSystem fs = dfs.getFileSystem();
        // Spark's jars for every container, as a Spark distribution's jars/ would be: about 230 MB, in one
        // uncompressed zip (spark.yarn.archive), written while the reference jobs run. One file to localize
        // and link: with the jars one by one (spark.yarn.jars) each container's launch script ran an ln and a
        // mkdir per jar, and the NodeManager forked a readlink per jar (docs/cluster.md).
        sparkJarsUploaded = CompletableFuture.runAsync(() -> {
            try (ZipOutputStream zip = new ZipOutputStream(fs.create(hadoopPath(SPARK_ARCHIVE)))) {
                zip.setLevel(Deflater.NO_COMPRESSION); // jars are compressed already
                for (String jar : SparkSubmitJvm.sparkJars()) {
                    zip.putNextEntry(new ZipEntry(Path.of(jar).getFileName().toString()));
                    Files.copy(Path.of(jar), zip);
                    zip.closeEntry();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.out.printf("yarn-it: Spark's jars on HDFS after %.1f s%n", (System.nanoTime() - started) / 1e9);
        });
        Path tables = work.resolve("tables");
        assertEquals(
                0,
                Main.run(
                        "tables",
                        "build",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--partition",
                        "5-5-5",
                        "--tables",
                        tables.toString()));
        fs.copyFromLocalFile(hadoopPath(tables.toString()), hadoopPath(TABLES));

        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        local = builder.master("local[2]").appName("puzzle-atlas yarn-it").getOrCreate();
        uploadBoards(fs);
    }

    /** The HDFS cluster's URI ({@code hdfs://host:port}). */
    String hdfs() {
        return hdfs;
    }

    /** The local-mode session: the reference jobs run in it, and it reads every dataset. */
    SparkSession local() {
        return local;
    }

    /** The child JVMs that submit to these clusters. */
    SparkSubmitJvm submitter() {
        return new SparkSubmitJvm(work, confDir, hdfs, yarn.getNodeManager(0).getConfig());
    }

    /** Waits for Spark's jars to be on HDFS. */
    void awaitSparkJars() throws Exception {
        sparkJarsUploaded.get(Hang.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One NodeManager with room for two applications at a time: the one a killed driver leaves and the next. */
    private static YarnConfiguration yarnSettings(Configuration conf) {
        YarnConfiguration y = new YarnConfiguration(conf);
        y.setInt(YarnConfiguration.NM_PMEM_MB, 6144);
        y.setInt(YarnConfiguration.NM_VCORES, 8);
        y.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        y.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        // the capacity scheduler's one queue (no capacity-scheduler.xml on this class path)
        y.set("yarn.scheduler.capacity.root.queues", "default");
        y.setInt("yarn.scheduler.capacity.root.default.capacity", 100);
        y.setInt("yarn.scheduler.capacity.root.default.maximum-capacity", 100);
        y.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 1.0f);
        y.setInt("yarn.scheduler.capacity.node-locality-delay", -1);
        y.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.0f);
        // for speed only: the scheduler places containers at the NodeManager's heartbeats, each 1 s by default
        y.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 200);
        return y;
    }

    /** What a client and an application master need of the running ResourceManager: its addresses (with ports). */
    private static Map<String, String> yarnSite(Configuration running) {
        Map<String, String> site = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : running) {
            if (e.getKey().startsWith("yarn.resourcemanager.")
                    && e.getKey().endsWith(".address")
                    && !e.getKey().contains("https")) {
                site.put(e.getKey(), running.get(e.getKey()));
            }
        }
        return site;
    }

    private void writeSite(String name, Map<String, String> settings) throws IOException {
        Configuration site = new Configuration(false);
        settings.forEach(site::set);
        try (OutputStream out = Files.newOutputStream(confDir.resolve(name))) {
            site.writeXml(out);
        }
    }

    /** Twelve 15-puzzle boards (random walks of 40 moves) and one malformed line, as CSV on HDFS. */
    private void uploadBoards(FileSystem fs) throws IOException {
        Path generated = work.resolve("generated");
        assertEquals(
                0,
                Main.run(
                        "generate",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--random",
                        "12",
                        "--scramble",
                        "40",
                        "--seed",
                        "5",
                        "--output",
                        generated.toString()));
        List<String> lines = new ArrayList<>(List.of("start"));
        for (Row r : local.read()
                .parquet(generated.resolve("instances").toString())
                .orderBy("instance_id")
                .select("start")
                .collectAsList()) {
            lines.add(r.getString(0));
        }
        lines.add("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15");
        Path csv = Files.write(work.resolve("boards.csv"), lines, StandardCharsets.UTF_8);
        fs.copyFromLocalFile(hadoopPath(csv.toString()), hadoopPath(BOARDS));
    }

    @Override
    public void close() {
        if (local != null) {
            local.stop();
        }
        if (yarn != null) {
            yarn.stop();
        }
        if (dfs != null) {
            dfs.shutdown();
        }
    }

    /**
     * Every Parquet dataset under {@code expected} has exactly the same rows under {@code actual} on HDFS, as
     * multisets, timing columns aside (the datasets here are a few hundred rows at most).
     */
    void assertSameDatasets(Path expected, String actual) throws IOException {
        List<Path> datasets;
        try (Stream<Path> walk = Files.walk(expected)) {
            datasets = walk.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .map(Path::getParent)
                    .distinct()
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertTrue(!datasets.isEmpty(), "datasets under " + expected);
        for (Path dir : datasets) {
            if (dir.toString().contains("_staging") || dir.toString().contains("_checkpoint")) {
                continue;
            }
            String other = actual + "/" + expected.relativize(dir);
            List<String> a = rows(dir.toUri().toString());
            List<String> b = rows(other);
            assertTrue(!a.isEmpty() || dir.endsWith("errors"), "rows in " + dir);
            assertEquals(a, b, other + " holds the rows of " + dir);
        }
    }

    /** A dataset's rows, timing columns aside, as sorted text, read in this JVM. */
    private List<String> rows(String dataset) {
        return DatasetRows.sorted(local.sparkContext().hadoopConfiguration(), dataset);
    }

    /** A Hadoop path: a local file to upload, or a path on the default file system (HDFS). */
    private static org.apache.hadoop.fs.Path hadoopPath(String path) {
        return new org.apache.hadoop.fs.Path(path);
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        }
    }
}
