package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.test.SparkSuite;
import io.puzzleatlas.jobs.test.Unwritable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The publish protocol under concurrent jobs, killed jobs and leftovers. Jobs are stopped at a named point of the
 * protocol through {@link AtomicOutput#hook}; a kill is an {@link Error} that no job code catches, so nothing of the
 * job runs after it (as after {@code kill -9}).
 */
@Tag("slow")
class PublishTest extends SparkSuite {
    @TempDir
    Path tmp;

    /**
     * What a kill leaves: the job stops at once, cleaning nothing up (no job code catches an {@link Error};
     * {@code Main} reports it as an internal error, exit 70, and cleans nothing).
     */
    static final class Killed extends Error {
        private static final long serialVersionUID = 1L;

        Killed(String point) {
            super("killed at " + point);
        }
    }

    @AfterEach
    void resetHook() {
        AtomicOutput.hook = (point, dir) -> {};
    }

    private static int job(Object... args) {
        return Main.run(Arrays.stream(args).map(String::valueOf).toArray(String[]::new));
    }

    /**
     * Runs a job on {@code dir} while another holds its lock, as a job that does not see the lock would (one of a
     * version without it, or one on another host that judged it stale): the lock is moved away while it runs. The
     * publish-time checks are what then keeps the output whole.
     */
    private static int outsideTheLock(Path dir, Object... args) {
        Path lock = dir.resolve(OutputLock.NAME);
        Path away = dir.resolveSibling("lock-moved-away");
        try {
            Files.move(lock, away);
            try {
                return job(args);
            } finally {
                Files.move(away, lock);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A command's exit status and its standard error. */
    private record Run(int status, String err) {
        String line() {
            assertEquals(1, err.lines().count(), () -> "one line on stderr, got:\n" + err);
            return err.strip();
        }
    }

    private static Run captured(Object... args) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Run(job(args), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(stderr);
        }
    }

    private List<Row> sorted(Path dir, String dataset, String by) {
        return spark().read()
                .parquet(dir.resolve(dataset).toString())
                .orderBy(by)
                .collectAsList();
    }

    /** A dataset's rows as a set, without the timing column. */
    private Set<Row> rows(Path dir, String dataset) {
        return new HashSet<>(spark().read()
                .parquet(dir.resolve(dataset).toString())
                .drop("solve_micros")
                .collectAsList());
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void aSecondJobPublishingTheSameDatasetsWithoutOverwriteIsRefusedAtPublishTime() throws IOException {
        Path dir = tmp.resolve("out");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 2, "--output", reference));
        AtomicInteger other = new AtomicInteger(Integer.MIN_VALUE);
        // The first job passed its start check; before it publishes, another job writes the same output.
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("before-publish") && other.get() == Integer.MIN_VALUE) {
                other.set(-1);
                other.set(outsideTheLock(
                        dir, "generate", "--puzzle", "magic-board", "--random", 50, "--seed", 2, "--output", dir));
            }
        };
        int first = job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 1, "--output", dir);
        assertEquals(0, other.get(), "the job that published first succeeds");
        assertEquals(ExitCode.REFUSED.code(), first, "the later job is refused, not published over the earlier one");
        assertEquals(
                sorted(reference, "instances", "instance_id"),
                sorted(dir, "instances", "instance_id"),
                "the earlier job's dataset is intact");
        assertEquals(List.of("instances"), names(dir), "no staging or journal left");
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal-written", "aside:histogram", "renamed:results", "renamed:errors"})
    void aKillDuringAnOverwritePublishLeavesAllOldOrAllNewOnceTheOutputIsOpenedAgain(String killPoint)
            throws IOException {
        Path dir = tmp.resolve("out");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 2, "--output", reference));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        AtomicOutput.hook = (point, d) -> {
            if (point.equals(killPoint)) {
                throw new Killed(point);
            }
        };
        assertEquals(
                ExitCode.INTERNAL.code(),
                job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 2, "--output", dir, "--overwrite"),
                "the kill ends the job at once");
        resetHook();
        // Any later job on the output finishes (or undoes) the interrupted publish first.
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(reference, dataset), rows(dir, dataset), dataset + " of the same (new) run");
        }
        assertEquals(
                Files.readString(reference.resolve("chart/histogram.svg")),
                Files.readString(dir.resolve("chart/histogram.svg")),
                "chart");
        assertEquals(
                List.of("chart", "errors", "histogram", "instances", "results"),
                names(dir),
                "no staging or journal left");
    }

    /**
     * A publish that fails half-way (here: setting the old errors aside fails after results and histogram were moved
     * in, as when DIR/errors is not writable) is undone: every dataset is the old run's, nothing of the new run is
     * left, and the next job sees a clean directory. Before, the staging directory holding the old datasets was deleted
     * and the next job "finished" a torn output: new results and histogram beside old errors and chart.
     */
    @ParameterizedTest
    @ValueSource(strings = {"aside:errors", "renamed:histogram", "aside:results"})
    void aPublishThatFailsHalfWayIsUndoneCompletely(String failPoint) throws IOException {
        Path dir = tmp.resolve("out");
        Path old = tmp.resolve("old");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", old));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        AtomicOutput.hook = (point, d) -> {
            if (point.equals(failPoint)) {
                throw new UncheckedIOException(new IOException("could not rename (permission denied)"));
            }
        };
        assertEquals(
                ExitCode.REFUSED.code(),
                job("solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite"));
        resetHook();
        assertEquals(List.of("chart", "errors", "histogram", "results"), names(dir), "no staging or journal left");
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(old, dataset), rows(dir, dataset), dataset + " of the old run");
        }
        assertEquals(
                Files.readString(old.resolve("chart/histogram.svg")),
                Files.readString(dir.resolve("chart/histogram.svg")));
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        assertEquals(rows(old, "results"), rows(dir, "results"), "the next job finds nothing to finish");
    }

    /**
     * What Hadoop's local rename does when rename(2) is refused: it copies the directory, and the copy fails part-way
     * (here after one file), leaving a partial copy of the old histogram aside while the old one is still in place. The
     * publish is undone whole, the partial copy recognised and removed; the next job finds nothing to finish and a
     * later publish works. Before, the undo failed ("... both exist") and every later command was refused.
     */
    @Test
    void aRenameThatCopiedPartOfADatasetBeforeFailingIsUndoneWhole() throws IOException {
        Path dir = tmp.resolve("out");
        Path old = tmp.resolve("old");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", old));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", reference));
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("before-aside:histogram")) {
                copyPartOf(dir.resolve("histogram"));
                throw new UncheckedIOException(new IOException("Operation not permitted"));
            }
        };
        Run failed = captured(
                "solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite");
        resetHook();
        assertEquals(ExitCode.REFUSED.code(), failed.status());
        Assertions.assertTrue(failed.line().contains("failed (Operation not permitted); it was undone"), failed.err());
        assertEquals(
                List.of("chart", "errors", "histogram", "results"), names(dir), "no staging, journal or lock left");
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(old, dataset), rows(dir, dataset), dataset + " of the old run");
        }
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        assertEquals(rows(old, "histogram"), rows(dir, "histogram"), "the next job finds nothing to finish");
        assertEquals(
                0,
                job("solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite"));
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(reference, dataset), rows(dir, dataset), dataset + " of the later publish");
        }
    }

    /**
     * The state that rename leaves when the job is killed right after it (or, before, whenever its undo failed): the
     * old histogram in place, a partial copy of it aside, the new one staged. The next job recognises the partial copy
     * and finishes the publish: all new. Before, every command was refused ("... both exist; _publishing cannot be
     * finished").
     */
    @Test
    void aPartialCopyLeftBesideTheDatasetItCopiesIsRecognisedWhenThePublishIsFinished() throws IOException {
        Path dir = tmp.resolve("out");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 2, "--output", reference));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("before-aside:histogram")) {
                copyPartOf(dir.resolve("histogram"));
                throw new Killed(point);
            }
        };
        assertEquals(
                ExitCode.INTERNAL.code(),
                job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 2, "--output", dir, "--overwrite"),
                "the kill ends the job at once");
        resetHook();
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(reference, dataset), rows(dir, dataset), dataset + " of the same (new) run");
        }
        assertEquals(
                List.of("chart", "errors", "histogram", "instances", "results"),
                names(dir),
                "no staging or journal left");
    }

    /**
     * A publish fails half-way and its undo fails too (the old histogram cannot be put back): one line, status 3, and
     * the journal is kept, marked for undoing. Once the cause is gone, the next command finishes the undo, not the
     * publish: every dataset is the old run's. Before, the next command rolled the failed job's publish forward.
     */
    @Test
    void anUndoThatFailsTooIsFinishedByTheNextCommand() throws IOException {
        Path dir = tmp.resolve("out");
        Path old = tmp.resolve("old");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", old));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("renamed:histogram") || point.equals("before-restore:histogram")) {
                throw new UncheckedIOException(new IOException("Input/output error at " + point));
            }
        };
        Run failed = captured(
                "solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite");
        resetHook();
        assertEquals(ExitCode.REFUSED.code(), failed.status());
        String line = failed.line();
        Assertions.assertTrue(
                line.contains(
                        "failed (Input/output error at renamed:histogram) and undoing it failed too (Input/output "
                                + "error at before-restore:histogram); the next command on file:" + dir
                                + " finishes undoing it"),
                line);
        Assertions.assertTrue(Files.exists(dir.resolve("_publishing")), "the journal is kept");
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(old, dataset), rows(dir, dataset), dataset + " of the old run");
        }
        assertEquals(
                Files.readString(old.resolve("chart/histogram.svg")),
                Files.readString(dir.resolve("chart/histogram.svg")));
        assertEquals(
                List.of("chart", "errors", "histogram", "instances", "results"),
                names(dir),
                "no staging or journal left");
    }

    /**
     * The real thing: a histogram directory the job may not move ({@code chattr +i} as root, {@code chmod a-w}
     * otherwise). The rename fails without copying anything, the publish is undone whole, the line names the dataset
     * and the reason; once the directory may be moved again, the same publish works. Before: status 3 with a line cut
     * at 500 characters, the new results beside the old histogram, and every later command refused.
     */
    @Test
    void aDatasetThatCannotBeMovedFailsThePublishWholeInOneShortLine() throws Exception {
        Path dir = tmp.resolve("out");
        Path old = tmp.resolve("old");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", old));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 40, "--seed", 1, "--output", dir));
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", reference));
        Path histogram = dir.resolve("histogram");
        assumeTrue(Unwritable.lock(histogram), "needs chattr +i (as root) or chmod a-w (as another user)");
        Run failed;
        try {
            failed = captured(
                    "solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite");
        } finally {
            Unwritable.unlock(histogram);
        }
        assertEquals(ExitCode.REFUSED.code(), failed.status(), failed.err());
        String line = failed.line();
        Assertions.assertTrue(
                line.startsWith(
                        "solve: publishing into file:" + dir + " failed (cannot set file:" + histogram + " aside ("),
                line);
        Assertions.assertTrue(
                line.endsWith("); it was undone: every dataset is as it was before this job") && line.length() < 300,
                line);
        assertEquals(
                List.of("chart", "errors", "histogram", "results"), names(dir), "no staging, journal or lock left");
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(old, dataset), rows(dir, dataset), dataset + " of the old run");
        }
        assertEquals(
                0,
                job("solve", "--puzzle", "magic-board", "--random", 60, "--seed", 2, "--output", dir, "--overwrite"));
        for (String dataset : List.of("results", "histogram", "errors")) {
            assertEquals(rows(reference, dataset), rows(dir, dataset), dataset + " of the publish once it can move");
        }
    }

    /**
     * A second job on an output while the first still runs (here: about to publish) is refused at once, in one line
     * naming the lock and the job holding it; the first publishes unharmed.
     */
    @Test
    void aSecondJobIsRefusedWhileTheFirstHoldsTheOutput() throws IOException {
        Path dir = tmp.resolve("out");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 1, "--output", reference));
        Run[] second = new Run[1];
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("before-publish") && second[0] == null) {
                second[0] = captured("solve", "--puzzle", "magic-board", "--random", 5, "--output", dir, "--overwrite");
            }
        };
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 1, "--output", dir));
        resetHook();
        assertEquals(ExitCode.REFUSED.code(), second[0].status(), second[0].err());
        String line = second[0].line();
        Assertions.assertTrue(line.startsWith("solve: file:" + dir.resolve("_lock") + ": job generate-"), line);
        Assertions.assertTrue(
                line.endsWith("(process " + ProcessHandle.current().pid() + " on " + JobOwner.HOST
                        + ") is writing into file:" + dir + "; run again when it has finished"),
                line);
        assertEquals(sorted(reference, "instances", "instance_id"), sorted(dir, "instances", "instance_id"));
        assertEquals(List.of("instances"), names(dir), "no staging, journal or lock left");
        assertEquals(
                0,
                job("solve", "--puzzle", "magic-board", "--input", dir.resolve("instances"), "--output", dir),
                "the lock went with the publish");
    }

    /**
     * Copies the first file of {@code dataset} into the place its publish sets it aside, as a copying rename cut short
     * does.
     */
    private static void copyPartOf(Path dataset) {
        try (Stream<Path> stagings = Files.list(dataset.getParent())) {
            Path staging = stagings.filter(p -> p.getFileName().toString().startsWith("_staging-"))
                    .findFirst()
                    .orElseThrow();
            Path aside = Files.createDirectories(staging.resolve("_replaced").resolve(dataset.getFileName()));
            try (Stream<Path> files = Files.list(dataset)) {
                Path first = files.filter(p -> p.getFileName().toString().startsWith("part-"))
                        .sorted()
                        .findFirst()
                        .orElseThrow();
                byte[] bytes = Files.readAllBytes(first);
                Files.write(aside.resolve(first.getFileName()), Arrays.copyOf(bytes, bytes.length / 2));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aJobKilledBeforeItsPublishTimeCheckIsRolledBackAndTheOtherJobsDatasetKept() throws IOException {
        Path dir = tmp.resolve("out");
        Path reference = tmp.resolve("reference");
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 2, "--output", reference));
        AtomicInteger other = new AtomicInteger(Integer.MIN_VALUE);
        AtomicOutput.hook = (point, d) -> {
            if (point.equals("before-publish") && other.get() == Integer.MIN_VALUE) {
                other.set(-1);
                other.set(outsideTheLock(
                        dir, "generate", "--puzzle", "magic-board", "--random", 50, "--seed", 2, "--output", dir));
            } else if (point.equals("journal-written") && other.get() == 0) {
                throw new Killed(point);
            }
        };
        assertEquals(
                ExitCode.INTERNAL.code(),
                job("generate", "--puzzle", "magic-board", "--random", 50, "--seed", 1, "--output", dir),
                "the kill ends the job at once");
        resetHook();
        Assertions.assertTrue(Files.exists(dir.resolve("_publishing")), "the killed job's journal is left");
        assertEquals(0, job("solve", "--puzzle", "magic-board", "--input", dir.resolve("instances"), "--output", dir));
        assertEquals(
                sorted(reference, "instances", "instance_id"),
                sorted(dir, "instances", "instance_id"),
                "the dataset published first is intact");
        assertEquals(
                List.of("chart", "errors", "histogram", "instances", "results"),
                names(dir),
                "no staging or journal left");
    }

    @Test
    void stagingDirectoriesOfDeadOrLongGoneJobsAreRemovedAndLiveOnesKept() throws Exception {
        Path dir = tmp.resolve("out");
        Files.createDirectories(dir);
        String host = InetAddress.getLocalHost().getHostName();
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        Path dead = owned(dir.resolve("_staging-solve-dead"), host, ended.pid());
        Path old = Files.createDirectories(dir.resolve("_staging-generate-old"));
        Files.writeString(old.resolve("part"), "x");
        FileTime twoDaysAgo = FileTime.fromMillis(System.currentTimeMillis() - TimeUnit.DAYS.toMillis(2));
        Files.setLastModifiedTime(old.resolve("part"), twoDaysAgo);
        Files.setLastModifiedTime(old, twoDaysAgo);
        Path elsewhere = owned(dir.resolve("_staging-solve-elsewhere"), "another-host.example", 1);
        assertEquals(0, job("generate", "--puzzle", "magic-board", "--random", 5, "--seed", 9, "--output", dir));
        assertFalse(Files.exists(dead), "staging of a job whose process is gone");
        assertFalse(Files.exists(old), "staging older than a day");
        Assertions.assertTrue(Files.exists(elsewhere), "a recent job on another host may still be running");
    }

    private static Path owned(Path staging, String host, long pid) throws IOException {
        Files.createDirectories(staging);
        Files.writeString(
                staging.resolve("_owner"),
                "host=" + host + "\npid=" + pid + "\njob=test\nstarted=" + System.currentTimeMillis() + "\n",
                StandardCharsets.UTF_8);
        return staging;
    }
}
