package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The thin jar run through {@code SparkSubmit --master yarn} in a child JVM, on the clusters of
 * {@link YarnHdfsClusters}: the command line {@code spark-submit} would build (Spark and Hadoop's client from the test
 * class path, the configuration directory first on it and in {@code HADOOP_CONF_DIR}), the settings the jobs need on
 * that YARN cluster, the driver's log in either deploy mode, and the killing of a driver held at a fault seam.
 */
final class SparkSubmitJvm {
    /** The driver's own setting for these tests: the small 5-5-5 tables, as in every other test. */
    private static final String MAX_PATTERN = "-Dpuzzleatlas.pdb.max-pattern=5";

    private final Path work;
    private final Path confDir;
    private final String hdfs;
    private final Configuration nodeManager;

    /**
     * Submits to the YARN cluster whose site files are in {@code confDir} and whose NodeManager runs with
     * {@code nodeManager}, with Spark's jars under {@code hdfs}; logs go to {@code work/logs}.
     */
    SparkSubmitJvm(Path work, Path confDir, String hdfs, Configuration nodeManager) {
        this.work = work;
        this.confDir = confDir;
        this.hdfs = hdfs;
        this.nodeManager = nodeManager;
    }

    /**
     * A finished spark-submit: its exit status, its log, its process id, and the command line of the JVM the seam held.
     */
    record Submitted(String deployMode, int exit, String log, long pid, String commandLine) {}

    /**
     * The driver's log: spark-submit's own in client mode; in cluster mode the stdout and stderr of the application
     * master's container (the first of the application), left by the NodeManager.
     */
    String driverLog(Submitted s) throws IOException {
        if (s.deployMode().equals("client")) {
            return s.log();
        }
        Matcher m = Pattern.compile("application_\\d+_\\d+").matcher(s.log());
        assertTrue(m.find(), s.log());
        for (String dir : nodeManager.getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
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
    Submitted submit(String deployMode, String name, List<String> args, String out, String seam) throws Exception {
        boolean client = deployMode.equals("client");
        List<String> driverOptions = new ArrayList<>(QuickJvm.FLAGS);
        driverOptions.add(MAX_PATTERN);
        if (seam != null) {
            driverOptions.add("-D" + FaultSeam.PROPERTY + "=" + seam);
        }
        List<String> command = new ArrayList<>(List.of(QuickJvm.JAVA, "-Xmx768m"));
        command.addAll(addOpens());
        // in client mode the driver is this JVM; in cluster mode it is YARN's client alone (flags for speed only)
        command.addAll(client ? driverOptions : QuickJvm.FLAGS);
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
        pb.environment().remove("SPARK_HOME"); // nothing local: Spark's jars come from spark.yarn.archive
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
     * master's and the executors' command lines itself. The rest is for speed on one node: no locality wait, the
     * application's state polled each 200 ms (not each second), no web UI.
     */
    private List<String> yarnSettings(String deployMode) {
        String javaHome = System.getProperty("java.home");
        List<String> settings = new ArrayList<>(List.of(
                "spark.yarn.archive=" + hdfs + YarnHdfsClusters.SPARK_ARCHIVE,
                "spark.yarn.appMasterEnv.JAVA_HOME=" + javaHome,
                "spark.executorEnv.JAVA_HOME=" + javaHome,
                "spark.yarn.maxAppAttempts=1",
                "spark.executor.instances=1",
                "spark.executor.cores=1",
                "spark.executor.memory=640m",
                "spark.executor.extraJavaOptions=" + QuickJvm.options(),
                "spark.locality.wait=0s",
                "spark.yarn.report.interval=200ms",
                "spark.ui.enabled=false"));
        if (deployMode.equals("client")) {
            settings.addAll(
                    List.of("spark.yarn.am.memory=384m", "spark.yarn.am.extraJavaOptions=" + QuickJvm.options()));
        } else {
            settings.add("spark.driver.memory=768m"); // the driver is the application master
        }
        return settings;
    }

    /** Kills the JVM held at {@code point}, recording its command line in {@code seam/cmdline}. */
    static CompletableFuture<Long> killWhenHeld(Path seam, String point) {
        return HeldJvm.killWhenHeld(
                seam, point, (pid, commandLine) -> Files.writeString(seam.resolve("cmdline"), commandLine));
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
    static List<String> sparkJars() {
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

    private static Path thinJar() {
        return Path.of(System.getProperty("thin.jar", "target/puzzle-atlas-thin.jar"))
                .toAbsolutePath();
    }
}
