package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.PatternDatabaseFile;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The one table file format: both kinds of table (a definition's distance table, a sliding puzzle's pattern database)
 * read back as written, and every bad file refused in one line naming it and what is wrong, files of the formats before
 * this one included.
 */
class TableFileTest {
    private static final String KEY = "plan-test\ndistances of every state to board 0";

    @TempDir
    Path dir;

    /** A table of {@code ranks} ranks whose distances cycle through 0 .. {@code radius}, with its histogram. */
    private static DistanceTable table(int ranks, int radius) {
        byte[] depth = new byte[ranks];
        long[] histogram = new long[radius + 1];
        for (int r = 0; r < ranks; r++) {
            depth[r] = (byte) (r % (radius + 2) == radius + 1 ? -1 : r % (radius + 2));
            if (depth[r] >= 0) {
                histogram[depth[r]]++;
            }
        }
        return new DistanceTable(depth, histogram);
    }

    private Path written(DistanceTable table) throws IOException {
        Path file = dir.resolve("t.pdb");
        TableFile.write(file, KEY, DistanceTable.FILE, table);
        return file;
    }

    @ParameterizedTest
    @ValueSource(ints = {14, 20})
    void distanceTablesRoundTrip(int radius) throws IOException {
        DistanceTable table = table(1001, radius);
        assertEquals(radius < 15, table.packed());
        DistanceTable back = TableFile.read(written(table), KEY, DistanceTable.FILE);
        assertEquals(table.packed(), back.packed());
        assertEquals(1001, back.size());
        assertArrayEquals(table.histogram(), back.histogram());
        for (int r = 0; r < 1001; r++) {
            assertEquals(table.get(r), back.get(r), "rank " + r);
        }
        assertEquals(DistanceTable.UNREACHED, back.get(radius + 1));
    }

    @Test
    void patternDatabasesRoundTrip() throws IOException {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        int[] tiles = {1, 2, 3, 4};
        PatternDatabase pdb = new PatternDatabaseBuilder(puzzle, 8, tiles, 1).build();
        Path file = dir.resolve(PatternDatabaseFile.fileName(puzzle.name(), 8, tiles));
        String key = PatternDatabaseFile.key(pdb, puzzle.name());
        assertEquals(
                "eight-puzzle 3x3, goal blank cell 8, pattern [1, 2, 3, 4], half excess over Manhattan in four bits",
                key);
        TableFile.write(file, key, PatternDatabaseFile.codec(pdb), pdb);
        PatternDatabase back = TableFile.read(file, key, PatternDatabaseFile.codec(3, 3, 8, 8, tiles));
        assertEquals(3024, back.entries());
        for (int r = 0; r < 3024; r++) {
            assertEquals(pdb.excess(r), back.excess(r), "rank " + r);
        }
        assertEquals(12 + key.length() + 4 + 8 + 1512 + 4, Files.size(file));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "empty",
                "short-header",
                "short-entries",
                "trailing",
                "magic",
                "version",
                "key",
                "entry-bit",
                "crc-bit",
                "meta"
            })
    void badFilesAreRefusedWithTheReason(String damage) throws IOException {
        Path file = written(table(1001, 14));
        byte[] bytes = Files.readAllBytes(file);
        switch (damage) {
            case "empty" -> bytes = new byte[0];
            case "short-header" -> bytes = Arrays.copyOf(bytes, 20);
            case "short-entries" -> bytes = Arrays.copyOf(bytes, bytes.length - 10);
            case "trailing" -> bytes = Arrays.copyOf(bytes, bytes.length + 1);
            case "magic" -> bytes[0] = 'X';
            case "version" -> bytes[7] = 9;
            case "key" -> bytes[12 + KEY.indexOf("board 0") + 6] = '1';
            case "entry-bit" -> bytes[bytes.length - 100] ^= 0x10;
            case "crc-bit" -> bytes[bytes.length - 1] ^= 1;
            case "meta" -> bytes[12 + KEY.length() + 4 + 7] ^= 1; // the size: the CRC no longer holds
            default -> throw new IllegalArgumentException(damage);
        }
        Files.write(file, bytes);
        TableFileException e =
                assertThrows(TableFileException.class, () -> TableFile.read(file, KEY, DistanceTable.FILE));
        String expected = switch (damage) {
            case "empty" -> file + ": truncated: 0 bytes, shorter than its header";
            case "short-header" -> file + ": truncated: 20 bytes, shorter than its header";
            case "short-entries" -> file + ": truncated: " + bytes.length + " bytes, expected " + (bytes.length + 10);
            case "trailing" -> file + ": trailing bytes: " + bytes.length + " bytes, expected " + (bytes.length - 1);
            case "magic" -> file + ": not a table file (magic 58414454)";
            case "version" -> file + ": format version 9, this build reads version 2";
            case "key" ->
                file + ": holds another table ("
                        + KEY.replace("board 0", "board 1").replace("\n", " / ") + "), expected "
                        + KEY.replace("\n", " / ");
            default -> file + ": checksum mismatch (CRC32C ";
        };
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        if (expected.endsWith("(CRC32C ")) {
            assertTrue(e.getMessage().endsWith(" computed): the file is corrupt"), e.getMessage());
        }
    }

    /** A file whose bytes hold together (its CRC too) but not as a table of its kind: refused, never used. */
    @Test
    void aConsistentFileOfTheWrongShapeIsRefused() throws IOException {
        Path file = dir.resolve("t.pdb");
        TableFile.write(file, KEY, new RawCodec(new byte[] {1, 2, 3}), new byte[10]);
        TableFileException e =
                assertThrows(TableFileException.class, () -> TableFile.read(file, KEY, DistanceTable.FILE));
        assertEquals(file + ": corrupt header", e.getMessage());
    }

    /**
     * Files of the formats before this one: a pattern database of its own format (magic PAPD) and a distance table of
     * version 1, each with its CRC intact, are refused as any damaged file is.
     */
    @Test
    void filesOfTheFormerFormatsAreRefused() throws IOException {
        Path papd = dir.resolve("eight-puzzle-b8-t1.2.3.4.pdb");
        Files.write(papd, withCrc(0x50415044, 1, out -> out.writeUTF("eight-puzzle")));
        TableFileException e = assertThrows(
                TableFileException.class,
                () -> TableFile.read(papd, "eight-puzzle", PatternDatabaseFile.codec(3, 3, 8, 8, new int[] {1})));
        assertEquals(papd + ": not a table file (magic 50415044)", e.getMessage());
        Path padt = dir.resolve("t1.pdb");
        Files.write(padt, withCrc(TableFile.MAGIC, 1, out -> out.writeInt(0)));
        e = assertThrows(TableFileException.class, () -> TableFile.read(padt, KEY, DistanceTable.FILE));
        assertEquals(padt + ": format version 1, this build reads version 2", e.getMessage());
    }

    private interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] withCrc(int magic, int version, Body body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(magic);
            out.writeInt(version);
            body.write(out);
            out.write(new byte[64]);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        bytes.write(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
        return bytes.toByteArray();
    }

    /** Entries with the given bytes beside them, as they are. */
    private record RawCodec(byte[] meta) implements TableFile.Codec<byte[]> {
        @Override
        public byte[] meta(byte[] table) {
            return meta;
        }

        @Override
        public byte[] entries(byte[] table) {
            return table;
        }

        @Override
        public byte[] decode(Path file, byte[] meta, byte[] entries) {
            return entries;
        }
    }
}
