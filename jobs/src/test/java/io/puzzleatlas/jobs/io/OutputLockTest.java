package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.RefusedException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The output's lock ({@code DIR/_lock}): held by one job from {@link AtomicOutput#prepare} to the end of its publish or
 * abandon, refused to a second job meanwhile, released whatever ends the job, taken over from a job that is gone, never
 * from one that may still run.
 */
class OutputLockTest {
    private static final long PID = ProcessHandle.current().pid();

    @TempDir
    Path tmp;

    private final Configuration conf = new Configuration();

    private static OutputOptions output(Path dir) {
        OutputOptions o = new OutputOptions();
        o.output = dir.toString();
        return o;
    }

    private AtomicOutput prepare(Path dir, String job) {
        return AtomicOutput.prepare(conf, output(dir), job, "results");
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    private static Path lock(Path dir) {
        return dir.resolve(OutputLock.NAME);
    }

    private static void writeLock(Path dir, String host, long pid, long started) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(
                lock(dir),
                "host=" + host + "\npid=" + pid + "\njob=explore-left\nstarted=" + started + "\n",
                StandardCharsets.UTF_8);
    }

    private void assertRefused(Path dir, String holder) {
        OutputExistsException refused = assertThrows(OutputExistsException.class, () -> prepare(dir, "explore"));
        assertEquals(
                "file:" + lock(dir) + ": " + holder + " is writing into file:" + dir
                        + "; run again when it has finished",
                refused.getMessage());
    }

    @Test
    void aSecondJobIsRefusedWhileTheFirstHoldsTheOutputAndMayStartOnceItHasPublished() throws IOException {
        Path dir = tmp.resolve("out");
        AtomicOutput first = prepare(dir, "solve");
        String holder = "job " + first.staged("x").getParent().getName().substring("_staging-".length()) + " (process "
                + PID + " on " + JobOwner.HOST + ")";
        assertRefused(dir, holder);
        assertEquals(
                List.of("_lock", first.staged("x").getParent().getName()),
                names(dir),
                "the refused job leaves nothing");
        AtomicOutput.recoverForReading(conf, new org.apache.hadoop.fs.Path(dir.toString()));
        assertTrue(Files.exists(lock(dir)), "a reader does not take or break the lock");
        Files.createDirectories(Path.of(first.staged("results").toUri()));
        first.publish();
        assertEquals(List.of("results"), names(dir), "the lock goes with the publish");
        try (AtomicOutput second = AtomicOutput.prepare(conf, output(dir), "explore", "histogram")) {
            assertTrue(Files.exists(lock(dir)));
            second.abandon();
        }
        assertEquals(List.of("results"), names(dir), "and with the abandon");
    }

    @Test
    void theLockIsReleasedWhateverEndsTheJob() throws IOException {
        Path dir = tmp.resolve("out");
        AtomicOutput failing = prepare(dir, "solve");
        assertThrows(
                UncheckedIOException.class,
                () -> failing.publishAfter(o -> {
                    throw new IOException("a stage failed");
                }));
        assertFalse(Files.exists(dir), "stages that throw: nothing is left, not even the directory the job made");
        AtomicOutput stopped = prepare(dir, "explore");
        assertNull(stopped.publishAfter(o -> null));
        assertFalse(Files.exists(dir), "a run stopped early on purpose");
        Files.createDirectories(dir);
        AtomicOutput unfinished = prepare(dir, "explore");
        unfinished.close();
        assertFalse(Files.exists(lock(dir)), "a job that ends without publishing or abandoning");
        try (AtomicOutput next = prepare(dir, "solve")) {
            next.abandon();
        }
        assertEquals(List.of(), names(dir), "the unfinished job's staging directory is anyone's to remove");
    }

    @Test
    void aLockOfAJobWhoseProcessHasEndedIsTakenOver() throws Exception {
        Path dir = tmp.resolve("out");
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        writeLock(dir, JobOwner.HOST, ended.pid(), System.currentTimeMillis());
        try (AtomicOutput out = prepare(dir, "solve")) {
            assertTrue(Files.readString(lock(dir)).contains("pid=" + PID + "\n"), "the lock is this job's now");
            out.abandon();
        }
        assertEquals(List.of(), names(dir));
    }

    @Test
    void aLockOfALiveProcessOrOfARecentJobOnAnotherHostIsKept() throws Exception {
        Path dir = tmp.resolve("out");
        Process alive = new ProcessBuilder("sleep", "infinity").start();
        try {
            // started after its process did: the process id was not reused since
            writeLock(dir, JobOwner.HOST, alive.pid(), System.currentTimeMillis() + TimeUnit.MINUTES.toMillis(1));
            String held = Files.readString(lock(dir));
            assertRefused(dir, "job explore-left (process " + alive.pid() + " on " + JobOwner.HOST + ")");
            assertEquals(held, Files.readString(lock(dir)), "the live job's lock is untouched");
            assertEquals(List.of("_lock"), names(dir));
        } finally {
            alive.destroyForcibly().waitFor();
        }
        prepare(dir, "solve").abandon();
        assertFalse(Files.exists(lock(dir)), "taken over once its process is gone, then released");

        writeLock(dir, "another-host.example", 1, System.currentTimeMillis());
        assertRefused(dir, "job explore-left (process 1 on another-host.example)");
        Files.setLastModifiedTime(
                lock(dir), FileTime.fromMillis(System.currentTimeMillis() - TimeUnit.DAYS.toMillis(2)));
        prepare(dir, "solve").abandon();
        assertEquals(List.of(), names(dir), "a lock from another host older than a day is taken over");
    }

    /** Before: "other jobs are starting in DIR at the same time; run again", three times over, whatever was done. */
    @Test
    void aLockThatIsADirectoryIsRefusedSayingSo() throws IOException {
        Path dir = tmp.resolve("out");
        Files.createDirectories(lock(dir));
        RefusedException refused = assertThrows(RefusedException.class, () -> prepare(dir, "solve"));
        assertEquals(
                "file:" + lock(dir) + ": a directory, not a lock of puzzle-atlas; check file:" + dir + " and remove it",
                refused.getMessage());
        assertEquals(List.of("_lock"), names(dir), "the refused job leaves nothing");
    }

    /**
     * A lock this user cannot read: Hadoop's local file system reports it as a missing file ("(Permission denied)"),
     * which the test's file system does for {@code _lock} (root reads any file). Before: "other jobs are starting".
     */
    @Test
    void anUnreadableLockIsRefusedNamingTheReason() throws IOException {
        Path dir = tmp.resolve("out");
        writeLock(dir, JobOwner.HOST, PID, System.currentTimeMillis());
        Configuration unreadable = new Configuration();
        unreadable.set("fs.file.impl", UnreadableLock.class.getName());
        unreadable.setBoolean("fs.file.impl.disable.cache", true);
        RefusedException refused = assertThrows(
                RefusedException.class, () -> AtomicOutput.prepare(unreadable, output(dir), "solve", "results"));
        assertEquals(
                "file:" + lock(dir) + ": the lock cannot be read (Permission denied); check its permissions, or "
                        + "remove it if no job is writing into file:" + dir,
                refused.getMessage());
        assertEquals(List.of("_lock"), names(dir), "the refused job leaves nothing");
    }

    /** The local file system, where {@code _lock} cannot be opened, as a file without read permission. */
    public static final class UnreadableLock extends RawLocalFileSystem {
        @Override
        public FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize) throws IOException {
            if (f.getName().equals(OutputLock.NAME)) {
                throw new FileNotFoundException(pathToFile(f) + " (Permission denied)");
            }
            return super.open(f, bufferSize);
        }
    }
}
