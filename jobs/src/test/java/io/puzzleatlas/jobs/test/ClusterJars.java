package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The runnable jar where a {@code local-cluster}'s executors find it: a link in {@code $SPARK_HOME/jars} (failsafe sets
 * {@code SPARK_HOME}) to the jar this build packaged. Integration tests in other JVMs may make it at the same time, so
 * a link already there is kept, never deleted and made again under another test's running cluster.
 */
public final class ClusterJars {
    private ClusterJars() {}

    /** Links the packaged jar into {@code $SPARK_HOME/jars} unless it is linked already. */
    public static void link() throws IOException {
        String home = System.getenv("SPARK_HOME");
        assertNotNull(home, "failsafe sets SPARK_HOME");
        Path jars = Files.createDirectories(Path.of(home, "jars"));
        Path fat = Path.of(System.getProperty("fat.jar", "target/puzzle-atlas.jar"))
                .toAbsolutePath();
        try {
            Files.createSymbolicLink(jars.resolve("puzzle-atlas.jar"), fat);
        } catch (FileAlreadyExistsException madeByAnotherTest) {
            // the same build's jar, linked by another integration test
        }
    }
}
