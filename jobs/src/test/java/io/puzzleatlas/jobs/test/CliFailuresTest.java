package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every failure is one stderr line naming the file or option and the reason, with the documented exit status
 * (docs/cli.md), and a stack trace only with --debug. Before, each of these printed 14-400 lines of stack trace and/or
 * the wrong status.
 */
class CliFailuresTest extends SparkSuite {
    private static final int USAGE = ExitCode.USAGE.code();
    private static final int REFUSED = ExitCode.REFUSED.code();

    @TempDir
    Path tmp;

    private Path boards() throws IOException {
        return Files.writeString(tmp.resolve("boards.csv"), "1 2 3 4 5 6 7 0 8\n");
    }

    @Test
    void outputUnderARegularFileIsRefused() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", boards(), "--output", file.resolve("out"))
                .expectOneLine(REFUSED, "solve: --output " + file.resolve("out"), "is a file, not a directory");
        CliRun.of("generate", "--puzzle", "eight-puzzle", "--random", 5, "--output", file)
                .expectOneLine(REFUSED, "generate: --output " + file, "is a file, not a directory");
    }

    @Test
    void unwritableOutputIsRefusedBeforeAnyWork() throws IOException {
        assumeTrue(
                Files.isDirectory(Path.of("/proc/self")),
                "needs /proc, where nobody, root included, can create a directory");
        CliRun run = CliRun.of(
                "solve", "--puzzle", "eight-puzzle", "--input", boards(), "--output", "/proc/self/puzzle-atlas-out");
        run.expectOneLine(REFUSED, "solve: --output /proc/self/puzzle-atlas-out: cannot create");
        assertEquals("", run.out(), "nothing solved, nothing reported");
        CliRun.of("atlas", "--puzzle", "magic-board", "--output", "/proc/self/puzzle-atlas-out")
                .expectOneLine(REFUSED, "atlas: --output /proc/self/puzzle-atlas-out: cannot create");
    }

    /**
     * An atlas space whose dataset exists is refused before its search, not when the search is done (the 2x7's takes 46
     * minutes): a search that ran would stop after --max-levels 1 with status 4 and leave a checkpoint.
     */
    @Test
    void anExistingAtlasSpaceIsRefusedBeforeItsSearch() throws IOException {
        Path existing = Files.createDirectories(tmp.resolve("o/atlas/sliding-2x5-blank-9"));
        Files.writeString(existing.resolve("histogram.csv"), "kept\n");
        CliRun.of("atlas", "--puzzle", "sliding-2x5", "--max-levels", 1, "--output", tmp.resolve("o"))
                .expectOneLine(REFUSED, "atlas: file:" + existing, "already exists; use --overwrite to replace it");
        Assertions.assertFalse(
                Files.exists(tmp.resolve("o/_atlas-checkpoint/sliding-2x5-blank-9")), "no search, no checkpoint");
        assertEquals("kept\n", Files.readString(existing.resolve("histogram.csv")));
    }

    /** Before: "cannot create or write ... (permission denied or a read-only file system)". */
    @Test
    void aDanglingSymbolicLinkOutputNamesItsTarget() throws IOException {
        Path link = Files.createSymbolicLink(tmp.resolve("out"), tmp.resolve("gone"));
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", boards(), "--output", link)
                .expectOneLine(
                        REFUSED,
                        "solve: --output " + link + ": " + link + " is a dangling symbolic link to "
                                + tmp.resolve("gone") + ", which does not exist");
    }

    @Test
    void zeroPartitionsIsAUsageError() throws IOException {
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--partitions",
                        0)
                .expectOneLine(USAGE, "solve: --partitions must be at least 1, not 0");
        CliRun.of(
                        "generate",
                        "--puzzle",
                        "eight-puzzle",
                        "--random",
                        5,
                        "--output",
                        tmp.resolve("o"),
                        "--partitions",
                        0)
                .expectOneLine(USAGE, "generate: --partitions must be at least 1, not 0");
        CliRun.of("explore", "--puzzle", "sliding-2x3", "--output", tmp.resolve("o"), "--partitions", 0)
                .expectOneLine(USAGE, "explore: --partitions must be at least 1, not 0");
    }

    @Test
    void aColonInAFileNameIsOneLine() throws IOException {
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", "a:b.csv", "--output", tmp.resolve("o"))
                .expectOneLine(USAGE, "solve: --input 'a:b.csv' is not a valid path", "':'");
        CliRun.of("generate", "--puzzle", "eight-puzzle", "--random", 5, "--output", "out:1")
                .expectOneLine(USAGE, "generate: --output 'out:1' is not a valid path", "':'");
        Path dir = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(dir.resolve("a:b.csv"), "1 2 3 4 5 6 7 0 8\n");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", dir, "--output", tmp.resolve("o"))
                .expectOneLine(REFUSED, "solve: --input " + dir, "'a:b.csv' contains ':'", "rename it");
    }

    /**
     * A definition file whose name holds ':' is refused before the atlas searches (its datasets are named after it).
     * Before: the whole search ran (here it would stop after --max-levels 1 with status 4), then a raw
     * URISyntaxException.
     */
    @Test
    void aColonInADefinitionFileNameIsRefusedBeforeTheAtlas() throws IOException {
        Path definition = Files.copy(Path.of("../data/puzzles/lrx9.json"), tmp.resolve("x:y.json"));
        CliRun.of("atlas", "--puzzle", definition, "--max-levels", 1, "--output", tmp.resolve("o"))
                .expectOneLine(
                        REFUSED,
                        "atlas: definition file x:y.json: the atlas names its datasets after the puzzle "
                                + "(atlas/x:y-generators), and Hadoop paths cannot hold ':' in a name; "
                                + "rename the file");
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "no search, no checkpoint");
    }

    @Test
    void aBogusMasterIsAUsageError() throws IOException {
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--master",
                        "bogus://x")
                .expectOneLine(USAGE, "solve: --master 'bogus://x' is not a Spark master URL");
    }

    @Test
    void aSparkSettingOfTheWrongTypeIsAUsageError() throws IOException {
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.sql.shuffle.partitions=abc")
                .expectOneLine(USAGE, "solve: --conf spark.sql.shuffle.partitions=abc:", "int");
        CliRun.of(
                        "generate",
                        "--puzzle",
                        "eight-puzzle",
                        "--random",
                        5,
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.task.maxFailures=abc")
                .expectOneLine(USAGE, "generate: --conf spark.task.maxFailures=abc:");
        Assertions.assertFalse(Files.exists(tmp.resolve("o").resolve("instances")));
    }

    /** Before: taken as the setting "noequals" with an empty value, and the job ran. */
    @Test
    void aConfWithoutEqualsIsAUsageError() throws IOException {
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "noequals")
                .expectOneLine(
                        USAGE, "solve: --conf 'noequals': expected KEY=VALUE", "(see: puzzle-atlas solve --help)");
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "nothing solved");
    }

    /**
     * The {@code spark.puzzleatlas.*} settings are checked with the command line, before Spark starts. Before: a typo
     * in a key was ignored, and a bad value failed once the search read it ("For input string", status 3) or was read
     * as false.
     */
    @Test
    void ourOwnSparkSettingsAreCheckedBeforeSparkStarts() {
        Map<String, String> refused = new LinkedHashMap<>();
        refused.put("spark.puzzleatlas.explore.batchSeconds=abc", "expected a number of seconds, 0 or more");
        refused.put("spark.puzzleatlas.explore.batchSeconds=-1", "expected a number of seconds, 0 or more");
        refused.put("spark.puzzleatlas.explore.sameHostMarks=yes", "expected true or false");
        refused.put("spark.puzzleatlas.explore.rangeDir=ranges", "expected an absolute path");
        refused.put(
                "spark.puzzleatlas.explore.batchSecond=5",
                "not a setting of Puzzle Atlas; its settings are spark.puzzleatlas.explore.batchSeconds, ");
        for (Map.Entry<String, String> r : refused.entrySet()) {
            CliRun.of(
                            "explore",
                            "--puzzle",
                            "sliding-2x3",
                            "--engine",
                            "spark",
                            "--output",
                            tmp.resolve("o"),
                            "--conf",
                            r.getKey())
                    .expectOneLine(
                            USAGE,
                            "explore: --conf " + r.getKey() + ": " + r.getValue(),
                            "(see: puzzle-atlas explore --help)");
        }
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "nothing explored");
    }

    /**
     * A master URL whose cluster manager is not on the class path, whether given by --master or as spark.master.
     * Before: "internal error: Could not parse Master URL" (status 70) from the runnable jar; here, with the shared
     * session, the URL was ignored.
     */
    @Test
    void aMasterThisBuildCannotRunOnIsAUsageError() throws IOException {
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--master",
                        "k8s://https://h:6443")
                .expectOneLine(
                        USAGE,
                        "solve: --master k8s://https://h:6443: this build cannot run on Kubernetes",
                        "spark-kubernetes",
                        "(see: puzzle-atlas solve --help)");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.master=mesos://h:5050")
                .expectOneLine(USAGE, "solve: --conf spark.master=mesos://h:5050: this build cannot run on Mesos");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.master=bogus")
                .expectOneLine(USAGE, "solve: --conf spark.master 'bogus' is not a Spark master URL");
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "nothing solved");
    }

    /**
     * Settings Spark reads as it starts, checked before: before, a missing serializer class was "internal error:
     * bogus.Serializer" (status 70), an address that does not resolve a bare "UnresolvedAddressException", a local
     * directory under a regular file ended the JVM (status 53) after a dozen log lines; here, with the shared session,
     * each was ignored.
     */
    @Test
    void settingsSparkReadsAsItStartsAreCheckedBeforeIt() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.serializer=bogus.Serializer")
                .expectOneLine(
                        USAGE, "solve: --conf spark.serializer=bogus.Serializer: class bogus.Serializer not found");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.driver.host=256.0.0.1")
                .expectOneLine(REFUSED, "solve: --conf spark.driver.host=256.0.0.1: the address cannot be resolved");
        CliRun.of(
                        "solve",
                        "--puzzle",
                        "eight-puzzle",
                        "--input",
                        boards(),
                        "--output",
                        tmp.resolve("o"),
                        "--conf",
                        "spark.local.dir=" + tmp + "," + file.resolve("l"))
                .expectOneLine(
                        REFUSED,
                        "solve: --conf spark.local.dir=" + tmp + "," + file.resolve("l") + ": " + file
                                + " is a file, not a directory");
        Assertions.assertFalse(Files.exists(tmp.resolve("o")), "nothing solved");
    }

    /**
     * Refused by the checks before Spark starts (the seam {@link SparkSessions#START_POINT} fails the command if it
     * gets there). Before: Spark tried for a minute, logged seven lines and the command ended with status 70.
     */
    @Test
    void anUnreachableStandaloneMasterIsRefusedAtOnce() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort(); // closed again: nothing listens there
        }
        FaultSeam.resetArrivals();
        System.setProperty(FaultSeam.STOP_PROPERTY, SparkSessions.START_POINT + ":1");
        try {
            CliRun.of(
                            "solve",
                            "--puzzle",
                            "eight-puzzle",
                            "--input",
                            boards(),
                            "--output",
                            tmp.resolve("o"),
                            "--master",
                            "spark://127.0.0.1:" + port)
                    .expectOneLine(
                            REFUSED,
                            "solve: --master spark://127.0.0.1:" + port + ": cannot reach the master at 127.0.0.1:"
                                    + port + " (connection refused)");
        } finally {
            System.clearProperty(FaultSeam.STOP_PROPERTY);
            FaultSeam.resetArrivals();
        }
    }

    @Test
    void commandOptionsOutOfRangeAreUsageErrors() {
        CliRun.of("atlas", "--puzzle", "magic-board", "--threads", 0, "--output", tmp.resolve("o"))
                .expectOneLine(USAGE, "atlas: --threads must be at least 1, not 0");
        // Before: "stopped after 1 levels", status 4.
        CliRun.of(
                        "explore",
                        "--puzzle",
                        "sliding-2x3",
                        "--engine",
                        "spark",
                        "--max-levels",
                        0,
                        "--output",
                        tmp.resolve("o"))
                .expectOneLine(USAGE, "explore: --max-levels must be at least 1, not 0");
        CliRun.of("solve", "--puzzle", "eight-puzzle", "--output", tmp.resolve("o"), "--bogus")
                .expectOneLine(USAGE, "solve: ", "--bogus", "(see: puzzle-atlas solve --help)");
    }

    @Test
    void versionOfTheProgramAndOfEveryCommand() {
        for (Object[] args :
                new Object[][] {{"-V"}, {"--version"}, {"solve", "-V"}, {"tables", "build", "--version"}}) {
            CliRun run = CliRun.of(args);
            assertEquals(0, run.status(), run.command());
            Assertions.assertTrue(run.out().startsWith("Puzzle Atlas "), run.command() + ": " + run.out());
        }
    }

    @Test
    void debugAddsTheStackTrace() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        CliRun run = CliRun.of("solve", "--puzzle", "eight-puzzle", "--input", boards(), "--output", file, "--debug");
        assertEquals(REFUSED, run.status());
        Assertions.assertTrue(
                run.errLines().size() > 3
                        && run.errLines().get(0).startsWith("solve: --output ")
                        && run.err().contains("\tat io.puzzleatlas.jobs.io.AtomicOutput"),
                run.err());
        CliRun.of("--debug", "solve", "--puzzle", "eight-puzzle", "--input", boards(), "--output", tmp.resolve("fine"))
                .errLines()
                .forEach(l -> Assertions.assertFalse(l.startsWith("\tat "), l));
    }

    /**
     * {@code report} reads atlas CSVs whose checksum files a copy may have dropped: a histogram cut short, a negative
     * count, a repeated depth and a count past a long are each refused in one line naming the file (before: "radius 9,
     * 420 states" was drawn, or a raw NumberFormatException).
     */
    @Test
    void reportRefusesADamagedAtlasCsvNamingTheFile() throws IOException {
        Path atlas = tmp.resolve("atlas");
        assertEquals(
                0,
                CliRun.of("atlas", "--puzzle", "eight-puzzle", "--output", atlas)
                        .status());
        Path csv = atlas.resolve("atlas")
                .resolve(Files.list(atlas.resolve("atlas"))
                        .findFirst()
                        .orElseThrow()
                        .getFileName())
                .resolve("histogram.csv");
        Files.deleteIfExists(csv.resolveSibling(".histogram.csv.crc"));
        List<String> lines = Files.readAllLines(csv);
        String last = lines.get(lines.size() - 1);
        String prefix = last.substring(0, last.lastIndexOf(',', last.lastIndexOf(',') - 1) + 1); // puzzle,goal,
        Map<String, List<String>> damaged = new LinkedHashMap<>();
        damaged.put("the counts sum to", lines.subList(0, 11));
        List<String> negative = new ArrayList<>(lines);
        negative.set(3, prefix + "2,-3");
        damaged.put("count -3 is not positive", negative);
        List<String> repeated = new ArrayList<>(lines);
        repeated.set(3, lines.get(2));
        damaged.put("depth 1 where depth 2 was expected", repeated);
        List<String> huge = new ArrayList<>(lines);
        huge.set(3, prefix + "2,99999999999999999999");
        damaged.put("count '99999999999999999999' is not a number of states", huge);
        for (Map.Entry<String, List<String>> d : damaged.entrySet()) {
            Files.write(csv, d.getValue());
            CliRun.of("report", "--input", atlas, "--output", tmp.resolve("report"))
                    .expectOneLine(REFUSED, "report: ", csv.getFileName().toString(), d.getKey());
        }
    }
}
