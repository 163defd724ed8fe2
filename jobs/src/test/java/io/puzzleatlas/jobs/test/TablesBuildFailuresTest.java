package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.jobs.ExitCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tables build --puzzle FILE} where its table file cannot be written: a dangling symbolic link or a directory in
 * the file's place, a table directory this user cannot write, a full device (the seam). Each is one line naming the
 * path and the reason, exit 3, and nothing is left behind (before: four or five lines, one of them "X.pdb: X.pdb;
 * writing it again").
 */
class TablesBuildFailuresTest {
    private static final String SEAM = "puzzleatlas.seam.full";

    @TempDir
    Path tmp;

    @AfterEach
    void disarm() {
        System.clearProperty(SEAM);
    }

    private static final String PUZZLE =
            DefinitionCommandsTest.puzzleFile("twisty-small.tws").toString();

    /** The one table file the build writes into {@code dir}. */
    private static Path tableFile(Path dir) {
        List<String> files = PuzzleHandle.resolve(PUZZLE)
                .plan(SolverSettings.fromSystem(), null)
                .files();
        assertEquals(1, files.size(), files::toString);
        return dir.resolve(files.get(0)).toAbsolutePath();
    }

    private static CliRun build(Path dir) {
        return CliRun.of("tables", "build", "--puzzle", PUZZLE, "--tables", dir);
    }

    @Test
    void aDanglingLinkInTheFilesPlace() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("t"));
        Path file = tableFile(dir);
        Files.createSymbolicLink(file, tmp.resolve("gone"));
        build(dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "tables build: " + file + ": a dangling symbolic link to " + tmp.resolve("gone"),
                        "remove it");
    }

    @Test
    void aDirectoryInTheFilesPlace() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("t"));
        Path file = tableFile(dir);
        Files.createDirectories(file.resolve("inside"));
        build(dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "tables build: " + file + ": a directory takes the table file's place");
        CliRun.of("tables", "build", "--puzzle", PUZZLE, "--tables", dir, "--force")
                .expectOneLine(ExitCode.REFUSED.code(), "tables build: " + file + ": a directory takes");
    }

    @Test
    void aDirectoryThatCannotBeWritten() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(tmp.resolve("t"));
        assumeTrue(Unwritable.lock(dir), "needs chattr +i (as root) or chmod a-w (as another user)");
        try {
            build(dir)
                    .expectOneLine(
                            ExitCode.REFUSED.code(),
                            "tables build: " + tableFile(dir) + ": the table directory " + dir.toAbsolutePath()
                                    + " cannot be written (permission denied)");
        } finally {
            Unwritable.unlock(dir);
        }
    }

    @Test
    void aFullDevice() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("t"));
        System.setProperty(SEAM, "tables-write");
        build(dir)
                .expectOneLine(
                        ExitCode.REFUSED.code(),
                        "tables build: " + tableFile(dir) + ": cannot write the table (no space left on device)");
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "no table and no temporary file");
        }
        System.clearProperty(SEAM);
        CliRun ok = build(dir);
        assertEquals(0, ok.status(), ok.err());
        assertEquals(1, ok.errLines().size(), ok.err());
        assertTrue(ok.err().startsWith(tableFile(dir) + ": 31,104 ranks, radius 9, built in "), ok.err());
    }
}
