package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.Main;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jars, run the way users run them (integration test: needs {@code package}): the thin jar through
 * {@code org.apache.spark.deploy.SparkSubmit} with Spark taken from the test classpath, as spark-submit would run it on
 * a cluster; the runnable jar with plain {@code java -jar} and no flags.
 */
class PackagedJarsIT {
    @TempDir
    Path tmp;

    @Test
    void thinJarRunsThroughSparkSubmit() throws Exception {
        Path thin = Path.of(System.getProperty("thin.jar", "target/puzzle-atlas-thin.jar"));
        try (JarFile jar = new JarFile(thin.toFile())) {
            assertTrue(jar.getEntry("org/apache/spark/SparkContext.class") == null, "Spark is provided, not packaged");
            assertTrue(
                    jar.getEntry("log4j2.properties") == null
                            && jar.getEntry("io/puzzleatlas/jobs/conf/log4j2.properties") == null,
                    "the cluster's logging configuration stays in charge");
            assertTrue(jar.getEntry("io/puzzleatlas/core/registry/Solvers.class") != null, "the core is packaged");
        }
        Path input =
                Files.writeString(tmp.resolve("boards.txt"), "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8\n");
        List<String> command = new ArrayList<>(javaWithSparkFlags());
        command.addAll(List.of(
                "-cp",
                sparkClasspath(),
                "org.apache.spark.deploy.SparkSubmit",
                "--master",
                "local[2]",
                "--conf",
                "spark.ui.enabled=false",
                "--conf",
                "spark.driver.host=localhost",
                "--class",
                "io.puzzleatlas.jobs.Main",
                thin.toString(),
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--input",
                input.toString(),
                "--output",
                tmp.resolve("out").toString()));
        String output = runProcess(command, tmp.resolve("spark-submit.log"));
        assertTrue(output.contains("solve: read 3 | results 2 | errors 1 | reconciles yes"), output);
        assertTrue(hasParquet(tmp.resolve("out/results")) && hasParquet(tmp.resolve("out/errors")), output);
    }

    /**
     * The launcher beside the jars submits the thin jar through spark-submit as printed in the docs: the Java 17 flags
     * supplied, and only the command's own lines (no Spark log on stderr).
     */
    @Test
    void theLauncherSubmitsTheThinJarQuietly() throws Exception {
        Path launcher = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"))
                .resolveSibling("puzzle-atlas-submit");
        assertTrue(Files.exists(launcher), launcher + " is built by mvn package");
        Process p = new ProcessBuilder(
                        "bash",
                        launcher.toString(),
                        "--master",
                        "local[2]",
                        "--conf",
                        "spark.ui.enabled=false",
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--random",
                        "100",
                        "--engine",
                        "spark",
                        "--output",
                        tmp.resolve("submitted").toString())
                .redirectOutput(tmp.resolve("launcher.out").toFile())
                .redirectError(tmp.resolve("launcher.err").toFile())
                .start();
        try {
            Hang.exitOf(p);
        } finally {
            p.destroyForcibly();
        }
        String out = Files.readString(tmp.resolve("launcher.out"));
        String err = Files.readString(tmp.resolve("launcher.err"));
        assertEquals(0, p.exitValue(), out + err);
        assertTrue(
                out.contains("solve: read 100 | results 100 | errors 0 | reconciles yes")
                        && out.contains("(spark engine)"),
                out);
        assertEquals("", err, "no Spark log on stderr");
    }

    @Test
    void runnableJarNeedsNoFlags() throws Exception {
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"));
        try (JarFile jar = new JarFile(fat.toFile())) {
            String opens = jar.getManifest().getMainAttributes().getValue("Add-Opens");
            assertTrue(opens != null && opens.contains("java.base/sun.nio.ch"), "Add-Opens in the manifest: " + opens);
        }
        String output = runProcess(
                List.of(
                        QuickJvm.JAVA,
                        "-jar",
                        fat.toString(),
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--all",
                        "--output",
                        tmp.resolve("eight").toString()),
                tmp.resolve("java-jar.log"));
        assertTrue(output.contains("solve: read 181,440 | results 181,440 | errors 0 | reconciles yes"), output);
        assertTrue(output.matches("(?s).*SOLVED\\s+31\\s+2\\n.*"), output);
        // A small job on the embedded default runs without Spark.
        assertTrue(output.contains("(local engine)") && !output.contains("SparkContext"), output);
    }

    /**
     * The README's {@code java @jobs/target/puzzle-atlas.options -jar ...}: the options file maps the build's
     * class-data archive ({@code -Xshare:on} refuses to start otherwise), and a solve on Spark loads most of its
     * classes from it, the local engine's and Spark's alike.
     */
    @Test
    void theOptionsFileMapsAnArchiveOfBothEnginesClasses() throws Exception {
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"));
        List<String> options = QuickJvm.archive();
        assertEquals(1, options.size(), "mvn package writes the options file beside " + fat);
        Path classes = tmp.resolve("classes.txt");
        List<String> command = new ArrayList<>(List.of(QuickJvm.JAVA));
        command.addAll(options);
        command.addAll(List.of(
                "-Xshare:on",
                "-Xlog:class+load=info:file=" + classes,
                "-jar",
                fat.toString(),
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--random",
                "20",
                "--engine",
                "spark",
                "--output",
                tmp.resolve("archived").toString()));
        String output = runProcess(command, tmp.resolve("archived.log"));
        assertTrue(output.contains("solve: read 20 | results 20 | errors 0 | reconciles yes"), output);
        List<String> loaded = Files.readAllLines(classes);
        long archived = loaded.stream()
                .filter(l -> l.contains("source: shared objects file"))
                .count();
        long sparkArchived = loaded.stream()
                .filter(l -> l.contains(" org.apache.spark.") && l.contains("source: shared objects file"))
                .count();
        assertTrue(archived > loaded.size() * 2 / 3, archived + " of " + loaded.size() + " classes from the archive");
        assertTrue(sparkArchived > 3_000, sparkArchived + " of Spark's classes from the archive");
        // The options file's compiler directives (ShortRunJit) are read at the start, and the JVM's line
        // that says so is kept off the command's output.
        List<String> java = command.subList(0, 1 + options.size());
        String shown = runProcess(
                concat(java, List.of("-XX:+DisplayVMOutput", "-jar", fat.toString(), "--version")),
                tmp.resolve("directives.log"));
        assertTrue(shown.contains("2 compiler directives added"), shown);
        String board = runProcess(
                concat(
                        java,
                        List.of(
                                "-jar",
                                fat.toString(),
                                "solve",
                                "--puzzle",
                                "eight-puzzle",
                                "--board",
                                "8 1 3 4 0 2 7 6 5")),
                tmp.resolve("board.log"));
        assertTrue(board.startsWith("puzzle  eight-puzzle\n"), board);
        assertTrue(board.contains("moves   rdlluurdldrurd\n"), board);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * The 15-puzzle, solved by a search per board, through the local engine (chosen by default for a small job) and
     * through Spark: the same histogram of optimal lengths.
     */
    @Test
    void localAndSparkEnginesAgreeOnSearchedBoards() throws Exception {
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"));
        List<String> common = new ArrayList<>(List.of(QuickJvm.JAVA));
        common.addAll(QuickJvm.DEFAULT_COLLECTOR);
        common.addAll(QuickJvm.archive());
        common.addAll(List.of(
                "-Dpuzzleatlas.pdb.max-pattern=5",
                "-Dpuzzleatlas.tables=" + System.getProperty("puzzleatlas.tables"),
                "-jar",
                fat.toString(),
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--random",
                "12",
                "--scramble",
                "40",
                "--seed",
                "3"));
        List<String> local = new ArrayList<>(common);
        local.addAll(List.of("--output", tmp.resolve("local").toString()));
        List<String> spark = new ArrayList<>(common);
        spark.addAll(
                List.of("--engine", "spark", "--output", tmp.resolve("spark").toString()));
        String a = runProcess(local, tmp.resolve("local.log"));
        String b = runProcess(spark, tmp.resolve("spark.log"));
        assertTrue(a.contains("(local engine)") && b.contains("(spark engine)"), a + b);
        assertTrue(a.contains("solve: read 12 | results 12 | errors 0 | reconciles yes"), a);
        assertEquals(histogram(b), histogram(a));
    }

    private static List<String> histogram(String output) {
        return output.lines().filter(l -> l.startsWith("  SOLVED")).toList();
    }

    /**
     * {@code --master local-cluster[...]} from the runnable jar with no set-up (no SPARK_HOME): the executors are
     * separate JVMs, and the 15-puzzle's tables, ready in the directory given by {@code --tables}, reach them through
     * the job (not the driver's system properties): nothing is built and nothing falls back to a weaker search.
     */
    @Test
    void runnableJarStartsALocalClusterWithNoSetUp() throws Exception {
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"));
        Path tables = Path.of(System.getProperty("puzzleatlas.tables", "target/tables"));
        // The tables exist before the job (as after 'tables build'), so the job must not build any.
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
        // for speed only: the quick flags, and the options file, whose class-data archive the driver hands on to the
        // executors it starts from the same jar
        List<String> command = new ArrayList<>(List.of(QuickJvm.JAVA, "-Xmx1g"));
        command.addAll(QuickJvm.FLAGS);
        command.addAll(QuickJvm.archive());
        command.addAll(List.of(
                "-Dpuzzleatlas.pdb.max-pattern=5",
                "-jar",
                fat.toString(),
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--random",
                "6",
                "--scramble",
                "30",
                "--tables",
                tables.toUri().toString(),
                "--output",
                tmp.resolve("fifteen").toString(),
                "--master",
                "local-cluster[2,1,1024]",
                "--conf",
                "spark.executor.extraJavaOptions=" + QuickJvm.options()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("SPARK_HOME");
        pb.environment().remove("SPARK_SCALA_VERSION");
        String output = runProcess(pb, tmp.resolve("local-cluster.log"));
        assertTrue(output.contains("solve: read 6 | results 6 | errors 0 | reconciles yes"), output);
        assertTrue(!output.contains("building") && !output.contains("Manhattan"), output);
    }

    /**
     * {@code cluster start} runs a standalone master and two workers as separate JVMs on 127.0.0.1; the thin jar is
     * submitted to it through SparkSubmit as to any cluster; {@code cluster stop} ends every one of them.
     */
    @Test
    void thinJarRunsOnAStandaloneCluster() throws Exception {
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"));
        Path thin = Path.of(System.getProperty("thin.jar", "target/puzzle-atlas-thin.jar"));
        Path dir = tmp.resolve("standalone");
        // for speed only: the master and workers run with the JVM options of 'cluster start' (the quick flags, and the
        // runnable jar's class-data archive)
        List<String> start = new ArrayList<>(List.of(QuickJvm.JAVA));
        start.addAll(QuickJvm.FLAGS);
        start.addAll(QuickJvm.archive());
        start.addAll(List.of(
                "-jar",
                fat.toString(),
                "cluster",
                "start",
                "--workers",
                "2",
                "--cores",
                "1",
                "--memory",
                "1024",
                "--dir",
                dir.toString()));
        String started = runProcess(start, tmp.resolve("cluster-start.log"));
        Matcher m = Pattern.compile("spark://127\\.0\\.0\\.1:\\d+").matcher(started);
        assertTrue(m.find(), started);
        try {
            List<String> command = new ArrayList<>(javaWithSparkFlags());
            command.addAll(List.of(
                    "-cp",
                    sparkClasspath(),
                    "org.apache.spark.deploy.SparkSubmit",
                    "--master",
                    m.group(),
                    "--conf",
                    "spark.executor.memory=768m",
                    "--conf",
                    "spark.executor.extraJavaOptions=" + QuickJvm.options(),
                    "--conf",
                    "spark.driver.host=127.0.0.1",
                    "--class",
                    "io.puzzleatlas.jobs.Main",
                    thin.toString(),
                    "solve",
                    "--puzzle",
                    "eight-puzzle",
                    "--random",
                    "200",
                    "--output",
                    tmp.resolve("out").toString()));
            String output = runProcess(new ProcessBuilder(command), tmp.resolve("standalone-submit.log"));
            assertTrue(output.contains("solve: read 200 | results 200 | errors 0 | reconciles yes"), output);
        } finally {
            runProcess(
                    new ProcessBuilder(
                            QuickJvm.JAVA, "-jar", fat.toString(), "cluster", "stop", "--dir", dir.toString()),
                    tmp.resolve("cluster-stop.log"));
        }
        assertTrue(!Files.exists(dir.resolve("cluster.properties")), "the cluster's state is gone after stop");
    }

    /** A JVM for SparkSubmit: this JVM's opened packages, and {@link QuickJvm}'s flags for speed only. */
    private static List<String> javaWithSparkFlags() {
        List<String> command = new ArrayList<>();
        command.add(QuickJvm.JAVA);
        command.add("-Xmx1g");
        command.addAll(QuickJvm.FLAGS);
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("-Djdk.reflect")) {
                command.add(arg);
            }
        }
        return command;
    }

    /**
     * The test classpath without this project's own classes and jars, nor what the thin jar packs: Spark and its
     * dependencies.
     */
    private static String sparkClasspath() {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> packed =
                List.of("solver-core", "picocli", "xchart", "vectorgraphics2d", "pdfbox", "animated-gif-lib");
        return Arrays.stream(cp.split(File.pathSeparator))
                .filter(e -> !e.contains(File.separator + "jobs" + File.separator + "target")
                        && packed.stream().noneMatch(e::contains))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static String runProcess(List<String> command, Path log) throws IOException, InterruptedException {
        return runProcess(new ProcessBuilder(command), log);
    }

    /** Runs a child process to its end ({@link Hang#exitOf}); it must exit 0. */
    private static String runProcess(ProcessBuilder pb, Path log) throws IOException, InterruptedException {
        Process process =
                pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            Hang.exitOf(process);
        } finally {
            process.destroyForcibly();
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    private static boolean hasParquet(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.anyMatch(p -> p.toString().endsWith(".parquet"));
        }
    }
}
