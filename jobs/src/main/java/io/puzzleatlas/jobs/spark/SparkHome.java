package io.puzzleatlas.jobs.spark;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import org.apache.hadoop.fs.FileUtil;

/**
 * What Spark's launcher needs to start executor JVMs on this machine, made from the running jar: a Spark home whose
 * {@code jars/} links to this JVM's class path jars (the runnable jar holds all of Spark), and the Scala version
 * ({@code SPARK_SCALA_VERSION}, without which the launcher stops with "Cannot find any build directories"). Used for
 * {@code --master local-cluster[...]}, whose workers run inside the driver and read {@code SPARK_HOME} from the
 * environment, and by {@code cluster start} for standalone workers.
 */
public final class SparkHome {
    static final String SCALA_VERSION = "2.12";

    /** The JVM options that map a class-data archive, as the build's {@code puzzle-atlas.options} gives them. */
    private static final List<String> ARCHIVE_OPTIONS = List.of(
            "-XX:SharedArchiveFile=", "-Xlog:cds", "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=");

    private SparkHome() {}

    /** A new Spark home in {@code dir} (created) whose {@code jars/} links to this JVM's class path jars. */
    public static Path create(Path dir) throws IOException {
        Path jars = Files.createDirectories(dir.resolve("jars"));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path jar = Path.of(entry).toAbsolutePath();
            if (!entry.endsWith(".jar") || !Files.isRegularFile(jar)) {
                continue;
            }
            Path link = jars.resolve(jar.getFileName());
            if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Files.createSymbolicLink(link, jar);
                } catch (UnsupportedOperationException | IOException e) {
                    Files.copy(jar, link);
                }
            }
        }
        return dir;
    }

    /** Sets the environment a Spark launcher needs on {@code pb}: SPARK_HOME and SPARK_SCALA_VERSION. */
    public static void environment(ProcessBuilder pb, Path home) {
        pb.environment().put("SPARK_HOME", home.toAbsolutePath().toString());
        pb.environment().put("SPARK_SCALA_VERSION", SCALA_VERSION);
    }

    /** This JVM's java command with its JVM options (heap, {@code -D}, {@code --add-opens}). */
    public static List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        return command;
    }

    /**
     * The {@code --add-opens} flags Spark needs on Java 17, for a JVM started with {@code -cp}: this JVM's own, or
     * those of the runnable jar's {@code Add-Opens} manifest attribute.
     */
    public static List<String> addOpens() {
        List<String> flags = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens")) {
                return flags;
            }
        }
        String cp = System.getProperty("java.class.path");
        if (cp.contains(File.pathSeparator) || !cp.endsWith(".jar")) {
            return flags;
        }
        try (JarFile f = new JarFile(cp)) {
            String opens = f.getManifest() == null
                    ? null
                    : f.getManifest().getMainAttributes().getValue("Add-Opens");
            if (opens != null) {
                for (String module : opens.trim().split("\\s+")) {
                    flags.add("--add-opens=" + module + "=ALL-UNNAMED");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the manifest of " + cp, e);
        }
        return flags;
    }

    /** Arguments that run {@code mainClass} on this JVM's class path: {@code -jar} for a runnable jar. */
    public static List<String> classPathArguments(String mainClass) {
        String cp = System.getProperty("java.class.path");
        if (!cp.contains(File.pathSeparator) && cp.endsWith(".jar") && mainClass.equals(jarMainClass(cp))) {
            return List.of("-jar", cp);
        }
        return List.of("-cp", cp, mainClass);
    }

    private static String jarMainClass(String jar) {
        try (JarFile f = new JarFile(jar)) {
            return f.getManifest() == null
                    ? null
                    : f.getManifest().getMainAttributes().getValue("Main-Class");
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The settings that let a {@code local-cluster}'s executors, JVMs on this machine started from the same jar, map
     * the class-data archive that this JVM maps: that jar first on their class path (the archive holds the classes of
     * that class path only) and this JVM's archive options after any executor options already set. None when this JVM
     * maps no archive, does not run from one jar, or the executors' class path is set already.
     */
    public static Map<String, String> executorArchive(
            List<String> jvmOptions, String classPath, String executorClassPath, String executorOptions) {
        List<String> archive = jvmOptions.stream()
                .filter(o -> ARCHIVE_OPTIONS.stream().anyMatch(o::startsWith))
                .toList();
        Map<String, String> settings = new LinkedHashMap<>();
        if (archive.stream().noneMatch(o -> o.startsWith(ARCHIVE_OPTIONS.get(0)))
                || classPath.contains(File.pathSeparator)
                || !classPath.endsWith(".jar")
                || executorClassPath != null) {
            return settings;
        }
        settings.put(
                "spark.executor.extraClassPath",
                Path.of(classPath).toAbsolutePath().toString());
        String options = String.join(" ", archive);
        settings.put(
                "spark.executor.extraJavaOptions",
                executorOptions == null || executorOptions.isBlank() ? options : executorOptions + " " + options);
        return settings;
    }

    /** {@link #executorArchive} for this JVM. */
    static Map<String, String> executorArchive(String executorClassPath, String executorOptions) {
        return executorArchive(
                ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperty("java.class.path"),
                executorClassPath,
                executorOptions);
    }

    /** Whether a master URL asks for a multi-process cluster inside this JVM. */
    public static boolean isLocalCluster(String master) {
        return master != null && master.trim().startsWith("local-cluster");
    }

    /**
     * {@code --master local-cluster[...]} without SPARK_HOME: runs the same command line again in a child JVM whose
     * environment holds a Spark home made from this jar, and returns its exit status. Returns -1 when no relaunch is
     * needed (another master, SPARK_HOME set, or under spark-submit).
     */
    public static int relaunchForLocalCluster(String mainClass, String[] args) {
        String master = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--master") && i + 1 < args.length) {
                master = args[i + 1];
            } else if (args[i].startsWith("--master=")) {
                master = args[i].substring("--master=".length());
            }
        }
        if (master == null && !SparkSessions.underSparkSubmit()) {
            master = ConfFile.sparkDefaults().get("spark.master");
        }
        if (!isLocalCluster(master) || System.getenv("SPARK_HOME") != null || SparkSessions.underSparkSubmit()) {
            return -1;
        }
        Path home = null;
        try {
            home = create(Files.createTempDirectory("puzzle-atlas-spark-home"));
            List<String> command = javaCommand();
            command.addAll(classPathArguments(mainClass));
            command.addAll(Arrays.asList(args));
            ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
            environment(pb, home);
            Process child = pb.start();
            Thread stopChild = new Thread(child::destroy, "stop-local-cluster-driver");
            Runtime.getRuntime().addShutdownHook(stopChild);
            int status = child.waitFor();
            Runtime.getRuntime().removeShutdownHook(stopChild);
            return status;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "--master " + master + ": cannot start the driver with a Spark home: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            if (home != null) {
                FileUtil.fullyDelete(home.toFile());
            }
        }
    }
}
