package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputExistsException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;

/**
 * What a solve with hard instances keeps beside its output, {@code DIR/_solve-checkpoint}, so
 * that a rerun of the same command with {@code --resume} solves only what is missing and still
 * publishes one complete result: {@code request} (the command's inputs and options, which a
 * resumed run must match), the first pass once it ended ({@code results/} and {@code errors/} as
 * staged, and {@code pass}: the records read, the histogram counts and the deferred instances),
 * and one file per finished split instance ({@code hard/ID}: its results row). Every file is
 * written under a temporary name and renamed. Made only when the first pass leaves instances to
 * the split search; removed once the output is published.
 */
final class SolveCheckpoint {
    static final String NAME = "_solve-checkpoint";

    /** The first pass's outcome: what its tally counted and the errors rows it wrote (-1: not written yet). */
    record Pass(SolveTally.Counts counts, long errorRows) implements Serializable {
    }

    private final FileSystem fs;
    private final Path dir;
    private final String request;

    private SolveCheckpoint(FileSystem fs, Path dir, String request) {
        this.fs = fs;
        this.dir = dir;
        this.request = request;
    }

    /**
     * The checkpoint of {@code out}: an earlier run's is continued with {@code resume} (when it
     * was made by the same {@code request}, else refused), discarded with {@code overwrite}, and
     * otherwise refused, as {@code explore} does.
     */
    static SolveCheckpoint open(AtomicOutput out, String request, boolean resume, boolean overwrite) {
        FileSystem fs = out.fileSystem();
        Path dir = new Path(out.dir(), NAME);
        try {
            if (fs.exists(dir)) {
                if (!resume && !overwrite) {
                    throw new OutputExistsException(dir + " holds the checkpoint of an earlier run; "
                            + "pass --resume to continue it or --overwrite to discard it");
                }
                if (!resume) {
                    fs.delete(dir, true);
                } else {
                    Path file = new Path(dir, "request");
                    String earlier = fs.exists(file) ? read(fs, file) : null;
                    if (earlier == null || !earlier.equals(request)) {
                        throw new RefusedException("--resume: " + dir + " was made by another input or other options ("
                                + firstDifference(earlier, request) + "); rerun that command with --resume, or use "
                                + "--overwrite to discard it");
                    }
                }
            }
            return new SolveCheckpoint(fs, dir, request);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** The first pass of an earlier run, or null when it did not end. */
    Pass pass() {
        Path file = new Path(dir, "pass");
        try {
            return fs.exists(file) ? (Pass) readObject(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** Keeps the first pass: its staged results (and errors, if written) move into the checkpoint. */
    void savePass(AtomicOutput out, Pass pass) {
        try {
            fs.mkdirs(dir);
            writeAtomically(new Path(dir, "request"), request.getBytes(StandardCharsets.UTF_8));
            for (String name : new String[] {"results", "errors"}) {
                Path kept = new Path(dir, name);
                fs.delete(kept, true);
                if (fs.exists(out.staged(name)) && !fs.rename(out.staged(name), kept)) {
                    throw new IOException("cannot move " + out.staged(name) + " to " + kept);
                }
            }
            writeAtomically(new Path(dir, "pass"), serialize(pass));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** Moves the first pass's datasets back into the staging directory, before the split rows join them. */
    void restorePass(AtomicOutput out) {
        try {
            fs.delete(new Path(dir, "pass"), false);
            for (String name : new String[] {"results", "errors"}) {
                Path kept = new Path(dir, name);
                if (fs.exists(kept) && !fs.rename(kept, out.staged(name))) {
                    throw new IOException("cannot move " + kept + " to " + out.staged(name));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** The results row of split instance {@code id} that an earlier run finished, or null. */
    Row hard(long id) {
        Path file = new Path(dir, "hard/" + id);
        try {
            return fs.exists(file) ? (Row) readObject(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** Keeps the results row of a finished split instance. */
    void saveHard(long id, Row row) {
        try {
            writeAtomically(new Path(dir, "hard/" + id), serialize(row));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + " (" + e.getMessage() + ")", e);
        }
    }

    /** Removes the checkpoint once the output it led to is published. */
    static void remove(AtomicOutput out) {
        try {
            out.fileSystem().delete(new Path(out.dir(), NAME), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + new Path(out.dir(), NAME) + " (" + e.getMessage() + ")", e);
        }
    }

    private void writeAtomically(Path file, byte[] bytes) throws IOException {
        Path tmp = new Path(file.getParent(), "." + file.getName() + ".tmp");
        try (OutputStream o = fs.create(tmp, true)) {
            o.write(bytes);
        }
        fs.delete(file, false);
        if (!fs.rename(tmp, file)) {
            throw new IOException("cannot rename " + tmp + " to " + file);
        }
    }

    private static byte[] serialize(Object o) throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    private Object readObject(Path file) throws IOException {
        try (InputStream in = fs.open(file); ObjectInputStream o = new ObjectInputStream(in)) {
            return o.readObject();
        } catch (ClassNotFoundException e) {
            throw new IOException(e);
        }
    }

    private static String read(FileSystem fs, Path file) throws IOException {
        try (InputStream in = fs.open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The first line of the request that differs, for the refusal. */
    private static String firstDifference(String earlier, String now) {
        if (earlier == null) {
            return "its request file is missing";
        }
        String[] a = earlier.split("\n");
        String[] b = now.split("\n");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "(none)";
            String y = i < b.length ? b[i] : "(none)";
            if (!x.equals(y)) {
                return "was " + x + ", now " + y;
            }
        }
        return "differs";
    }
}
