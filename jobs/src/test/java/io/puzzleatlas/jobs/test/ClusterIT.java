package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.Switches;
import io.puzzleatlas.jobs.spark.ConfFile;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The jobs on a real multi-process cluster: {@code local-cluster[2,1,1024]}, a standalone master and two workers in
 * this JVM, each worker running its executor as a separate JVM started from the runnable jar (SPARK_HOME and
 * SPARK_SCALA_VERSION come from the failsafe configuration; the Spark home's {@code jars/} is made here). Every job's
 * output is compared, dataset against dataset, with the same job run in local mode (a hard instance's split search on
 * the executors against the unsplit search); executors and a driver are killed at chosen points ({@link FaultSeam}) and
 * the jobs still finish with identical output.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {
    private static final String CLUSTER = "local-cluster[2,1,1024]";

    private final Path work = Path.of("target", "cluster-it").toAbsolutePath();
    private final Path tables = Path.of("target", "tables").toAbsolutePath();
    private final Map<String, List<String>> jobs = new LinkedHashMap<>();
    /** Two of Korf's 100 split over the executors: the cluster run against the unsplit local one. */
    private List<String> splitSolve;

    private SparkSession cluster;

    @BeforeAll
    void startCluster() throws IOException {
        ClusterJars.link();
        delete(work);
        Files.createDirectories(work);

        for (String puzzle : List.of("eight-puzzle", "fifteen-puzzle", "magic-board", "rotation-game")) {
            jobs.put("generate-" + puzzle, List.of("generate", "--puzzle", puzzle, "--random", "300", "--seed", "3"));
        }
        jobs.put("solve-eight-puzzle", List.of("solve", "--puzzle", "eight-puzzle", "--random", "400", "--seed", "5"));
        jobs.put(
                "solve-eight-puzzle-input",
                List.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        work.resolve("local/generate-eight-puzzle/instances").toString()));
        jobs.put(
                "solve-fifteen-puzzle",
                List.of(
                        "solve",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--random",
                        "12",
                        "--scramble",
                        "40",
                        "--seed",
                        "5",
                        "--tables",
                        tables.toUri().toString()));
        jobs.put("solve-magic-board", List.of("solve", "--puzzle", "magic-board", "--random", "300", "--seed", "5"));
        jobs.put(
                "solve-rotation-game", List.of("solve", "--puzzle", "rotation-game", "--random", "200", "--seed", "5"));
        jobs.put("solve-sliding-2x4", List.of("solve", "--puzzle", "sliding-2x4", "--random", "300", "--seed", "5"));
        // every level on Spark: the seams stop it at chosen levels, across processes
        jobs.put(
                "explore-sliding-2x3",
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
        jobs.put("atlas-rotation-game", List.of("atlas", "--puzzle", "rotation-game", "--engine", "spark"));
        // a definition file named by a relative path the executors (working in SPARK_HOME/work/...) cannot read: the
        // puzzle travels as the file's content
        jobs.put(
                "explore-pocket-cube-definition",
                List.of(
                        "explore",
                        "--puzzle",
                        "../data/puzzles/pocket-cube.tws",
                        "--metric",
                        "generators",
                        "--engine",
                        "spark",
                        "--histogram-only",
                        "--start-in-driver",
                        "1000"));

        // a puzzle past one table: IDA* with pattern databases the driver builds once and the executors read
        Path cubes = Files.write(
                work.resolve("cubes.csv"),
                List.of("scramble", "R U F2 L' D B2", "F' R2 U L2 B D' R", "U R2 F B R B2 R U2", "R Q U"));
        jobs.put(
                "solve-3x3x3-definition",
                List.of(
                        "solve",
                        "--puzzle",
                        "../data/puzzles/3x3x3.tws",
                        "--input",
                        cubes.toString(),
                        "--tables",
                        tables.toUri().toString(),
                        "--tables-memory",
                        "32m"));

        Path boards = Files.write(
                work.resolve("korf.csv"),
                List.of("start", "3 13 5 0 14 15 1 8 6 4 12 7 9 2 11 10", "8 10 9 3 5 6 4 14 7 11 12 1 15 2 13 0"));
        splitSolve = List.of(
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--input",
                boards.toString(),
                "--tables",
                tables.toUri().toString(),
                "--split-depth",
                "3");

        // The reference: every job in local mode (one session, which the jobs pick up).
        SparkSession local = session("local[2]");
        for (Map.Entry<String, List<String>> job : jobs.entrySet()) {
            run(work.resolve("local"), job.getKey(), job.getValue());
        }
        run(work.resolve("local"), "solve-split", splitSolve, "--split-nodes", "0");
        runTablesBuild(work.resolve("local/tables"), null);
        local.stop();
        cluster = session(CLUSTER);
    }

    private static SparkSession session(String master) {
        SparkSession.Builder builder = SparkSession.builder();
        ConfFile.sparkDefaults().forEach(builder::config);
        // for speed only, on two shared cores: the executors' short jobs with the quick compiler alone, their classes
        // from the runnable jar's class-data archive
        QuickJvm.executors().forEach(builder::config);
        return builder.master(master)
                .appName("puzzle-atlas cluster-it")
                .config("spark.executor.memory", "768m")
                .getOrCreate();
    }

    @AfterAll
    void stopCluster() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @Test
    @Order(1)
    void executorsAreSeparateJvms() {
        cluster.range(0, 1000, 1, 4).count();
        long executors = ProcessHandle.current()
                .descendants()
                .filter(p -> HeldJvm.commandLine(p.pid()).contains("CoarseGrainedExecutorBackend"))
                .count();
        assertEquals(2, executors, "two executor JVMs under this driver");
    }

    @Test
    @Order(2)
    void everyJobOnTheClusterEqualsLocalMode() throws IOException {
        for (Map.Entry<String, List<String>> job : jobs.entrySet()) {
            run(work.resolve("cluster"), job.getKey(), job.getValue());
            assertSameDatasets(
                    work.resolve("local").resolve(job.getKey()),
                    work.resolve("cluster").resolve(job.getKey()));
        }
        runTablesBuild(work.resolve("cluster/tables"), null);
        try (Stream<Path> files = Files.list(work.resolve("local/tables"))) {
            for (Path f : files.collect(Collectors.toList())) {
                assertArrayEquals(
                        Files.readAllBytes(f),
                        Files.readAllBytes(work.resolve("cluster/tables").resolve(f.getFileName())),
                        f.getFileName() + " built on the cluster equals the local build");
            }
        }
    }

    @Test
    @Order(3)
    void aSplitSearchOnTheExecutorsEqualsTheUnsplitSearch() throws IOException {
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            // every iteration through the tasks: the switch is the driver's, and the driver is this JVM
            run(
                    work.resolve("cluster"),
                    "solve-split",
                    splitSolve,
                    Switches.defaults().withSplitDriverNodes(0),
                    "--split-nodes",
                    "10000");
        } finally {
            System.setOut(stdout);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        stdout.print(out);
        assertTrue(out.contains("2 left for the split search"), out);
        assertTrue(
                out.lines()
                        .anyMatch(l -> l.matches(
                                ".*split instance \\d+: bound \\d+ searched in [\\d,]+ subtrees on \\d+ tasks.*")),
                out);
        assertSameDatasets(work.resolve("local/solve-split"), work.resolve("cluster/solve-split"));
    }

    @Test
    @Order(4)
    void solveSurvivesAKilledExecutor() throws Exception {
        survivesAKilledExecutor("solve-eight-puzzle", "solve-task");
    }

    @Test
    @Order(5)
    void exploreSurvivesAKilledExecutor() throws Exception {
        survivesAKilledExecutor("explore-sliding-2x3", "explore-level-6");
    }

    /**
     * An executor killed in the middle of merging level 9 into its range files (after the checkpoint of level 8): the
     * level's lost shuffle output and the ranges merged meanwhile cannot give the level again, so the search goes back
     * to the checkpoint and still ends with the output of local mode. Levels have a merge stage only when marks are not
     * made in place on the same host, so this run turns same-host marks off.
     */
    @Test
    @Order(5)
    void exploreSurvivesAnExecutorKilledInAMerge() throws Exception {
        cluster.sparkContext().setLocalProperty("spark.puzzleatlas.explore.sameHostMarks", "false");
        try {
            survivesAKilledExecutor("explore-sliding-2x3", "explore-merge-9");
        } finally {
            cluster.sparkContext().setLocalProperty("spark.puzzleatlas.explore.sameHostMarks", null);
        }
    }

    /**
     * Runs a job with the seam {@code point} armed: the first executor to reach it is killed with SIGKILL there, and
     * the job must still finish with the output of local mode.
     */
    private void survivesAKilledExecutor(String job, String point) throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-" + job));
        CompletableFuture<Long> killed = killWhenHeld(seam, point, true);
        cluster.sparkContext().setLocalProperty(FaultSeam.PROPERTY, point + "=" + seam);
        try {
            run(work.resolve("killed"), job, jobs.get(job));
        } finally {
            cluster.sparkContext().setLocalProperty(FaultSeam.PROPERTY, null);
        }
        assertTrue(killed.get(Hang.LIMIT.toMillis(), TimeUnit.MILLISECONDS) > 0, "an executor was killed at " + point);
        assertSameDatasets(
                work.resolve("local").resolve(job), work.resolve("killed").resolve(job));
    }

    @Test
    @Order(6)
    void exploreResumesAfterTheDriverIsKilled() throws Exception {
        Path seam = Files.createDirectories(work.resolve("seam-driver"));
        Path out = work.resolve("driver-killed/explore-sliding-2x3");
        List<String> command = new ArrayList<>(
                List.of(QuickJvm.JAVA, "-Xmx1g", "-D" + FaultSeam.PROPERTY + "=explore-checkpoint-8=" + seam));
        command.addAll(QuickJvm.FLAGS);
        command.addAll(QuickJvm.archive());
        command.addAll(List.of(
                "-jar",
                Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"))
                        .toString()));
        command.addAll(jobs.get("explore-sliding-2x3"));
        command.addAll(List.of("--output", out.toString(), "--master", "local[2]"));
        Process driver = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(Files.createDirectories(work.resolve("logs"))
                        .resolve("driver-killed.log")
                        .toFile())
                .start();
        try {
            CompletableFuture<Long> killed = killWhenHeld(seam, "explore-checkpoint-8", false);
            assertEquals(
                    driver.pid(),
                    killed.get(Hang.LIMIT.toMillis(), TimeUnit.MILLISECONDS),
                    "the driver itself was held and killed");
            assertEquals(137, Hang.exitOf(driver), "killed with SIGKILL");
        } finally {
            driver.destroyForcibly();
        }
        List<String> resume = new ArrayList<>(jobs.get("explore-sliding-2x3"));
        resume.add("--resume");
        run(work.resolve("driver-killed"), "explore-sliding-2x3", resume);
        assertSameDatasets(work.resolve("local/explore-sliding-2x3"), out);
    }

    /** Kills the JVM held at {@code point}; an executor (not this driver) when {@code mustBeExecutor}. */
    private static CompletableFuture<Long> killWhenHeld(Path seam, String point, boolean mustBeExecutor) {
        return HeldJvm.killWhenHeld(seam, point, (pid, commandLine) -> {
            if (mustBeExecutor) {
                assertTrue(commandLine.contains("CoarseGrainedExecutorBackend"), "held JVM " + pid + " is an executor");
                assertTrue(pid != ProcessHandle.current().pid());
            }
        });
    }

    private void run(Path root, String name, List<String> args, String... extra) {
        run(root, name, args, Switches.defaults(), extra);
    }

    private void run(Path root, String name, List<String> args, Switches switches, String... extra) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("--output", root.resolve(name).toString(), "--overwrite"));
        all.addAll(Arrays.asList(extra));
        String[] a = all.toArray(String[]::new);
        long started = System.nanoTime();
        assertEquals(0, Main.run(switches, a), () -> "exit status of " + String.join(" ", a));
        System.out.printf(
                "cluster-it: %s %s in %.1f s%n", root.getFileName(), name, (System.nanoTime() - started) / 1e9);
    }

    private void runTablesBuild(Path dir, String master) {
        List<String> args = new ArrayList<>(List.of(
                "tables",
                "build",
                "--puzzle",
                "eight-puzzle",
                "--partition",
                "4-4",
                "--engine",
                "spark",
                "--tables",
                dir.toString()));
        if (master != null) {
            args.addAll(List.of("--master", master));
        }
        assertEquals(0, Main.run(args.toArray(String[]::new)), "tables build --engine spark");
    }

    /**
     * Every Parquet dataset under {@code expected} has the same rows under {@code actual} (timings aside), as
     * multisets: both read in this JVM and compared sorted ({@link DatasetRows}; a few hundred rows at most).
     */
    private void assertSameDatasets(Path expected, Path actual) throws IOException {
        List<Path> datasets;
        try (Stream<Path> walk = Files.walk(expected)) {
            datasets = walk.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .map(Path::getParent)
                    .distinct()
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertTrue(!datasets.isEmpty(), "datasets under " + expected);
        Configuration conf = cluster.sparkContext().hadoopConfiguration();
        for (Path dir : datasets) {
            if (dir.toString().contains("_staging") || dir.toString().contains("_checkpoints")) {
                continue;
            }
            Path other = actual.resolve(expected.relativize(dir));
            List<String> a = DatasetRows.sorted(conf, dir.toUri().toString());
            List<String> b = DatasetRows.sorted(conf, other.toUri().toString());
            assertEquals(a.size(), b.size(), "rows of " + other);
            assertEquals(a, b, "rows of " + other + " are those of " + dir);
        }
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
