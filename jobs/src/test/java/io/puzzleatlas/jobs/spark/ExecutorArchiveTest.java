package io.puzzleatlas.jobs.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which settings a {@code local-cluster}'s executors get to map the driver's class-data archive. */
class ExecutorArchiveTest {
    private static final List<String> OPTIONS_FILE = List.of(
            "-XX:SharedArchiveFile=/opt/atlas/puzzle-atlas.jsa",
            "-Xlog:cds=off,cds+dynamic=off",
            "-XX:+UnlockDiagnosticVMOptions",
            "-XX:ArchiveRelocationMode=0");
    private static final String JAR = "/opt/atlas/puzzle-atlas.jar";

    @Test
    void aDriverWithTheArchiveGivesItsExecutorsTheJarFirstAndTheArchiveOptions() {
        List<String> jvm = List.of(
                "-Xmx2g", OPTIONS_FILE.get(0), OPTIONS_FILE.get(1), "-Dx=y", OPTIONS_FILE.get(2), OPTIONS_FILE.get(3));
        assertEquals(
                Map.of(
                        "spark.executor.extraClassPath",
                        JAR,
                        "spark.executor.extraJavaOptions",
                        String.join(" ", OPTIONS_FILE)),
                SparkHome.executorArchive(jvm, JAR, null, null));
    }

    @Test
    void theExecutorsOwnOptionsComeFirst() {
        assertEquals(
                "-XX:TieredStopAtLevel=1 " + String.join(" ", OPTIONS_FILE),
                SparkHome.executorArchive(OPTIONS_FILE, JAR, null, "-XX:TieredStopAtLevel=1")
                        .get("spark.executor.extraJavaOptions"));
    }

    @Test
    void nothingWithoutAnArchiveAJarOrWhereTheClassPathIsSet() {
        assertEquals(Map.of(), SparkHome.executorArchive(List.of("-Xmx2g", "-Xlog:cds=off"), JAR, null, null));
        assertEquals(
                Map.of(), SparkHome.executorArchive(OPTIONS_FILE, JAR + File.pathSeparator + "/opt/x.jar", null, null));
        assertEquals(Map.of(), SparkHome.executorArchive(OPTIONS_FILE, "/opt/classes", null, null));
        assertEquals(Map.of(), SparkHome.executorArchive(OPTIONS_FILE, JAR, "/opt/other.jar", null));
    }

    @Test
    void aRelativeJarIsMadeAbsolute() {
        assertEquals(
                Path.of("jobs/target/puzzle-atlas.jar").toAbsolutePath().toString(),
                SparkHome.executorArchive(OPTIONS_FILE, "jobs/target/puzzle-atlas.jar", null, null)
                        .get("spark.executor.extraClassPath"));
    }
}
