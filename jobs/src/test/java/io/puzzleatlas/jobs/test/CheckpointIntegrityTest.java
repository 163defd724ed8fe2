package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.spark.FaultSeam;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code explore} checkpoints carry their own checksums: a damaged, truncated or missing part or a bad {@code _meta} is
 * refused on {@code --resume} in one line naming the file, and nothing is published; a checkpoint is never dropped
 * silently by a run without {@code --resume}.
 */
@Tag("slow")
class CheckpointIntegrityTest extends SparkSuite {
    @TempDir
    Path tmp;

    private Path stoppedRun() {
        Path out = tmp.resolve("out");
        runExpecting(
                ExitCode.STOPPED_EARLY.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--partitions",
                3,
                "--checkpoint-every",
                4,
                "--max-levels",
                9,
                "--output",
                out);
        return out;
    }

    private static Path level(Path out) throws IOException {
        try (Stream<Path> levels = Files.list(out.resolve("_explore-checkpoint"))) {
            return levels.filter(p -> p.getFileName().toString().startsWith("level-"))
                    .sorted()
                    .reduce((a, b) -> b)
                    .orElseThrow();
        }
    }

    /**
     * The distance files streamed before the checkpoint are the checkpoint's too: one deleted, cut short or with a
     * flipped byte (its .crc gone, as a copy leaves it) is named and refused before any search, in one line, and the
     * checkpoint is kept for a repaired resume.
     */
    @ParameterizedTest
    @ValueSource(strings = {"damaged", "truncated", "missing"})
    void aDamagedDistanceFileIsNamedAndRefusedBeforeTheSearch(String damage) throws IOException {
        Path out = stoppedRun();
        Path streamed = out.resolve("_explore-checkpoint/distances");
        Path file;
        try (Stream<Path> files = Files.list(streamed)) {
            file = files.filter(f -> f.getFileName().toString().startsWith("part-"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
        byte[] original = Files.readAllBytes(file);
        byte[] bytes = original.clone();
        switch (damage) {
            case "damaged" -> {
                bytes[bytes.length / 2] ^= 0x01;
                Files.write(file, bytes);
            }
            case "truncated" -> Files.write(file, Arrays.copyOf(bytes, bytes.length - 3));
            case "missing" -> Files.delete(file);
            default -> throw new IllegalArgumentException(damage);
        }
        String err = stderr(() -> runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--resume",
                "--output",
                out));
        String line = err.strip();
        assertFalse(line.contains("\n"), "one line: " + err);
        Assertions.assertTrue(line.contains(file.getFileName().toString()), line);
        assertFalse(Files.exists(out.resolve("histogram")), "nothing is published");
        Files.write(file, original); // the original bytes back: the checkpoint was kept and resumes
        run("explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--resume", "--output", out);
        Assertions.assertEquals(20160, parquet(out, "distances").count());
    }

    @ParameterizedTest
    @ValueSource(strings = {"damaged", "truncated", "missing", "bad-meta"})
    void aDamagedCheckpointIsNamedAndRefused(String damage) throws IOException {
        Path out = stoppedRun();
        Path level = level(out);
        Path part = level.resolve("part-00001");
        Path meta = level.resolve("_meta");
        // Damage without the .crc beside it, as a copy or another writer would leave it.
        Files.deleteIfExists(level.resolve(".part-00001.crc"));
        Files.deleteIfExists(level.resolve("._meta.crc"));
        Path named = damage.equals("bad-meta") ? meta : part;
        switch (damage) {
            case "damaged" -> {
                byte[] bytes = Files.readAllBytes(part);
                bytes[bytes.length / 2] ^= 0x01;
                Files.write(part, bytes);
            }
            case "truncated" -> {
                byte[] bytes = Files.readAllBytes(part);
                Files.write(part, Arrays.copyOf(bytes, bytes.length - 7));
            }
            case "missing" -> Files.delete(part);
            case "bad-meta" -> Files.writeString(meta, Files.readString(meta).replaceFirst("level=9", "level=8"));
            default -> throw new IllegalArgumentException(damage);
        }
        String err = stderr(() -> runExpecting(
                ExitCode.REFUSED.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--resume",
                "--output",
                out));
        String line = err.strip();
        assertFalse(line.contains("\n"), "one line: " + err);
        Assertions.assertTrue(
                line.contains(named.getFileName().toString())
                        && line.contains(level.getFileName().toString()),
                line);
        assertFalse(Files.exists(out.resolve("distances")), "nothing is published");
        assertFalse(Files.exists(out.resolve("histogram")), "nothing is published");
    }

    @Test
    void aRunWithoutResumeRefusesToDropAnExistingCheckpoint() throws IOException {
        Path out = stoppedRun();
        Path level = level(out);
        String err = stderr(() -> runExpecting(
                ExitCode.REFUSED.code(), "explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--output", out));
        Assertions.assertTrue(err.contains("--resume") && err.contains("--overwrite"), err);
        Assertions.assertTrue(Files.exists(level.resolve("_meta")), "the checkpoint is kept");
        run("explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--output", out, "--overwrite");
        assertEquals(20_160, parquet(out, "distances").count());
        assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "the discarded checkpoint is gone");
    }

    /**
     * A checkpoint written before ranges started on a word of 32 ranks has no span in its {@code _meta}; its ranges had
     * {@code ceil(size / parts)} ranks. Where that is the span this version would cut (a multiple of 32) it resumes;
     * where not, it is refused in one line and kept.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 11})
    void aCheckpointFromBeforeRangesStartedOnAWordResumesOnlyWithItsOwnRanges(int partitions) throws IOException {
        Path out = tmp.resolve("out");
        runExpecting(
                ExitCode.STOPPED_EARLY.code(),
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--partitions",
                partitions,
                "--checkpoint-every",
                4,
                "--max-levels",
                9,
                "--output",
                out);
        Path meta = level(out).resolve("_meta");
        String text = Files.readString(meta);
        Assertions.assertTrue(text.contains("\nspan=" + (partitions == 3 ? 6720 : 1856) + "\n"), text);
        String body = text.substring(0, text.indexOf("crc32c=")).replaceFirst("span=\\d+\n", "");
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        Files.writeString(meta, body + String.format("crc32c=%08x%n", crc.getValue()));
        Files.deleteIfExists(meta.resolveSibling("._meta.crc"));
        if (partitions == 3) { // 20,160 / 3 = 6,720 = 210 words
            run("explore", "--puzzle", "sliding-2x4", "--engine", "spark", "--resume", "--output", out);
            assertEquals(20_160, parquet(out, "distances").count());
            return;
        }
        // 20,160 / 11 rounds up to 1,833 ranks a range then, 1,856 now
        String err = stderr(() -> runExpecting(
                        ExitCode.REFUSED.code(),
                        "explore",
                        "--puzzle",
                        "sliding-2x4",
                        "--engine",
                        "spark",
                        "--resume",
                        "--output",
                        out))
                .strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        Assertions.assertTrue(
                err.contains(level(out).getFileName().toString())
                        && err.contains("11 ranges of 1,833 ranks")
                        && err.contains("--overwrite"),
                err);
        Assertions.assertTrue(Files.exists(meta), "the checkpoint is kept");
        assertFalse(Files.exists(out.resolve("histogram")), "nothing is published");
    }

    /** A resume with another goal names the checkpoint's own goal in one line; the checkpoint is not called damaged. */
    @Test
    void aCheckpointOfAnotherGoalIsRefusedAsSuchNotAsDamaged() throws IOException {
        Path out = stoppedRun();
        String err = stderr(() -> runExpecting(
                        ExitCode.REFUSED.code(),
                        "explore",
                        "--puzzle",
                        "sliding-2x4",
                        "--goal",
                        "0 1 2 3 4 5 6 7",
                        "--engine",
                        "spark",
                        "--resume",
                        "--output",
                        out))
                .strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        Assertions.assertTrue(
                err.contains(level(out).getFileName() + " is a checkpoint of sliding-2x4 (goal 1 2 3 4 5 6 7 0)"), err);
        assertFalse(err.contains("malformed") || err.contains("cannot be resumed"), err);
    }

    /**
     * A failure after the last level, before the publish, keeps the checkpoint (before: the search retired it at its
     * end, and the failure then removed the staged output with everything searched); a resume finishes the same table.
     * So does one once the distance files are handed to the publish ({@code explore-shared}): they leave the checkpoint
     * only under the publish's journal.
     */
    @ParameterizedTest
    @ValueSource(strings = {"explore-searched", "explore-shared"})
    void aFailureAfterTheSearchKeepsTheCheckpoint(String point) throws IOException {
        Path out = tmp.resolve("out");
        System.setProperty(FaultSeam.STOP_PROPERTY, point + ":1");
        try {
            runExpecting(
                    ExitCode.INTERNAL.code(),
                    "explore",
                    "--puzzle",
                    "sliding-2x4",
                    "--engine",
                    "spark",
                    "--partitions",
                    3,
                    "--start-in-driver",
                    0,
                    "--checkpoint-every",
                    4,
                    "--output",
                    out);
        } finally {
            System.clearProperty(FaultSeam.STOP_PROPERTY);
            FaultSeam.resetArrivals();
        }
        Assertions.assertTrue(Files.exists(level(out).resolve("_meta")), "the checkpoint is kept");
        assertFalse(Files.exists(out.resolve("distances")), "nothing is published");
        run(
                "explore",
                "--puzzle",
                "sliding-2x4",
                "--engine",
                "spark",
                "--start-in-driver",
                0,
                "--resume",
                "--output",
                out);
        assertEquals(20_160, parquet(out, "distances").count());
        assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "retired once published");
    }

    /**
     * A --stage-metrics file that cannot be written is refused before the search, in one line (before: every level was
     * searched, then the write failed and the output, checkpoints included, was removed).
     */
    @Test
    void anUnwritableStageMetricsFileIsRefusedBeforeTheSearch() throws IOException {
        Path file = Files.createFile(tmp.resolve("f"));
        Path out = tmp.resolve("out");
        String err = stderr(() -> runExpecting(
                        ExitCode.REFUSED.code(),
                        "explore",
                        "--puzzle",
                        "sliding-2x4",
                        "--engine",
                        "spark",
                        "--checkpoint-every",
                        4,
                        "--stage-metrics",
                        file.resolve("m.csv"),
                        "--output",
                        out))
                .strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        Assertions.assertTrue(err.contains("--stage-metrics " + file.resolve("m.csv")), err);
        assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "refused before any level");
    }

    private static String stderr(Runnable job) {
        PrintStream saved = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            job.run();
        } finally {
            System.setErr(saved);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
