package io.puzzleatlas.jobs.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.Main;
import io.puzzleatlas.jobs.test.SparkSuite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The publish of {@code explore}'s streamed distance files, which it adopts from its checkpoint
 * ({@link AtomicOutput#adopt}): they move only under the publish journal, so a kill at any step of the publish is
 * finished by the next command on the output with every rank published once, and a publish undone puts them back into
 * the checkpoint, which {@code --resume} then publishes.
 */
@Tag("slow")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ExplorePublishTest extends SparkSuite {
    private static final long RANKS = 20_160;

    @TempDir
    Path tmp;

    @AfterEach
    void resetHook() {
        AtomicOutput.hook = (point, dir) -> {};
    }

    private static int explore(Path out, String... more) {
        String[] args = {
            "explore",
            "--puzzle",
            "sliding-2x4",
            "--engine",
            "spark",
            "--partitions",
            "3",
            "--start-in-driver",
            "0",
            "--checkpoint-every",
            "4",
            "--output",
            out.toString()
        };
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return Main.run(all);
    }

    private void assertEveryRankOnce(Path out) {
        assertEquals(
                RANKS,
                spark().read().parquet(out.resolve("distances").toString()).count());
        assertEquals(
                RANKS,
                spark().read()
                        .parquet(out.resolve("distances").toString())
                        .select("rank")
                        .distinct()
                        .count());
        assertFalse(Files.exists(out.resolve("_publishing")), "no journal left");
    }

    @ParameterizedTest
    @ValueSource(strings = {"journal-written", "adopted:distances/", "renamed:distances", "renamed:histogram"})
    void aKillDuringThePublishIsFinishedByTheNextCommand(String killPoint) throws IOException {
        Path out = tmp.resolve("out");
        AtomicBoolean killed = new AtomicBoolean();
        AtomicOutput.hook = (point, dir) -> {
            if (point.startsWith(killPoint) && !killed.getAndSet(true)) {
                throw new PublishTest.Killed(point);
            }
        };
        assertEquals(ExitCode.INTERNAL.code(), explore(out), "the kill ends the job at once");
        Assertions.assertTrue(killed.get(), "killed at " + killPoint);
        resetHook();
        Assertions.assertTrue(Files.exists(out.resolve("_publishing")), "the killed publish's journal is left");
        int next = Main.run("generate", "--puzzle", "magic-board", "--random", "5", "--output", out.toString());
        assertEquals(0, next, "the next command finishes the publish first");
        assertEveryRankOnce(out);
        Assertions.assertTrue(Files.isDirectory(out.resolve("histogram")), "every dataset of the explore");
        assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "retired by the publish it led to");
    }

    @Test
    void aPublishUndoneAfterTheFilesMovedLeavesThemInTheCheckpoint() throws IOException {
        Path out = tmp.resolve("out");
        AtomicOutput.hook = (point, dir) -> {
            if (point.equals("renamed:histogram")) {
                throw new UncheckedIOException(new IOException("could not rename (permission denied)"));
            }
        };
        assertEquals(ExitCode.REFUSED.code(), explore(out), "the publish failed and was undone");
        resetHook();
        assertFalse(Files.exists(out.resolve("distances")), "nothing is published");
        assertEquals(0, explore(out, "--resume"), "the checkpoint is whole: every file it lists is back");
        assertEveryRankOnce(out);
        assertFalse(Files.exists(out.resolve("_explore-checkpoint")), "retired once published");
    }
}
