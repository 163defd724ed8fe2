package io.puzzleatlas.jobs;

import io.puzzleatlas.jobs.spark.ConfFile;
import java.nio.file.Path;
import java.util.List;

/**
 * The training run of the class-data archive that {@code mvn package} writes beside the runnable jar
 * ({@code -XX:ArchiveClassesAtExit}): a few small commands in one JVM, so that the archive holds the classes of both
 * engines. The local engine's (the README's command, a one-board answer, an in-core explore) and Spark's (a solve with
 * {@code --engine spark}: about 10,000 more classes, from Spark, Scala and Hadoop). A JVM that maps the archive parses
 * and verifies none of them again: a 200-board solve with {@code --engine spark} starts in about 4 CPU-s less
 * (docs/benchmarks.md). Not a command: {@code java -cp puzzle-atlas.jar io.puzzleatlas.jobs.ClassDataTraining DIR}.
 */
public final class ClassDataTraining {
    private ClassDataTraining() {}

    /** Runs the training commands with their outputs under {@code args[0]}; exits 1 if one fails. */
    public static void main(String[] args) {
        String dir = Path.of(args[0]).toAbsolutePath().toString();
        ConfFile.configureLogging();
        List<List<String>> commands = List.of(
                List.of("solve", "--puzzle", "eight-puzzle", "--all", "--output", dir + "/local", "--overwrite"),
                List.of("solve", "--puzzle", "eight-puzzle", "--board", "8 1 3 4 0 2 7 6 5"),
                List.of("explore", "--puzzle", "sliding-2x3", "--output", dir + "/explore", "--overwrite"),
                List.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--random",
                        "100",
                        "--engine",
                        "spark",
                        "--output",
                        dir + "/spark",
                        "--overwrite"));
        for (List<String> command : commands) {
            int status = Main.run(Switches.fromSystem().inOwnJvm(), command.toArray(String[]::new));
            if (status != ExitCode.OK.code()) {
                System.err.println("class-data training: " + String.join(" ", command) + ": exit status " + status);
                System.exit(1);
            }
        }
        System.exit(0);
    }
}
