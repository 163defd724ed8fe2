package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.table.TableFile;
import io.puzzleatlas.core.table.TableFileException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pattern database's table file (name, key): round trip, and every kind of bad file detected, rebuilt or refused,
 * never used.
 */
class PatternDatabaseFileTest {
    private static final SlidingPuzzle PUZZLE = new SlidingPuzzle(3, 3);
    private static final int[] TILES = {1, 2, 3, 4};

    @TempDir
    Path dir;

    private Path written() throws IOException {
        PatternDatabase pdb = new PatternDatabaseBuilder(PUZZLE, 8, TILES, 2).build();
        Path file = dir.resolve(PatternDatabaseFile.fileName(PUZZLE.name(), 8, TILES));
        write(pdb, file);
        return file;
    }

    private static void write(PatternDatabase pdb, Path file) throws IOException {
        TableFile.write(file, PatternDatabaseFile.key(pdb, PUZZLE.name()), PatternDatabaseFile.codec(pdb), pdb);
    }

    private static PatternDatabase read(Path file) throws IOException {
        return read(file, 8, 8, TILES);
    }

    private static PatternDatabase read(Path file, int goalBlank, int startCell, int[] tiles) throws IOException {
        return TableFile.read(
                file,
                PatternDatabaseFile.key(PUZZLE.name(), 3, 3, goalBlank, startCell, tiles),
                PatternDatabaseFile.codec(3, 3, goalBlank, startCell, tiles));
    }

    @Test
    void roundTrip() throws IOException {
        PatternDatabase built = new PatternDatabaseBuilder(PUZZLE, 8, TILES, 1).build();
        PatternDatabase back = read(written());
        assertEquals(built.entries(), back.entries());
        assertTrue(Arrays.equals(built.packed(), back.packed()));
        assertEquals("eight-puzzle-b8-t1.2.3.4.pdb", PatternDatabaseFile.fileName(PUZZLE.name(), 8, TILES));
    }

    /**
     * A table searched from another blank cell has its own name and header: it round-trips, and is refused when read as
     * the regular table of the same tiles or with another start cell.
     */
    @Test
    void tablesFromAnotherBlankCellKeepTheirStart() throws IOException {
        int[] tiles = {5, 6, 7, 8};
        PatternDatabase built = new PatternDatabaseBuilder(PUZZLE, 8, 0, tiles, 1).build();
        String name = PatternDatabaseFile.fileName(PUZZLE.name(), 8, 0, tiles);
        assertEquals("eight-puzzle-b8-t5.6.7.8-s0.pdb", name);
        Path file = dir.resolve(name);
        write(built, file);
        PatternDatabase back = read(file, 8, 0, tiles);
        assertEquals(0, back.startCell());
        assertTrue(Arrays.equals(built.packed(), back.packed()));
        TableFileException regular = assertThrows(TableFileException.class, () -> read(file, 8, 8, tiles));
        assertTrue(regular.getMessage().contains("searched from blank cell 0"), regular.getMessage());
        assertThrows(TableFileException.class, () -> read(file, 8, 1, tiles));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "truncated",
                "truncated-header",
                "empty",
                "trailing",
                "payload-bit",
                "checksum-bit",
                "magic",
                "version",
                "header-tile"
            })
    void badFilesAreRefusedWithTheReason(String damage) throws IOException {
        Path file = written();
        byte[] bytes = Files.readAllBytes(file);
        String key = PatternDatabaseFile.key(PUZZLE.name(), 3, 3, 8, 8, TILES);
        int headerLength = 12 + key.length() + 4 + 8;
        switch (damage) {
            case "truncated" -> bytes = Arrays.copyOf(bytes, bytes.length - 100);
            case "truncated-header" -> bytes = Arrays.copyOf(bytes, 10);
            case "empty" -> bytes = new byte[0];
            case "trailing" -> bytes = Arrays.copyOf(bytes, bytes.length + 1);
            case "payload-bit" -> bytes[headerLength + 1234] ^= 0x10;
            case "checksum-bit" -> bytes[bytes.length - 1] ^= 1;
            case "magic" -> bytes[0] = 'X';
            case "version" -> bytes[7] = 9;
            case "header-tile" -> bytes[12 + key.indexOf("4]")] = '5';
            default -> throw new IllegalArgumentException(damage);
        }
        Files.write(file, bytes);
        TableFileException e = assertThrows(TableFileException.class, () -> read(file));
        String expected = switch (damage) {
            case "truncated", "truncated-header", "empty" -> "truncated";
            case "trailing" -> "trailing bytes";
            case "payload-bit", "checksum-bit" -> "checksum mismatch";
            case "magic" -> "not a table file";
            case "version" -> "format version 9";
            default -> "holds another table";
        };
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void mismatchedRequestIsRefused() throws IOException {
        Path file = written();
        TableFileException e = assertThrows(TableFileException.class, () -> read(file, 8, 8, new int[] {1, 2, 3, 5}));
        assertTrue(
                e.getMessage()
                        .contains("pattern [1, 2, 3, 4], half excess over Manhattan in four bits), expected "
                                + "eight-puzzle 3x3, goal blank cell 8, pattern [1, 2, 3, 5]"),
                e.getMessage());
        assertThrows(TableFileException.class, () -> read(file, 0, 0, TILES));
    }

    @Test
    void cacheRebuildsACorruptFile() throws IOException {
        Path file = written();
        byte[] good = Files.readAllBytes(file);
        byte[] bad = good.clone();
        bad[bad.length / 2] ^= 0x44;
        Files.write(file, bad);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PatternDatabaseCache cache =
                new PatternDatabaseCache(dir, true, 2, new PrintStream(log, true, StandardCharsets.UTF_8));
        PatternDatabase pdb = cache.get(PUZZLE, 8, TILES);
        assertEquals(3024, pdb.entries());
        assertTrue(
                log.toString(StandardCharsets.UTF_8).contains("checksum mismatch"),
                log.toString(StandardCharsets.UTF_8));
        assertTrue(Arrays.equals(good, Files.readAllBytes(file)), "rewritten");
        assertEquals(pdb, cache.get(PUZZLE, 8, TILES), "loaded once");
    }

    @Test
    void cacheWithoutBuildingRefusesBadAndMissingFiles() throws IOException {
        PatternDatabaseCache cache = new PatternDatabaseCache(dir, false, 2, System.err);
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> cache.get(PUZZLE, 8, TILES));
        assertTrue(missing.getMessage().contains("missing"), missing.getMessage());
        Path file = written();
        Files.write(file, Arrays.copyOf(Files.readAllBytes(file), 50));
        IllegalStateException truncated = assertThrows(IllegalStateException.class, () -> cache.get(PUZZLE, 8, TILES));
        assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());
    }

    /**
     * A file of the pattern databases' format before the one table format (magic PAPD, its own header): rebuilt, with
     * the reason on one line, where tables are built; refused, naming it and what to run, where they are not.
     */
    @Test
    void aFileOfTheFormerFormatIsRebuiltOrRefused() throws IOException {
        Path file = written();
        byte[] good = Files.readAllBytes(file);
        ByteArrayOutputStream old = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(old)) {
            out.writeInt(0x50415044);
            out.writeInt(1);
            out.writeUTF(PUZZLE.name());
            out.write(new byte[] {3, 3, 8, 4, 1, 2, 3, 4, 1});
            out.writeLong(3024);
            out.writeLong(1512);
            out.write(new byte[1512 + 4]);
        }
        Files.write(file, old.toByteArray());
        IllegalStateException refused = assertThrows(
                IllegalStateException.class,
                () -> new PatternDatabaseCache(dir, false, 2, System.err).get(PUZZLE, 8, TILES));
        assertEquals(
                "pattern database " + file + ": not a table file (magic 50415044); not built, as "
                        + "-Dpuzzleatlas.tables.build=false asks: rebuild it with 'tables build --puzzle eight-puzzle "
                        + "--force', or delete it and run again",
                refused.getMessage());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PatternDatabaseCache cache =
                new PatternDatabaseCache(dir, true, 2, new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(3024, cache.get(PUZZLE, 8, TILES).entries());
        assertTrue(
                log.toString(StandardCharsets.UTF_8)
                        .startsWith("pattern database " + file + ": not a table file (magic 50415044); building "),
                log.toString(StandardCharsets.UTF_8));
        assertTrue(Arrays.equals(good, Files.readAllBytes(file)), "rewritten in the one format");
    }
}
