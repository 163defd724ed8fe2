package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.search.SolverSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code solve --tables URI}: the job's pattern databases are built at most once, on the driver, into the directory the
 * job names; a table an executor cannot get fails the job with the file named, never a silent rebuild on the executor
 * or a fall-back to a weaker search.
 */
class JobTablesTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void missingTablesAreBuiltOnceOnTheDriverIntoTheJobsDirectory() throws Exception {
        Path tables = tmp.resolve("tables");
        CliRun first = CliRun.of(
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--random",
                4,
                "--scramble",
                24,
                "--seed",
                3,
                "--tables",
                tables.toUri(),
                "--output",
                tmp.resolve("a"));
        assertEquals(0, first.status(), first.err());
        Assertions.assertTrue(first.err().contains("building them once, on the driver"), first.err());
        assertEquals(
                List.of(
                        "fifteen-puzzle-b15-t1.2.3.4.5.pdb",
                        "fifteen-puzzle-b15-t11.12.13.14.15.pdb",
                        "fifteen-puzzle-b15-t6.7.8.9.10.pdb"),
                names(tables));
        CliRun second = CliRun.of(
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--random",
                4,
                "--scramble",
                24,
                "--seed",
                3,
                "--tables",
                tables.toUri(),
                "--output",
                tmp.resolve("b"));
        assertEquals(0, second.status(), second.err());
        Assertions.assertTrue(!second.err().contains("building"), "ready tables are not built again: " + second.err());
    }

    @Test
    void aTableTheExecutorsCannotGetFailsTheJobNamingTheFile() throws Exception {
        Path tables = tmp.resolve("tables");
        // Goals with the blank in cell 0: the driver prepares the default goal's class (blank in
        // cell 15) only, so the executors find no table for these records and must not build one.
        Path csv = Files.writeString(
                tmp.resolve("blank-first.csv"),
                "start,goal\n" + "1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15,0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
        CliRun run = CliRun.of(
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--input",
                csv,
                "--tables",
                tables.toUri(),
                "--output",
                tmp.resolve("out"));
        assertEquals(3, run.status(), run.err());
        // Progress lines of the driver's build of the default goal's tables come first.
        List<String> lines = run.errLines().stream()
                .filter(l -> !l.isBlank()
                        && !l.startsWith("[Stage")
                        && !l.startsWith("pattern databases missing")
                        && !l.contains("; building fifteen-puzzle pattern"))
                .collect(Collectors.toList());
        assertEquals(1, lines.size(), run.err());
        Assertions.assertTrue(
                lines.get(0).contains("fifteen-puzzle-b0-t") && lines.get(0).contains("tables build"), run.err());
        Assertions.assertTrue(
                names(tables).stream().noneMatch(n -> n.contains("-b0-")), "no blank-first table was built");
    }

    /**
     * A damaged table reached by the Spark tasks fails the job in one line saying what is wrong with which file and
     * what to run. Before: "not built here (building is off on executors and with puzzleatlas.tables.build=false)",
     * though no such setting was given.
     */
    @Test
    void aDamagedTableSaysWhatIsWrongAndWhatToRun() throws Exception {
        Path built = tmp.resolve("built");
        assertEquals(
                0,
                CliRun.of(
                                "solve",
                                "--puzzle",
                                "fifteen-puzzle",
                                "--random",
                                1,
                                "--scramble",
                                10,
                                "--tables",
                                built.toUri(),
                                "--output",
                                tmp.resolve("a"))
                        .status());
        Path tables = Files.createDirectories(tmp.resolve("damaged")); // a directory no cache of this JVM has loaded
        for (String name : names(built)) {
            Files.copy(built.resolve(name), tables.resolve(name));
        }
        Path damaged = tables.resolve("fifteen-puzzle-b15-t1.2.3.4.5.pdb");
        Files.write(damaged, Arrays.copyOf(Files.readAllBytes(damaged), 1000));
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "fifteen-puzzle",
                        "--random",
                        1,
                        "--scramble",
                        10,
                        "--tables",
                        tables.toUri(),
                        "--output",
                        tmp.resolve("b"))
                .expectOneLine(
                        3,
                        "solve: pattern database " + damaged + ": truncated",
                        "Spark tasks never build tables",
                        "rebuild it with 'tables build --puzzle fifteen-puzzle --force', or delete it and run again");
    }

    /**
     * With building off, missing tables are one line that names them and says why they were not built. Before: a first
     * line claiming "building them once, on the driver", then the refusal.
     */
    @Test
    void withBuildingOffMissingTablesAreOneTrueLine() throws Exception {
        Path tables = Files.createDirectories(tmp.resolve("empty"));
        String saved = System.getProperty(SolverSettings.BUILD_PROPERTY);
        System.setProperty(SolverSettings.BUILD_PROPERTY, "false");
        try {
            for (String engine : List.of("local", "spark")) {
                CliRun run = CliRun.of(
                                "solve",
                                "--puzzle",
                                "fifteen-puzzle",
                                "--random",
                                1,
                                "--scramble",
                                10,
                                "--engine",
                                engine,
                                "--tables",
                                tables,
                                "--output",
                                tmp.resolve("o-" + engine))
                        .expectOneLine(
                                3,
                                "solve: pattern databases missing under " + tables + " (fifteen-puzzle-b15-t",
                                "not built, as -D" + SolverSettings.BUILD_PROPERTY + "=false asks",
                                "'tables build --puzzle fifteen-puzzle --tables " + tables + "'");
                Assertions.assertFalse(run.err().contains("building"), run.err());
            }
        } finally {
            restore(SolverSettings.BUILD_PROPERTY, saved);
        }
        assertEquals(List.of(), names(tables));
    }

    /**
     * The local engine searches in this JVM, which rebuilds a damaged table as docs/pattern-databases.md says, in a
     * line naming the file and what was wrong; with building off it refuses, naming both. Before: "Spark tasks never
     * build tables", status 3, from an engine that runs no Spark task.
     */
    @Test
    void theLocalEngineRebuildsADamagedTableNamingIt() throws Exception {
        Path built = tmp.resolve("built");
        assertEquals(
                0,
                CliRun.of("tables", "build", "--puzzle", "fifteen-puzzle", "--partition", "5-5-5", "--tables", built)
                        .status());
        String name = "fifteen-puzzle-b15-t1.2.3.4.5.pdb";
        long size = Files.size(built.resolve(name));
        Path damaged = damagedCopy(built, "damaged", name);
        CliRun run = CliRun.of(
                "solve",
                "--puzzle",
                "fifteen-puzzle",
                "--random",
                1,
                "--scramble",
                10,
                "--engine",
                "local",
                "--tables",
                damaged.getParent(),
                "--output",
                tmp.resolve("a"));
        assertEquals(0, run.status(), run.err());
        assertEquals(1, run.errLines().size(), run.err());
        Assertions.assertTrue(
                run.err().startsWith("pattern database " + damaged + ": truncated")
                        && run.err().contains("; building fifteen-puzzle pattern [1, 2, 3, 4, 5]"),
                run.err());
        assertEquals(size, Files.size(damaged), "rebuilt in place");

        Path refused = damagedCopy(built, "refused", name);
        String saved = System.getProperty(SolverSettings.BUILD_PROPERTY);
        System.setProperty(SolverSettings.BUILD_PROPERTY, "false");
        try {
            CliRun.of(
                            "solve",
                            "--puzzle",
                            "fifteen-puzzle",
                            "--random",
                            1,
                            "--scramble",
                            10,
                            "--engine",
                            "local",
                            "--tables",
                            refused.getParent(),
                            "--output",
                            tmp.resolve("b"))
                    .expectOneLine(
                            3,
                            "solve: pattern database " + refused + ": truncated",
                            "not built, as -D" + SolverSettings.BUILD_PROPERTY + "=false asks",
                            "rebuild it with 'tables build --puzzle fifteen-puzzle --force'");
        } finally {
            restore(SolverSettings.BUILD_PROPERTY, saved);
        }
    }

    /** Before: accepted, every table rebuilt in memory as it could not be written there (7 lines, status 0). */
    @Test
    void aTablesPathThatIsAFileIsRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("tables.txt"), "x");
        for (Path tables : List.of(file, file.resolve("below"))) {
            CliRun.of(
                            "solve",
                            "--puzzle",
                            "fifteen-puzzle",
                            "--random",
                            1,
                            "--scramble",
                            10,
                            "--tables",
                            tables,
                            "--output",
                            tmp.resolve("o"))
                    .expectOneLine(
                            3,
                            "solve: --tables " + tables + (tables.equals(file) ? "" : ": " + file)
                                    + " is a file, not a directory");
        }
    }

    /** A copy of {@code built} in a directory no cache of this JVM has loaded, with {@code name} cut to 1,000 bytes. */
    private Path damagedCopy(Path built, String dir, String name) throws Exception {
        Path tables = Files.createDirectories(tmp.resolve(dir));
        for (String n : names(built)) {
            Files.copy(built.resolve(n), tables.resolve(n));
        }
        Path damaged = tables.resolve(name);
        Files.write(damaged, Arrays.copyOf(Files.readAllBytes(damaged), 1000));
        return damaged;
    }

    private static void restore(String property, String saved) {
        if (saved == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, saved);
        }
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }
}
