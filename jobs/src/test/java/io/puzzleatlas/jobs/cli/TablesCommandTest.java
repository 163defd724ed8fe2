package io.puzzleatlas.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code tables build}: builds, keeps valid files, rebuilds corrupt ones and all with --force, rejects bad partitions.
 */
class TablesCommandTest {
    @TempDir
    Path dir;

    private String run(int expectedStatus, String... args) {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new TablesCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        assertEquals(expectedStatus, cli.execute(args), out::toString);
        return out.toString();
    }

    @Test
    void buildKeepAndRebuild() throws Exception {
        String first = run(0, "build", "--puzzle", "sliding-2x4", "--partition", "4-3", "--tables", dir.toString());
        assertTrue(first.contains("built in"), first);
        Path file = dir.resolve("sliding-2x4-b7-t4.5.6.7.pdb");
        assertTrue(Files.exists(file), first);
        String second = run(0, "build", "--puzzle", "sliding-2x4", "--partition", "4-3", "--tables", dir.toString());
        assertTrue(second.contains("valid, kept"), second);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 3] ^= 1;
        Files.write(file, bytes);
        String third = run(0, "build", "--puzzle", "sliding-2x4", "--partition", "4-3", "--tables", dir.toString());
        assertTrue(third.contains("checksum mismatch") && third.contains("rebuilding"), third);
        byte[] rebuilt = Files.readAllBytes(file);
        String forced =
                run(0, "build", "--puzzle", "sliding-2x4", "--partition", "4-3", "--tables", dir.toString(), "--force");
        assertEquals(2, forced.lines().filter(l -> l.contains("built in")).count(), forced);
        assertTrue(!forced.contains("valid, kept"), forced);
        assertArrayEquals(rebuilt, Files.readAllBytes(file), "the same table built again");
        String blankFirst = run(
                0,
                "build",
                "--puzzle",
                "sliding-2x4",
                "--partition",
                "4-3",
                "--tables",
                dir.toString(),
                "--goal",
                "0 1 2 3 4 5 6 7");
        assertTrue(Files.exists(dir.resolve("sliding-2x4-b0-t1.2.3.4.pdb")), blankFirst);
    }

    @Test
    void badArgumentsExitTwo() throws Exception {
        assertTrue(run(2, "build", "--puzzle", "magic-board").contains("sliding puzzles"));
        assertTrue(run(2, "build", "--puzzle", "eight-puzzle", "--partition", "4-4-4", "--tables", dir.toString())
                .contains("more tiles"));
        String spark = run(
                2,
                "build",
                "--puzzle",
                "twenty-four-puzzle",
                "--partition",
                "blocks-7-7-5-5",
                "--engine",
                "spark",
                "--goal",
                "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24",
                "--tables",
                dir.toString());
        assertEquals(
                "tables build: --engine spark: pattern [2, 3, 4, 8, 9, 13, 14] of twenty-four-puzzle has 2,422,728,000 "
                        + "placements, more than the Spark build collects on its driver (2,147,483,639): build "
                        + "it without --engine spark",
                spark.strip());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing is built");
        }
    }
}
