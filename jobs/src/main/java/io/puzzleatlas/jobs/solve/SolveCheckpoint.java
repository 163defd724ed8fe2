package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.durable.DamagedStateException;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Manifest;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputExistsException;
import io.puzzleatlas.jobs.io.Schemas;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Row;

/**
 * What a solve with hard instances keeps beside its output, {@code DIR/_solve-checkpoint}, so that a rerun of the same
 * command with {@code --resume} solves only what is missing and still publishes one complete result. Kept through the
 * durable layer ({@link DurableDir}): {@code request} (the command's inputs and options that decide the rows, which a
 * resumed run must match), the first pass once it ended ({@code results/} and {@code errors/} as staged, and
 * {@code pass}: the records read, the histogram counts, the errors rows and the deferred instances), and one file per
 * finished split instance ({@code hard/ID}: its results row), each listed with its length and CRC32C in the manifest
 * {@code meta-NNNNNN} committed after it. A resumed run checks every listed file before it uses any, and copies (not
 * moves) the first pass back into its staging directory, so the checkpoint survives every failure until the output is
 * published. Made only when the first pass leaves instances to the split search.
 */
final class SolveCheckpoint {
    static final String NAME = "_solve-checkpoint";
    private static final String MANIFESTS = "meta-*";
    private static final String[] PASS_DATASETS = {"results", "errors"};

    /** The first pass's outcome: what its tally counted and the errors rows it wrote. */
    record Pass(SolveTally.Counts counts, long errorRows) implements Serializable {}

    private final DurableDir dir;
    private final String request;
    /** The latest manifest (an earlier run's when resumed, then each one this run commits), or null. */
    private DurableDir.Stored current;

    private int generation;

    private SolveCheckpoint(DurableDir dir, String request, DurableDir.Stored current) {
        this.dir = dir;
        this.request = request;
        this.current = current;
        this.generation = DurableDir.generation(current);
    }

    /**
     * The checkpoint of {@code out}: an earlier run's is continued with {@code resume} (when it was made by the same
     * {@code request} and every file it lists checks out, else refused in one line and kept), discarded with
     * {@code overwrite}, and otherwise refused, as {@code explore} does.
     */
    static SolveCheckpoint open(AtomicOutput out, String request, boolean resume, boolean overwrite) {
        DurableDir dir = new DurableDir(out.fileSystem(), new Path(out.dir(), NAME));
        if (!dir.present()) {
            return new SolveCheckpoint(dir, request, null);
        }
        if (!resume && !overwrite) {
            throw new OutputExistsException(dir.root() + " holds the checkpoint of an earlier run; "
                    + "pass --resume to continue it or --overwrite to discard it");
        }
        if (!resume) {
            dir.clear();
            return new SolveCheckpoint(dir, request, null);
        }
        Optional<DurableDir.Stored> found = dir.latest(MANIFESTS);
        if (found.isEmpty()) {
            // files of a run killed before its first manifest: no checkpoint, the pass runs again
            dir.clear();
            return new SolveCheckpoint(dir, request, null);
        }
        DurableDir.Stored stored = found.get();
        dir.verify(stored, dir.here());
        String earlier = new String(dir.read(stored, "request"), StandardCharsets.UTF_8);
        if (!earlier.equals(request)) {
            throw new RefusedException("--resume: " + dir.root() + " was made by another input or other options ("
                    + DurableDir.firstDifference(earlier, request) + "); rerun that command with --resume, or use "
                    + "--overwrite to discard it");
        }
        return new SolveCheckpoint(dir, request, stored);
    }

    /** The first pass of an earlier run, or null when it did not end. */
    Pass pass() {
        if (current == null) {
            return null;
        }
        Pass pass = dir.readObject(current, "pass", Pass.class);
        if (pass.errorRows() < 0) {
            throw new DamagedStateException(dir.path("pass"), "records no errors rows (written by an earlier version)");
        }
        return pass;
    }

    /**
     * Keeps the first pass: its staged results and errors move into the checkpoint, then the request and the pass's
     * counts are written and the first manifest lists them all.
     */
    void savePass(AtomicOutput out, Pass pass) {
        if (pass.errorRows() < 0) {
            throw new IllegalStateException("the first pass is kept once its errors are written");
        }
        FileSystem fs = dir.fs();
        try {
            fs.mkdirs(dir.root());
            for (String name : PASS_DATASETS) {
                dir.delete(name);
                if (!fs.rename(out.staged(name), dir.path(name))) {
                    throw new IOException("cannot move " + out.staged(name) + " to " + dir.path(name));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.root() + " (" + e.getMessage() + ")", e);
        }
        Manifest.Builder m = Manifest.builder()
                .file("request", dir.write("request", request.getBytes(StandardCharsets.UTF_8)))
                .file("pass", dir.writeObject("pass", pass));
        for (String name : PASS_DATASETS) {
            dir.sums(name).forEach(m::file);
        }
        commit(m);
    }

    /**
     * Copies the first pass's datasets into the staging directory, checked against the manifest, before the split rows
     * join them; the checkpoint keeps its own until the output is published.
     */
    void restorePass(AtomicOutput out) {
        FileSystem fs = dir.fs();
        try {
            for (String name : PASS_DATASETS) {
                fs.delete(out.staged(name), true);
                fs.mkdirs(out.staged(name));
                String prefix = name + "/";
                for (String file : current.manifest().files().keySet()) {
                    if (file.startsWith(prefix)) {
                        dir.copy(current, file, new Path(out.staged(name), file.substring(prefix.length())));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot stage the first pass of " + dir.root() + " (" + e.getMessage() + ")", e);
        }
    }

    /** The results row of split instance {@code id} that an earlier run finished, or null. */
    synchronized Row hard(long id) {
        String name = hardName(id);
        if (current == null || !current.manifest().files().containsKey(name)) {
            return null; // never finished, or finished by a run killed before its manifest: solved again
        }
        Row row = dir.readObject(current, name, Row.class);
        if (row.size() != Schemas.RESULTS.size()
                || row.isNullAt(Schemas.RESULTS.fieldIndex("instance_id"))
                || row.getLong(Schemas.RESULTS.fieldIndex("instance_id")) != id) {
            throw new DamagedStateException(dir.path(name), "is not the results row of instance " + id);
        }
        return row;
    }

    /** Keeps the results row of a finished split instance: the file, then a manifest that lists it. */
    synchronized void saveHard(long id, Row row) {
        String name = hardName(id);
        commit(current.manifest().toBuilder().file(name, dir.writeObject(name, row)));
    }

    /** Removes the checkpoint once the output it led to is published. */
    static void remove(AtomicOutput out) {
        new DurableDir(out.fileSystem(), new Path(out.dir(), NAME)).clear();
    }

    private void commit(Manifest.Builder m) {
        current = dir.commitGeneration(++generation, m.build());
    }

    private static String hardName(long id) {
        return "hard/" + id;
    }
}
