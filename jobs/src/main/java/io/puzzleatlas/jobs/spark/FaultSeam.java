package io.puzzleatlas.jobs.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.TaskContext;

/**
 * A test seam for fault tests: holds a JVM at a named point so that a test can kill exactly that JVM there (an executor
 * in the middle of a task, the driver after a checkpoint), with no sleeps or timing guesses. Armed by the value
 * {@code POINT=DIR}: in a task, the Spark local property {@value #PROPERTY} (set on the driver's thread, it travels
 * with every task of the job); on the driver, the system property of the same name. The first JVM to reach
 * {@code POINT} claims {@code DIR/POINT.claim} (an exclusive create), writes its process id to {@code DIR/POINT.pid}
 * and waits there to be killed, for at most {@link #HOLD_MILLIS} (the tests' hang limit: a loaded machine may take
 * minutes to notice and kill it, and an early release would let the job run on past the point); every later arrival
 * (the retried task, the resumed run) passes straight through. Unarmed, a point costs one property lookup.
 */
public final class FaultSeam {
    public static final String PROPERTY = "puzzleatlas.seam";
    /** The system property naming the point where {@link #diskFull} fails a write, in every JVM that has it. */
    public static final String FULL_PROPERTY = "puzzleatlas.seam.full";
    /**
     * The Spark local property (set on the driver's thread, it travels with the job's tasks) of a number of bytes that
     * {@link #free} reports at most: a disk that looks fuller than it is.
     */
    public static final String FREE_PROPERTY = "puzzleatlas.seam.free";

    static final long HOLD_MILLIS = 30 * 60_000;
    /**
     * The system property {@code POINT:N} that makes {@link #stop} fail the job at the N-th arrival at {@code POINT}.
     */
    public static final String STOP_PROPERTY = "puzzleatlas.seam.stop";

    private static final ConcurrentHashMap<String, AtomicInteger> ARRIVALS = new ConcurrentHashMap<>();
    private static final String FULL_AT = System.getProperty(FULL_PROPERTY);

    private FaultSeam() {}

    /** In a task: holds this executor at {@code point} when the job armed it. */
    public static void task(String point) {
        TaskContext task = TaskContext.get();
        hold(point, task == null ? null : task.getLocalProperty(PROPERTY));
    }

    /** On the driver: holds this JVM at {@code point} when the system property armed it. */
    public static void driver(String point) {
        hold(point, System.getProperty(PROPERTY));
    }

    /**
     * In a write: fails it as a full device does ({@code IOException("No space left on device")}, unchecked) when
     * {@value #FULL_PROPERTY} names {@code point}, as a system property of this JVM or a Spark local property of the
     * task's job; a field test and a property lookup when unarmed.
     */
    public static void diskFull(String point) {
        if (diskFullArmed(point)) {
            throw noSpace();
        }
    }

    /**
     * Whether {@link #diskFull} fails at {@code point} here: a writer of a row at a time asks once for its task, and
     * throws {@link #noSpace} at its first row when armed.
     */
    public static boolean diskFullArmed(String point) {
        TaskContext task = TaskContext.get();
        return point.equals(FULL_AT) || task != null && point.equals(task.getLocalProperty(FULL_PROPERTY));
    }

    /** The failure of a write to a full device, as {@link #diskFull} throws it. */
    public static UncheckedIOException noSpace() {
        return new UncheckedIOException(new IOException("No space left on device"));
    }

    /**
     * In a task: the free bytes of a disk as this seam lets them be seen, {@code actual} or the value of the local
     * property {@value #FREE_PROPERTY} when it is smaller.
     */
    public static long free(long actual) {
        TaskContext task = TaskContext.get();
        String armed = task == null ? null : task.getLocalProperty(FREE_PROPERTY);
        return armed == null ? actual : Math.min(actual, Long.parseLong(armed));
    }

    /**
     * On the driver, or in a task of local mode (a thread of the driver's JVM): fails there, as a crash would (an
     * {@link IllegalStateException}), at the N-th arrival at {@code point} when {@value #STOP_PROPERTY} is
     * {@code POINT:N}; tests of a resume or a recovery run in the test's own JVM with it. Unarmed, one property lookup.
     */
    public static void stop(String point) {
        String armed = System.getProperty(STOP_PROPERTY);
        if (armed == null || !armed.startsWith(point + ":")) {
            return;
        }
        int n = Integer.parseInt(armed.substring(point.length() + 1));
        if (ARRIVALS.computeIfAbsent(armed, k -> new AtomicInteger()).incrementAndGet() == n) {
            throw new IllegalStateException("stopped at fault seam " + armed);
        }
    }

    /** Forgets the arrivals {@link #stop} counted: for a test that arms the same point again in this JVM. */
    public static void resetArrivals() {
        ARRIVALS.clear();
    }

    private static void hold(String point, String armed) {
        if (armed == null) {
            return;
        }
        int eq = armed.indexOf('=');
        if (eq < 0 || !armed.substring(0, eq).equals(point)) {
            return;
        }
        Path dir = Path.of(armed.substring(eq + 1));
        try {
            Files.createFile(dir.resolve(point + ".claim"));
        } catch (FileAlreadyExistsException passed) {
            return;
        } catch (IOException e) {
            throw new IllegalStateException("fault seam " + armed + ": " + e.getMessage(), e);
        }
        try {
            Path tmp = dir.resolve(point + ".pid.tmp");
            Files.writeString(tmp, Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
            Files.move(tmp, dir.resolve(point + ".pid"), StandardCopyOption.ATOMIC_MOVE);
            long until = System.currentTimeMillis() + HOLD_MILLIS;
            while (System.currentTimeMillis() < until) {
                Thread.sleep(50);
            }
        } catch (IOException e) {
            throw new IllegalStateException("fault seam " + armed + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
