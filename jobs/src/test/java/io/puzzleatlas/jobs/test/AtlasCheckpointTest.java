package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.atlas.AtlasFiles;
import io.puzzleatlas.jobs.atlas.AtlasSpace;
import io.puzzleatlas.jobs.explore.InCoreCheckpoints;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The atlas's two-bit search (the 3x4, the smallest space it runs on) stopped by --max-levels, refused without
 * --resume, refused from a damaged checkpoint or one of another run, and resumed to the full answer.
 */
@Tag("slow")
class AtlasCheckpointTest {
    @TempDir
    Path dir;

    @Test
    void aStoppedAtlasResumesFromItsCheckpointAndADamagedOneIsRefused() throws Exception {
        Path space = dir.resolve(InCoreCheckpoints.DIR).resolve("sliding-3x4-blank-11");
        CliRun stopped = CliRun.of("atlas", "--puzzle", "sliding-3x4", "--max-levels", 30, "--output", dir);
        assertEquals(ExitCode.STOPPED_EARLY.code(), stopped.status(), stopped.err());
        assertTrue(stopped.out().contains("sliding-3x4-blank-11: stopped after 30 levels"), stopped.out());
        assertTrue(Files.exists(space.resolve("level-030.words")) && Files.exists(space.resolve("level-030.meta")));
        assertFalse(Files.exists(dir.resolve("atlas")), "a stopped atlas publishes nothing");

        CliRun.of("atlas", "--puzzle", "sliding-3x4", "--output", dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        InCoreCheckpoints.DIR,
                        "holds the checkpoint of an earlier run",
                        "--resume");

        // one flipped byte in the array: refused, naming the file, and the checkpoint is kept
        Path words = space.resolve("level-030.words");
        try (RandomAccessFile f = new RandomAccessFile(words.toFile(), "rw")) {
            f.seek(12_345_678);
            int b = f.read();
            f.seek(12_345_678);
            f.write(b ^ 0x10);
        }
        CliRun.of("atlas", "--puzzle", "sliding-3x4", "--resume", "--output", dir)
                .expectOneLine(ExitCode.REFUSED.code(), words.getFileName().toString(), "damaged (CRC32C");
        try (RandomAccessFile f = new RandomAccessFile(words.toFile(), "rw")) {
            f.seek(12_345_678);
            int b = f.read();
            f.seek(12_345_678);
            f.write(b ^ 0x10);
        }

        CliRun resumed = CliRun.of("atlas", "--puzzle", "sliding-3x4", "--resume", "--output", dir);
        assertEquals(0, resumed.status(), resumed.err());
        AtlasSpace s = AtlasFiles.load(dir).get(0);
        assertEquals("sliding-3x4-blank-11", s.space());
        assertEquals(239_500_800L, s.states());
        assertEquals(53, s.radius());
        assertEquals(18, s.deepest().size());
        assertFalse(Files.exists(dir.resolve(InCoreCheckpoints.DIR)), "a finished atlas removes its checkpoints");
    }

    /**
     * A definition's checkpoint resumed with another metric, or with a copy of the file under another name: refused in
     * one line naming the checkpoint, which is kept. Before: the run started from depth 0, published the other space
     * and removed the 20-level checkpoint.
     */
    @Test
    void aResumeOfAnotherMetricOrFileNameIsRefusedAndTheCheckpointKept() throws Exception {
        Path definition = Path.of("../data/puzzles/lrx9.json");
        Path space = dir.resolve(InCoreCheckpoints.DIR).resolve("lrx9-listed");
        CliRun stopped =
                CliRun.of("atlas", "--puzzle", definition, "--metric", "listed", "--max-levels", 20, "--output", dir);
        assertEquals(ExitCode.STOPPED_EARLY.code(), stopped.status(), stopped.err());
        Path meta = space.resolve("level-020.meta");
        byte[] kept = Files.readAllBytes(meta);

        CliRun.of("atlas", "--puzzle", definition, "--metric", "generators", "--resume", "--output", dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        space + ": it was written for lrx9-listed, not lrx9-generators",
                        "start again with --overwrite");
        Path copy = Files.copy(definition, dir.resolve("copy.json"));
        CliRun.of("atlas", "--puzzle", copy, "--metric", "listed", "--resume", "--output", dir)
                .expectOneLine(ExitCode.REFUSED.code(), space + ": it was written for lrx9-listed, not copy-listed");
        CliRun.of("atlas", "--puzzle", definition, "--metric", "listed", "--goal", "1", "--resume", "--output", dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        space + " is a checkpoint of lrx9-listed, not of lrx9-listed (goal 1)");
        assertArrayEquals(kept, Files.readAllBytes(meta), "the checkpoint is kept");
        assertTrue(Files.exists(space.resolve("level-020.words")));
        assertFalse(Files.exists(dir.resolve("atlas")), "nothing published");

        CliRun resumed = CliRun.of("atlas", "--puzzle", definition, "--metric", "listed", "--resume", "--output", dir);
        assertEquals(0, resumed.status(), resumed.err());
        assertTrue(resumed.out().contains("lrx9-listed: 362,880 states"), resumed.out());
    }
}
