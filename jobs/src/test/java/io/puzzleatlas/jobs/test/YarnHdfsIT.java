package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.spark.ConfFile;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.spark.sql.Column;
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
 * with the same job run in local mode; an explore's driver is killed after a checkpoint (the SparkSubmit JVM in client
 * mode, the application master's container in cluster mode) and {@code --resume} finishes it with identical output.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnHdfsIT {
    private static final String YARN_NAME = "yarn-it-nodes";
    private static final String EXPLORE = "explore-sliding-2x3";
    private static final String DRIVER_POINT = "explore-checkpoint-8";
    /** A definition file for explore: 8! ranks, all of them states. */
    private static final String DEFINITION = "pancake-8";

    private static final long PANCAKE_8_RANKS = 40_320;
    /** Where explore's driver has handed its distance files to the publish, before the publish. */
    private static final String SHARED_POINT = "explore-shared";
    /** The driver's own setting for these tests: the small 5-5-5 tables, as in every other test. */
    private static final String MAX_PATTERN = "-Dpuzzleatlas.pdb.max-pattern=5";
    /** For speed only, on two shared cores: short-lived JVMs compile with C1 alone and collect with one thread. */
    private static final List<String> QUICK_JVM = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private final Path work = Path.of("target", "yarn-it").toAbsolutePath();
    private final Path confDir = work.resolve("hadoop-conf");
    private final Map<String, List<String>> jobs = new LinkedHashMap<>();
    private MiniDFSCluster dfs;
    private MiniYARNCluster yarn;
    private String hdfs;
    private SparkSession local;
    private CompletableFuture<Void> sparkJarsUploaded;

    @BeforeAll
    void startClusters() throws Exception {
        long started = System.nanoTime();
        delete(work);
        Files.createDirectories(confDir);
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, work.resolve("dfs").toString());
        conf.setInt("dfs.replication", 1);
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
        writeSite("hdfs-site.xml", Map.of("dfs.replication", "1"));
        writeSite("yarn-site.xml", yarnSite(yarn.getConfig()));

        FileSystem fs = dfs.getFileSystem();
        // Spark's jars for every container (spark.yarn.jars), as a Spark distribution's jars/ would
        // be: about 230 MB, uploaded while the reference jobs run.
        sparkJarsUploaded = CompletableFuture.runAsync(() -> {
            try {
                fs.mkdirs(hadoopPath("/spark/jars"));
                fs.copyFromLocalFile(
                        false,
                        true,
                        sparkJars().stream().map(YarnHdfsIT::hadoopPath).toArray(org.apache.hadoop.fs.Path[]::new),
                        hadoopPath("/spark/jars"));
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
        fs.copyFromLocalFile(hadoopPath(tables.toString()), hadoopPath("/atlas/tables"));

        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        local = builder.master("local[2]").appName("puzzle-atlas yarn-it").getOrCreate();
        uploadBoards(fs);

        jobs.put(
                "solve-fifteen-puzzle",
                List.of(
                        "solve",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--engine",
                        "spark",
                        "--input",
                        hdfs + "/atlas/in/boards.csv",
                        "--format",
                        "csv",
                        "--tables",
                        hdfs + "/atlas/tables"));
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
        // every level on Spark, a checkpoint every 4 levels
        jobs.put(
                EXPLORE,
                List.of(
                        "explore",
                        "--puzzle",
                        "sliding-2x3",
                        "--engine",
                        "spark",
                        "--checkpoint-every",
                        "4",
                        "--start-in-driver",
                        "0"));
        // The reference: every job in local mode, in this JVM, on the same input.
        for (Map.Entry<String, List<String>> job : jobs.entrySet()) {
            List<String> args = new ArrayList<>(job.getValue());
            args.addAll(List.of(
                    "--output", work.resolve("local").resolve(job.getKey()).toString()));
            assertEquals(0, Main.run(args.toArray(String[]::new)), "local " + job.getKey());
        }
        sparkJarsUploaded.get(Hang.LIMIT.toMillis(), TimeUnit.MILLISECONDS);
        System.out.printf("yarn-it: clusters, uploads and local runs in %.1f s%n", (System.nanoTime() - started) / 1e9);
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
        fs.copyFromLocalFile(hadoopPath(csv.toString()), hadoopPath("/atlas/in/boards.csv"));
    }

    @AfterAll
    void stopClusters() {
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
            Submitted s = submit(deployMode, job, jobs.get(job), out, null);
            assertEquals(0, s.exit(), s.log());
            String driver = driverLog(s);
            assertTrue(driver.contains("reconciles yes"), driver);
            assertSameDatasets(work.resolve("local").resolve(job), out);
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

    @ParameterizedTest
    @ValueSource(strings = {"client", "cluster"})
    @Order(2)
    void exploreOnYarnResumesAfterTheDriverIsKilled(String deployMode) throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-" + deployMode));
        String out = hdfs + "/yarn-it/" + deployMode + "-killed/" + EXPLORE;
        CompletableFuture<Long> killed = killWhenHeld(seam, DRIVER_POINT);
        Submitted first = submit(deployMode, EXPLORE + "-killed", jobs.get(EXPLORE), out, DRIVER_POINT + "=" + seam);
        long pid = killed.get(10, TimeUnit.SECONDS);
        if (deployMode.equals("client")) {
            assertEquals(first.pid(), pid, "the driver is the SparkSubmit JVM");
            assertEquals(137, first.exit(), "killed with SIGKILL");
        } else {
            assertTrue(
                    first.commandLine().contains("org.apache.spark.deploy.yarn.ApplicationMaster"),
                    "the driver ran in the application master's container: " + first.commandLine());
            assertNotEquals(0, first.exit(), "the application failed with its driver");
            assertTrue(first.log().contains("final status: FAILED"), first.log());
        }
        List<String> resume = new ArrayList<>(jobs.get(EXPLORE));
        resume.add("--resume");
        Submitted second = submit(deployMode, EXPLORE + "-resumed", resume, out, null);
        assertEquals(0, second.exit(), second.log());
        String resumed = driverLog(second);
        assertTrue(resumed.contains("resumed from " + out + "/_explore-checkpoint/level-008"), resumed);
        assertSameDatasets(work.resolve("local").resolve(EXPLORE), out);
    }

    /**
     * A definition file explored on YARN into HDFS, its driver killed once the search is done and its distance files
     * handed to the publish, before the publish: HDFS has no hard links, yet the checkpoint is whole (the files move
     * only under the publish journal), and {@code --resume} publishes every rank exactly once, each depth as the
     * histogram counts it.
     */
    @Test
    @Order(3)
    void aDefinitionExploreKilledBetweenShareAndPublishResumesWithEveryRankOnce() throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-shared"));
        String out = hdfs + "/yarn-it/client-shared/" + DEFINITION;
        List<String> explore = List.of(
                "explore",
                "--puzzle",
                Path.of("..", "data", "puzzles", DEFINITION + ".json")
                        .toAbsolutePath()
                        .normalize()
                        .toString(),
                "--engine",
                "spark",
                "--checkpoint-every",
                "4",
                "--start-in-driver",
                "0");
        CompletableFuture<Long> killed = killWhenHeld(seam, SHARED_POINT);
        Submitted first = submit("client", DEFINITION + "-killed", explore, out, SHARED_POINT + "=" + seam);
        assertEquals(first.pid(), killed.get(10, TimeUnit.SECONDS), "the driver is the SparkSubmit JVM");
        assertEquals(137, first.exit(), "killed with SIGKILL");
        List<String> resume = new ArrayList<>(explore);
        resume.add("--resume");
        Submitted second = submit("client", DEFINITION + "-resumed", resume, out, null);
        assertEquals(0, second.exit(), second.log());
        assertTrue(second.log().contains("resumed from " + out + "/_explore-checkpoint/level-"), second.log());
        assertTrue(second.log().contains("reconciles yes"), second.log());
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
    }

    /**
     * A finished spark-submit: its exit status, its log, its process id, and the command line of the JVM the seam held.
     */
    private record Submitted(String deployMode, int exit, String log, long pid, String commandLine) {}

    /**
     * The driver's log: spark-submit's own in client mode; in cluster mode the stdout and stderr of the application
     * master's container (the first of the application), left by the NodeManager.
     */
    private String driverLog(Submitted s) throws IOException {
        if (s.deployMode().equals("client")) {
            return s.log();
        }
        Matcher m = Pattern.compile("application_\\d+_\\d+").matcher(s.log());
        assertTrue(m.find(), s.log());
        for (String dir : yarn.getNodeManager(0).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
            Path app = Path.of(dir, m.group());
            if (Files.isDirectory(app)) {
                try (Stream<Path> containers = Files.list(app)) {
                    Path am = containers
                            .filter(c -> c.getFileName().toString().endsWith("_000001"))
                            .findFirst()
                            .orElseThrow();
                    return Files.readString(am.resolve("stdout")) + Files.readString(am.resolve("stderr"));
                }
            }
        }
        throw new IllegalStateException("no container logs of " + m.group());
    }

    /**
     * Runs the thin jar through {@code SparkSubmit --master yarn} in a child JVM, as {@code spark-submit} would: Spark
     * and Hadoop's client from the test class path, the configuration directory first on it and in
     * {@code HADOOP_CONF_DIR}; {@code seam} arms the driver's seam.
     */
    private Submitted submit(String deployMode, String name, List<String> args, String out, String seam)
            throws Exception {
        boolean client = deployMode.equals("client");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> driverOptions = new ArrayList<>(QUICK_JVM);
        driverOptions.add(MAX_PATTERN);
        if (seam != null) {
            driverOptions.add("-D" + FaultSeam.PROPERTY + "=" + seam);
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xmx768m"));
        command.addAll(addOpens());
        if (client) {
            command.addAll(driverOptions); // the driver is this JVM
        }
        String classPath = confDir + File.pathSeparator + String.join(File.pathSeparator, sparkJars());
        command.addAll(List.of(
                "-cp",
                classPath,
                "org.apache.spark.deploy.SparkSubmit",
                "--master",
                "yarn",
                "--deploy-mode",
                deployMode,
                "--class",
                "io.puzzleatlas.jobs.Main",
                "--name",
                name));
        for (String setting : yarnSettings(deployMode)) {
            command.addAll(List.of("--conf", setting));
        }
        if (!client) {
            command.addAll(List.of("--conf", "spark.driver.extraJavaOptions=" + String.join(" ", driverOptions)));
        }
        command.add(thinJar().toString());
        command.addAll(args);
        command.addAll(List.of("--output", out));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(Files.createDirectories(work.resolve("logs"))
                        .resolve(deployMode + "-" + name + ".log")
                        .toFile());
        pb.environment().put("HADOOP_CONF_DIR", confDir.toString());
        pb.environment().put("YARN_CONF_DIR", confDir.toString());
        pb.environment().remove("SPARK_HOME"); // nothing local: Spark's jars come from spark.yarn.jars
        long started = System.nanoTime();
        Process p = pb.start();
        try {
            Hang.exitOf(p);
        } finally {
            p.destroyForcibly();
        }
        System.out.printf(
                "yarn-it: %s %s: exit %d in %.1f s%n",
                deployMode, name, p.exitValue(), (System.nanoTime() - started) / 1e9);
        String log = Files.readString(work.resolve("logs").resolve(deployMode + "-" + name + ".log"));
        String held = seam == null
                ? ""
                : Files.readString(
                        Path.of(seam.substring(seam.indexOf('=') + 1)).resolve("cmdline"));
        return new Submitted(deployMode, p.exitValue(), log, p.pid(), held);
    }

    /**
     * What the jobs need on this YARN cluster (docs/cluster.md lists them): Spark's jars from HDFS, a Java 17 for the
     * containers (the NodeManager passes on its own JAVA_HOME, unset here), one attempt per application (a second
     * attempt would rerun the same command line, which refuses a killed explore's checkpoint without --resume), and
     * containers small enough for this machine. No --add-opens: Spark adds its Java 17 flags to the application
     * master's and the executors' command lines itself. The rest is for speed on one node: no locality wait, no web UI.
     */
    private List<String> yarnSettings(String deployMode) {
        String javaHome = System.getProperty("java.home");
        List<String> settings = new ArrayList<>(List.of(
                "spark.yarn.jars=" + hdfs + "/spark/jars/*.jar",
                "spark.yarn.appMasterEnv.JAVA_HOME=" + javaHome,
                "spark.executorEnv.JAVA_HOME=" + javaHome,
                "spark.yarn.maxAppAttempts=1",
                "spark.executor.instances=1",
                "spark.executor.cores=1",
                "spark.executor.memory=640m",
                "spark.executor.extraJavaOptions=" + String.join(" ", QUICK_JVM),
                "spark.locality.wait=0s",
                "spark.ui.enabled=false"));
        if (deployMode.equals("client")) {
            settings.addAll(List.of(
                    "spark.yarn.am.memory=384m", "spark.yarn.am.extraJavaOptions=" + String.join(" ", QUICK_JVM)));
        } else {
            settings.add("spark.driver.memory=768m"); // the driver is the application master
        }
        return settings;
    }

    /** Kills the JVM held at {@code point}, recording its command line in {@code seam/cmdline}. */
    private static CompletableFuture<Long> killWhenHeld(Path seam, String point) {
        return HeldJvm.killWhenHeld(
                seam, point, (pid, commandLine) -> Files.writeString(seam.resolve("cmdline"), commandLine));
    }

    /**
     * Every Parquet dataset under {@code expected} has exactly the same rows under {@code actual} on HDFS, as
     * multisets, timing columns aside (the datasets here are a few hundred rows at most).
     */
    private void assertSameDatasets(Path expected, String actual) throws IOException {
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
            List<String> a = rows(dir.toString());
            List<String> b = rows(other);
            assertTrue(!a.isEmpty() || dir.endsWith("errors"), "rows in " + dir);
            assertEquals(a, b, other + " holds the rows of " + dir);
        }
    }

    /** A dataset's rows, timing columns aside, as sorted text. */
    private List<String> rows(String dataset) {
        Dataset<Row> d = local.read().parquet(dataset);
        List<Column> keep = new ArrayList<>();
        for (String c : d.columns()) {
            if (!c.endsWith("_micros") && !c.endsWith("_millis")) {
                keep.add(d.col(c));
            }
        }
        return d.select(keep.toArray(Column[]::new)).collectAsList().stream()
                .map(Row::toString)
                .sorted()
                .collect(Collectors.toList());
    }

    private static List<String> addOpens() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect"))
                .collect(Collectors.toList());
    }

    private static List<String> testClassPath() {
        return Arrays.asList(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))
                .split(File.pathSeparator));
    }

    /**
     * Spark, spark-yarn and Hadoop's client from the test class path: what spark-submit and the containers run with, as
     * from a Spark distribution's {@code jars/}. Not this project (the thin jar brings it), not the test frameworks,
     * not the clusters' own jars.
     */
    private static List<String> sparkJars() {
        List<String> notSpark = List.of(
                "/io/puzzleatlas/",
                "/info/picocli/",
                "/org/knowm/",
                "/org/junit/",
                "/junit/",
                "/org/opentest4j/",
                "/org/apiguardian/",
                "/org/hamcrest/",
                "/com/holdenkarau/",
                "/org/scalatest/",
                "/org/scalactic/",
                "/org/scalacheck/",
                "/org/scala-sbt/",
                "/org/apache/hive/",
                "/org/bouncycastle/",
                "/javax/xml/bind/",
                "/hadoop-client-minicluster/",
                "/org/apache/pdfbox/",
                "/de/erichseifert/",
                "/de/rototor/",
                "/com/madgag/");
        Path project = Path.of("").toAbsolutePath().getParent();
        List<String> jars = testClassPath().stream()
                .filter(e -> e.endsWith(".jar")
                        && !Path.of(e).toAbsolutePath().startsWith(project)
                        && notSpark.stream().noneMatch(e::contains))
                .collect(Collectors.toList());
        assertTrue(
                jars.stream().anyMatch(j -> j.contains("spark-yarn_")), "spark-yarn on the test class path: " + jars);
        return jars;
    }

    /** A Hadoop path: a local file to upload, or a path on the default file system (HDFS). */
    private static org.apache.hadoop.fs.Path hadoopPath(String path) {
        return new org.apache.hadoop.fs.Path(path);
    }

    private static Path thinJar() {
        return Path.of(System.getProperty("thin.jar", "target/puzzle-atlas-thin.jar"))
                .toAbsolutePath();
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
