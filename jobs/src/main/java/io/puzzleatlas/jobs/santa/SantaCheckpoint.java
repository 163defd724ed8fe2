package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.durable.DamagedStateException;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Manifest;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.OutputExistsException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code santa} run keeps beside its output, {@code DIR/_santa-checkpoint}, so that a rerun with
 * {@code --resume} searches only the puzzles not finished: {@code request} (the data, the incumbent, the types and the
 * budget, which a resumed run must match) and one file per searched puzzle finished ({@code rows/ID}: its answer), each
 * listed with its length and CRC32C in the manifest {@code meta-NNNNNN} committed after it, through the durable layer
 * ({@link DurableDir}) as {@code solve}'s checkpoint. The same rules: an earlier checkpoint is continued with
 * {@code --resume} (refused in one line when the request differs), discarded with {@code --overwrite}, else refused;
 * removed once the output is published.
 */
final class SantaCheckpoint {
    static final String NAME = "_santa-checkpoint";

    private final DurableDir dir;
    private DurableDir.Stored current;
    private int generation;

    private SantaCheckpoint(DurableDir dir, DurableDir.Stored current) {
        this.dir = dir;
        this.current = current;
        this.generation = DurableDir.generation(current);
    }

    static SantaCheckpoint open(AtomicOutput out, String request, boolean resume, boolean overwrite) {
        DurableDir dir = new DurableDir(out.fileSystem(), new Path(out.dir(), NAME));
        if (dir.present()) {
            if (!resume && !overwrite) {
                throw new OutputExistsException(dir.root() + " holds the checkpoint of an earlier run; "
                        + "pass --resume to continue it or --overwrite to discard it");
            }
            Optional<DurableDir.Stored> found = resume ? dir.latest("meta-*") : Optional.empty();
            if (found.isPresent()) {
                DurableDir.Stored stored = found.get();
                dir.verify(stored, dir.here());
                String earlier = new String(dir.read(stored, "request"), StandardCharsets.UTF_8);
                if (!earlier.equals(request)) {
                    throw new RefusedException("--resume: " + dir.root()
                            + " was made by other data, incumbent, types or budget ("
                            + DurableDir.firstDifference(earlier, request)
                            + "); rerun that command with --resume, or use --overwrite to discard it");
                }
                return new SantaCheckpoint(dir, stored);
            }
            dir.clear(); // discarded, or files of a run stopped before its first manifest
        }
        SantaCheckpoint fresh = new SantaCheckpoint(dir, null);
        fresh.commit(
                Manifest.builder().file("request", dir.write("request", request.getBytes(StandardCharsets.UTF_8))));
        return fresh;
    }

    /** The answer an earlier run kept for puzzle {@code id}, or null. */
    synchronized SantaAnswer answer(int id) {
        String name = "rows/" + id;
        if (!current.manifest().files().containsKey(name)) {
            return null;
        }
        SantaAnswer answer = dir.readObject(current, name, SantaAnswer.class);
        if (answer.id() != id) {
            throw new DamagedStateException(dir.path(name), "is not the answer of id " + id);
        }
        return answer;
    }

    /** Keeps a finished puzzle's answer: the file, then a manifest that lists it. */
    synchronized void save(SantaAnswer answer) {
        String name = "rows/" + answer.id();
        commit(current.manifest().toBuilder().file(name, dir.writeObject(name, answer)));
    }

    /** Removes the checkpoint: the output it led to is published, or the run was refused. */
    static void remove(AtomicOutput out) {
        new DurableDir(out.fileSystem(), new Path(out.dir(), NAME)).clear();
    }

    private void commit(Manifest.Builder m) {
        current = dir.commitGeneration(++generation, m.build());
    }
}
