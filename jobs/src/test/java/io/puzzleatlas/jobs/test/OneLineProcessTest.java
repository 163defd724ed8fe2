package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.FaultSeam;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Failures in a fresh JVM, as users meet them: Spark starts (or fails to) with the shipped logging configuration, and
 * stderr is still the command's one line, no Spark stack trace. Every wait is for an event (the child's exit, a fault
 * seam's file), bounded only by the tests' hang limit ({@link Hang}): a loaded machine passes.
 */
@Tag("slow")
class OneLineProcessTest {
    @TempDir
    Path tmp;

    private record Outcome(int status, List<String> err) {}

    private Outcome run(String heap, String... args) throws IOException, InterruptedException {
        return run(java(heap, List.of(), args));
    }

    /** The heap in which Spark's driver cannot start. */
    private static final String TOO_SMALL_HEAP = "-Xmx160m";

    /** The command line of a child JVM running the CLI ({@link QuickJvm#mainClassPath}). */
    private static List<String> java(String heap, List<String> properties, String... args) {
        return java(heap, properties, QuickJvm.mainClassPath(), args);
    }

    /** The command line of a child JVM running the CLI from {@code main}: its class path and main class. */
    private static List<String> java(String heap, List<String> properties, List<String> main, String... args) {
        List<String> command = new ArrayList<>();
        command.add(QuickJvm.JAVA);
        command.add(heap);
        if (!heap.equals(TOO_SMALL_HEAP)) {
            command.addAll(QuickJvm.FLAGS); // for speed only; the heap's test keeps the JVM's defaults
        }
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("-Djdk.reflect")) {
                command.add(arg);
            }
        }
        command.addAll(properties);
        command.addAll(main);
        command.addAll(List.of(args));
        return command;
    }

    /** {@code command} run by bash after {@code shell} (e.g. "ulimit -f 2048;"), with {@code redirect} (e.g. "<&-"). */
    private static List<String> inShell(String shell, String redirect, List<String> command) {
        List<String> wrapped = new ArrayList<>(List.of("bash", "-c", shell + " exec \"$@\" " + redirect, "bash"));
        wrapped.addAll(command);
        return wrapped;
    }

    private Outcome run(List<String> command) throws IOException, InterruptedException {
        return outcome(start(command));
    }

    private Process start(List<String> command) throws IOException {
        return new ProcessBuilder(command)
                .redirectOutput(tmp.resolve("out.log").toFile())
                .redirectError(tmp.resolve("err.log").toFile())
                .start();
    }

    /** The child's status once it has exited, and its stderr. */
    private Outcome outcome(Process p) throws IOException, InterruptedException {
        return new Outcome(Hang.exitOf(p), Files.readAllLines(tmp.resolve("err.log")));
    }

    /**
     * Sends SIGTERM to {@code p} once it is held at a fault seam (it wrote {@code pid}), and returns how it ended; a
     * child that ends without reaching the seam fails the test.
     */
    private Outcome terminateWhenHeld(Process p, Path pid, String where) throws IOException, InterruptedException {
        try {
            assertTrue(Hang.awaitFile(pid, p), where + "; else it ended: " + Files.readString(tmp.resolve("err.log")));
            assertTrue(p.toHandle().destroy(), "SIGTERM sent");
            return outcome(p);
        } finally {
            p.destroyForcibly(); // a failed assertion must not leave it held
        }
    }

    private static void assertOneLine(int status, String start, Outcome o) {
        assertEquals(status, o.status(), String.join("\n", o.err()));
        assertEquals(1, o.err().size(), String.join("\n", o.err()));
        assertTrue(o.err().get(0).startsWith(start), o.err().get(0));
    }

    /** Before: Spark's "Error initializing SparkContext" with its stack trace, then status 3. */
    @Test
    void tooSmallAHeapIsOneLineAndTheInternalErrorStatus() throws Exception {
        // Spark's driver does not start in 160 MB (the local engine, without Spark, solves every board in it).
        Outcome o = run(
                TOO_SMALL_HEAP,
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--all",
                "--engine",
                "spark",
                "--output",
                tmp.resolve("o").toString());
        assertEquals(ExitCode.INTERNAL.code(), o.status(), String.join("\n", o.err()));
        assertEquals(1, o.err().size(), String.join("\n", o.err()));
        assertTrue(
                o.err().get(0).startsWith("solve: internal error: too small a heap: "),
                o.err().get(0));
    }

    @Test
    void aRefusedOutputAfterSparkStartedIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        Outcome o = run("-Xmx1g", "generate", "--puzzle", "eight-puzzle", "--random", "5", "--output", file.toString());
        assertEquals(ExitCode.REFUSED.code(), o.status(), String.join("\n", o.err()));
        assertEquals(List.of("generate: --output " + file + ": file:" + file + " is a file, not a directory"), o.err());
    }

    /**
     * A full device in the middle of the spark engine's write (a seam throws the operating system's "No space left on
     * device" from inside a task): one line naming what was being written, status 3, and no staging directory left.
     * Before: status 3 with the bare reason and no path, the progress bar before it, and a {@code _staging-*} directory
     * left behind.
     */
    @Test
    void aFullDeviceNamesThePathAndLeavesNoStaging() throws Exception {
        Path out = tmp.resolve("full");
        Outcome o = run(java(
                "-Xmx1g",
                List.of("-D" + FaultSeam.FULL_PROPERTY + "=solve-write"),
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--random",
                "2000",
                "--engine",
                "spark",
                "--output",
                out.toString()));
        assertOneLine(ExitCode.REFUSED.code(), "solve: cannot write file:" + out + "/_staging-solve-", o);
        assertTrue(
                o.err().get(0).contains(": no space left on device; nothing was published"),
                o.err().get(0));
        assertFalse(Files.exists(out), "no staging directory is left, nor the output directory the job made");
    }

    /**
     * Under a file-size limit the JVM ignores SIGXFSZ and its write fails with "File too large": status 3 (as a full
     * disk) and one line naming the dataset. Before: status 70 with Spark's "Job aborted due to stage failure" text.
     * The limit (2 MB) is above the 1 MB native library that Parquet's zstd unpacks first, below the one Parquet file
     * of 600,000 instances (4 MB).
     */
    @Test
    void aFileSizeLimitIsRefusedNamingTheDataset() throws Exception {
        Path out = tmp.resolve("limited");
        Outcome o = run(inShell(
                "ulimit -f 2048;",
                "",
                java(
                        "-Xmx1g",
                        List.of(),
                        "generate",
                        "--puzzle",
                        "eight-puzzle",
                        "--random",
                        "600000",
                        "--partitions",
                        "1",
                        "--output",
                        out.toString())));
        assertOneLine(ExitCode.REFUSED.code(), "generate: cannot write file:" + out + "/_staging-generate-", o);
        assertTrue(
                o.err().get(0).contains("/instances: the file-size limit was reached (File too large; see ulimit -f)"),
                o.err().get(0));
        assertFalse(Files.exists(out), "the output directory the job made is removed with its staging directory");
    }

    /**
     * Exit-3 failures after Spark ran, and after the project logged: stderr is the one line, no progress bar or INFO.
     */
    @Test
    void refusalsAfterProgressLinesAreOneLineOnStderr() throws Exception {
        Path out = tmp.resolve("o");
        Path stale = Files.createDirectories(out.resolve("_staging-solve-old"));
        Files.setLastModifiedTime(stale, FileTime.fromMillis(0));
        Files.createDirectories(out.resolve("results"));
        // the stale staging directory is removed (an INFO line) before the existing dataset is refused
        Outcome o = run(
                "-Xmx1g",
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--random",
                "20",
                "--engine",
                "spark",
                "--output",
                out.toString());
        assertOneLine(ExitCode.REFUSED.code(), "solve: file:" + out.resolve("results") + " already exists", o);
        // explore logs its levels, then refuses the output that holds an earlier run's checkpoint
        Path explored = tmp.resolve("e");
        Files.createDirectories(explored.resolve("_explore-checkpoint/level-003"));
        o = run("-Xmx1g", "explore", "--puzzle", "sliding-2x3", "--engine", "spark", "--output", explored.toString());
        assertOneLine(ExitCode.REFUSED.code(), "explore: ", o);
        assertTrue(
                o.err().get(0).contains("pass --resume to continue it or --overwrite to discard it"),
                o.err().get(0));
    }

    /**
     * Spark's start-up failures in a fresh JVM, where Spark really starts (or would): one line naming the setting or
     * the URL, with nothing of Spark's before it. {@code FILE} stands for a regular file, {@code PORT} for a loopback
     * port nothing listens on. Where {@code beforeSpark}, the seam {@link SparkSessions#START_POINT} fails the child if
     * it gets as far as starting Spark: the setting is refused by the checks, before any retries. Before: a local
     * directory under a file ended the JVM with Spark's status 53 after 13 log lines; an unreachable master took a
     * minute and 7 lines; {@code yarn} without HADOOP_CONF_DIR (this class path has Spark's YARN client) retried the
     * ResourceManager at 0.0.0.0:8032; a listener class that does not exist was "internal error: bogus.Listener"
     * (status 70); a {@code local-cluster} whose workers are smaller than an executor "internal error: Asked to launch
     * cluster with 700 MiB/worker but requested 1024 MiB/executor" (status 70).
     */
    @ParameterizedTest
    @MethodSource("startFailures")
    void sparkStartFailuresAreOneLineNamingTheSetting(
            List<String> options, boolean beforeSpark, int status, String line) throws Exception {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        String port = String.valueOf(closedPort());
        List<String> args = new ArrayList<>(List.of(
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--random",
                "5",
                "--output",
                tmp.resolve("o").toString()));
        options.forEach(o -> args.add(o.replace("FILE", file.toString()).replace("PORT", port)));
        List<String> seam = beforeSpark
                ? List.of("-D" + FaultSeam.STOP_PROPERTY + "=" + SparkSessions.START_POINT + ":1")
                : List.of();
        // Spark's YARN client is on the test class path, not in the runnable jar
        List<String> main = options.stream().anyMatch(o -> o.endsWith("yarn"))
                ? QuickJvm.testClassPath()
                : QuickJvm.mainClassPath();
        Outcome o = run(inShell(
                "unset HADOOP_CONF_DIR YARN_CONF_DIR;", "", java("-Xmx1g", seam, main, args.toArray(String[]::new))));
        assertOneLine(status, line.replace("FILE", file.toString()).replace("PORT", port), o);
        assertFalse(Files.exists(tmp.resolve("o")), "nothing solved");
    }

    static Stream<Arguments> startFailures() {
        int usage = ExitCode.USAGE.code();
        int refused = ExitCode.REFUSED.code();
        return Stream.of(
                Arguments.of(
                        List.of("--conf", "spark.local.dir=FILE/l"),
                        true,
                        refused,
                        "solve: --conf spark.local.dir=FILE/l: FILE is a file, not a directory"),
                Arguments.of(
                        List.of("--master", "spark://127.0.0.1:PORT"),
                        true,
                        refused,
                        "solve: --master spark://127.0.0.1:PORT: cannot reach the master at 127.0.0.1:PORT "
                                + "(connection refused)"),
                Arguments.of(
                        List.of("--master", "yarn"),
                        true,
                        refused,
                        "solve: --master yarn: neither HADOOP_CONF_DIR nor YARN_CONF_DIR is set"),
                Arguments.of(
                        List.of("--conf", "spark.master=yarn"),
                        true,
                        refused,
                        "solve: --conf spark.master=yarn: neither HADOOP_CONF_DIR nor YARN_CONF_DIR is set"),
                Arguments.of(
                        List.of("--conf", "spark.extraListeners=bogus.Listener"),
                        false,
                        usage,
                        "solve: --conf spark.extraListeners=bogus.Listener: class bogus.Listener not found on "
                                + "the class path"),
                Arguments.of(
                        List.of("--master", "local-cluster[2,1,700]"),
                        false,
                        usage,
                        "solve: --master local-cluster[2,1,700]: a worker's 700 MiB cannot hold an executor of 1024 "
                                + "MiB, spark.executor.memory (not set: Spark's default, 1g); give the workers at "
                                + "least 1024 MiB or the executors less (--conf spark.executor.memory)"));
    }

    /** A loopback port that was free a moment ago: nothing listens there. */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /**
     * A table directory this user cannot read is refused in one line. Before: every table looked missing, was built
     * again and, unwritable there, used from memory (exit 0, a line per table). Root reads any directory, so as root
     * the child runs without the capabilities that let it (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), where the mode bits
     * apply to it too.
     */
    @Test
    void anUnreadableTablesDirectoryIsRefused() throws Exception {
        Path tables = Files.createDirectories(tmp.resolve("tables"));
        Files.setPosixFilePermissions(tables, PosixFilePermissions.fromString("---------"));
        try {
            List<String> command = java(
                    "-Xmx1g",
                    List.of("-D" + SolverSettings.MAX_PATTERN_PROPERTY + "=5"),
                    "solve",
                    "--puzzle",
                    "fifteen-puzzle",
                    "--random",
                    "1",
                    "--scramble",
                    "10",
                    "--tables",
                    tables.toString(),
                    "--output",
                    tmp.resolve("o").toString());
            if (Files.isReadable(tables)) { // root, with its capabilities
                List<String> dropped =
                        new ArrayList<>(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search"));
                dropped.addAll(command);
                command = dropped;
            }
            Outcome o = run(command);
            assertOneLine(
                    ExitCode.REFUSED.code(),
                    "solve: --tables " + tables + ": the directory cannot be read (permission denied)",
                    o);
        } finally {
            Files.setPosixFilePermissions(tables, PosixFilePermissions.fromString("rwx------"));
        }
        try (Stream<Path> left = Files.list(tables)) {
            assertEquals(0, left.count(), "no table built");
        }
    }

    /** Before: judge read the JVM's own module image as descriptor 0 and reported "bad input at token 1", status 2. */
    @Test
    void judgeWithStandardInputClosedSaysSo() throws Exception {
        Outcome o = run(inShell("", "<&-", java("-Xmx256m", List.of(), "judge", "magic-board")));
        assertOneLine(ExitCode.REFUSED.code(), "judge: standard input cannot be read (it is closed", o);
    }

    /**
     * SIGTERM while explore's driver is held just after checkpointing level 5 (a seam, no sleeps): the line says it was
     * stopped and gives the command that continues it, with the JVM's status for SIGTERM. Before: nothing, or "internal
     * error: SparkContext has been shutdown".
     */
    @Test
    void sigtermDuringExploreSaysHowToResume() throws Exception {
        Path seam = Files.createDirectories(tmp.resolve("seam"));
        Path out = tmp.resolve("x");
        List<String> args = List.of(
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--start-in-driver",
                "0",
                "--checkpoint-every",
                "1",
                "--output",
                out.toString());
        Process p = start(java(
                "-Xmx1g",
                List.of("-D" + FaultSeam.PROPERTY + "=explore-checkpoint-5=" + seam),
                args.toArray(String[]::new)));
        Outcome o =
                terminateWhenHeld(p, seam.resolve("explore-checkpoint-5.pid"), "held after the checkpoint of level 5");
        assertOneLine(
                ExitCode.INTERRUPTED.code(), "explore: stopped by a signal (SIGTERM or Ctrl-C) before the end", o);
        assertTrue(
                o.err()
                        .get(0)
                        .endsWith("the last checkpoint is kept: continue with: puzzle-atlas " + String.join(" ", args)
                                + " --resume"),
                o.err().get(0));
        assertTrue(Files.isDirectory(out.resolve("_explore-checkpoint/level-005")), "the checkpoint is kept");
    }

    /**
     * SIGTERM of a command that can checkpoint, before any checkpoint exists: the line does not promise one (before:
     * "the last checkpoint is kept: continue with --resume").
     */
    @Test
    void sigtermBeforeAnyCheckpointSaysToRunAgain() throws Exception {
        Path seam = Files.createDirectories(tmp.resolve("seam"));
        Process p = start(java(
                "-Xmx512m",
                List.of("-D" + FaultSeam.PROPERTY + "=solve-stages=" + seam),
                "solve",
                "--puzzle",
                "eight-puzzle",
                "--random",
                "10",
                "--engine",
                "local",
                "--output",
                tmp.resolve("o").toString()));
        Outcome o = terminateWhenHeld(p, seam.resolve("solve-stages.pid"), "held in the stages");
        assertOneLine(ExitCode.INTERRUPTED.code(), "solve: stopped by a signal (SIGTERM or Ctrl-C) before the end", o);
        assertTrue(
                o.err().get(0).endsWith("no checkpoint was written yet: run the command again"),
                o.err().get(0));
    }
}
