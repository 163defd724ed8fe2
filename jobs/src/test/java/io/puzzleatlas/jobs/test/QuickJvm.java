package io.puzzleatlas.jobs.test;

import io.puzzleatlas.jobs.spark.SparkHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * For speed only, on two shared cores: the flags of the tests' short-lived JVMs (spark-submit's, executors, YARN's
 * containers, child CLIs), which compile with C1 alone, collect with one thread, start with room for Spark's classes
 * (no full collection at each step of the metaspace) and do not verify the class files again as they load (the build's
 * and Maven Central's; the runnable jar's are verified where {@code PackagedJarsIT} runs it with no flags, and as its
 * class-data archive is made), and the runnable jar's class-data archive for the JVMs that run that jar. No test
 * asserts anything the flags change; a test of the JVM's own limits (the heap) runs without them.
 */
public final class QuickJvm {
    /** This JVM's own launcher, for the child JVMs the tests start. */
    public static final String JAVA =
            Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /** C1 alone: the quick compiler for a JVM that lives a few seconds. */
    private static final String COMPILER = "-XX:TieredStopAtLevel=1";

    /**
     * Room for Spark's classes before the first full collection (else four on the way up, 0.4 s of pauses), and no
     * second verification of the class files as they load: {@code tests.loading} of the parent pom, which Surefire and
     * failsafe pass on (none where a test runs without them). A {@code solve --engine spark} of the runnable jar with
     * no class-data archive took 0.87 of the CPU with these and {@link #FLAGS}' collector (9.7 CPU-s against 11.0,
     * medians of six pairs) and 0.84 of the wall.
     */
    private static final List<String> LOADING = fromPom("tests.loading");

    /** The short-lived JVMs' flags: C1 alone, and the test JVMs' own ({@code tests.jvm} in the parent pom). */
    public static final List<String> FLAGS = Stream.of(List.of(COMPILER), fromPom("tests.gc"), LOADING)
            .flatMap(List::stream)
            .toList();

    /**
     * {@link #FLAGS} with the default collector kept: for a JVM whose plan is sized by its heap (a collector changes
     * the heap the JVM reports), as {@code SolvePlanClusterIT}'s driver and executors, and {@link CliRun#inJvm}'s
     * commands.
     */
    public static final List<String> DEFAULT_COLLECTOR =
            Stream.of(List.of(COMPILER), LOADING).flatMap(List::stream).toList();

    private static final String MAIN = "io.puzzleatlas.jobs.Main";

    private QuickJvm() {}

    /** The flags a pom property gives the test JVM as a system property of the same name; none where it is unset. */
    private static List<String> fromPom(String property) {
        String flags = System.getProperty(property, "").trim();
        return flags.isEmpty() ? List.of() : List.of(flags.split("\\s+"));
    }

    /** The flags as one {@code spark.executor.extraJavaOptions} value. */
    public static String options() {
        return String.join(" ", FLAGS);
    }

    /**
     * The runnable jar's JVM options file ({@code @.../puzzle-atlas.options}, written by {@code mvn package}: its
     * class-data archive), for a JVM whose class path starts with that jar; none where the build wrote none.
     */
    public static List<String> archive() {
        Path jar = fatJar();
        Path options = jar.resolveSibling(jar.getFileName().toString().replaceFirst("\\.jar$", ".options"));
        return Files.isRegularFile(options) ? List.of("@" + options) : List.of();
    }

    /**
     * The settings of the executors of a {@code local-cluster} that a test JVM starts: the flags, and what a driver
     * started with the runnable jar's options file gives its executors ({@link SparkHome#executorArchive}: that jar
     * first on their class path, so that they map its class-data archive).
     */
    public static Map<String, String> executors() {
        List<String> archive = archive();
        if (archive.isEmpty()) {
            return Map.of("spark.executor.extraJavaOptions", options());
        }
        try {
            List<String> fileOptions = Files.readAllLines(Path.of(archive.get(0).substring(1))).stream()
                    .map(String::trim)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
            return SparkHome.executorArchive(fileOptions, fatJar().toString(), null, options());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What runs the CLI ({@code io.puzzleatlas.jobs.Main}) in a child JVM: the runnable jar with its options file (its
     * class-data archive: a Spark job's child JVM takes a quarter of the CPU) where {@code mvn package} made it after
     * the last compile, as in {@code mvn verify}; else this test's class path ({@code mvn test}, or a jar older than
     * {@code target/classes}). The same classes either way; the test classes are not on the jar's class path.
     */
    public static List<String> mainClassPath() {
        return MainClassPath.CHOSEN;
    }

    /** This test's class path and the CLI's main class: for a child JVM that needs what only the tests have. */
    public static List<String> testClassPath() {
        return List.of("-cp", System.getProperty("java.class.path"), MAIN);
    }

    /** {@link #mainClassPath}, chosen once per test JVM: the jar and the classes do not change while tests run. */
    private static final class MainClassPath {
        static final List<String> CHOSEN = choose();

        private static List<String> choose() {
            Path jar = fatJar();
            if (!newerThanAll(jar, jar.resolveSibling("classes"))) {
                return testClassPath();
            }
            List<String> command = new ArrayList<>(archive());
            command.addAll(List.of("-cp", jar.toString(), MAIN));
            return List.copyOf(command);
        }

        /** Whether {@code jar} exists and is newer than every file under {@code classes}. */
        private static boolean newerThanAll(Path jar, Path classes) {
            if (!Files.isRegularFile(jar) || !Files.isDirectory(classes)) {
                return false;
            }
            try {
                long built = Files.getLastModifiedTime(jar).toMillis();
                try (Stream<Path> newer = Files.find(
                        classes,
                        Integer.MAX_VALUE,
                        (f, a) -> a.lastModifiedTime().toMillis() > built)) {
                    return newer.findAny().isEmpty();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The runnable jar this build packaged (failsafe names it). */
    private static Path fatJar() {
        return Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar")).toAbsolutePath();
    }
}
