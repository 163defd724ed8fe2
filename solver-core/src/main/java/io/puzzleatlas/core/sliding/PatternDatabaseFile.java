package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.io.AtomicFiles;
import io.puzzleatlas.core.table.TableFileException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The file of one {@link PatternDatabase}: a header, the packed four-bit entries, and a CRC32C of everything before it.
 * Header, big-endian: magic {@code "PAPD"}, format version (int), puzzle name (modified UTF-8), rows, columns, the
 * goal's blank cell, the pattern size k and its k tiles (bytes), the entry encoding (byte, 1 = halved excess over
 * Manhattan distance in four bits; 2 = the same for a table searched from another blank cell than the goal's, that cell
 * following as a byte), the entry count and the payload length (longs). A reader checks the length, magic, version,
 * every header field against what it asked for, and the checksum, and refuses the file on any mismatch.
 */
public final class PatternDatabaseFile {
    public static final int MAGIC = 0x50415044;
    public static final int FORMAT_VERSION = 1;
    public static final int ENCODING_HALF_EXCESS_NIBBLES = 1;
    public static final int ENCODING_HALF_EXCESS_NIBBLES_FROM_CELL = 2;
    private static final int IO_BLOCK = 1 << 24;

    private PatternDatabaseFile() {}

    /** File name of a pattern database, e.g. {@code fifteen-puzzle-b15-t1.2.3.4.5.6.7.8.pdb}. */
    public static String fileName(String puzzleName, int goalBlank, int[] tiles) {
        return fileName(puzzleName, goalBlank, goalBlank, tiles);
    }

    /**
     * File name of a pattern database searched from the blank on {@code startCell}: the regular name when that is the
     * goal blank's cell, else with {@code -s<cell>} before the extension.
     */
    public static String fileName(String puzzleName, int goalBlank, int startCell, int[] tiles) {
        StringBuilder sb =
                new StringBuilder(puzzleName).append("-b").append(goalBlank).append("-t");
        for (int j = 0; j < tiles.length; j++) {
            sb.append(j == 0 ? "" : ".").append(tiles[j]);
        }
        if (startCell != goalBlank) {
            sb.append("-s").append(startCell);
        }
        return sb.append(".pdb").toString();
    }

    static byte[] header(
            String puzzleName, int rows, int cols, int goalBlank, int startCell, int[] tiles, long entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT_VERSION);
            out.writeUTF(puzzleName);
            out.writeByte(rows);
            out.writeByte(cols);
            out.writeByte(goalBlank);
            out.writeByte(tiles.length);
            for (int t : tiles) {
                out.writeByte(t);
            }
            if (startCell == goalBlank) {
                out.writeByte(ENCODING_HALF_EXCESS_NIBBLES);
            } else {
                out.writeByte(ENCODING_HALF_EXCESS_NIBBLES_FROM_CELL);
                out.writeByte(startCell);
            }
            out.writeLong(entries);
            out.writeLong(PatternDatabase.entryBytes(entries));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes {@code pdb} to {@code file} atomically ({@link AtomicFiles}). */
    public static void write(PatternDatabase pdb, String puzzleName, Path file) throws IOException {
        byte[] header = header(
                puzzleName, pdb.rows(), pdb.cols(), pdb.goalBlank(), pdb.startCell(), pdb.tiles(), pdb.entries());
        byte[] payload = pdb.packed();
        CRC32C crc = new CRC32C();
        crc.update(header);
        crc.update(payload);
        AtomicFiles.write(file, ch -> {
            AtomicFiles.writeFully(ch, ByteBuffer.wrap(header));
            for (int off = 0; off < payload.length; off += IO_BLOCK) {
                AtomicFiles.writeFully(ch, ByteBuffer.wrap(payload, off, Math.min(IO_BLOCK, payload.length - off)));
            }
            AtomicFiles.writeFully(ch, ByteBuffer.allocate(4).putInt(0, (int) crc.getValue()));
        });
    }

    /**
     * Reads the pattern database of {@code tiles} for the goal class {@code goalBlank} of an R x C puzzle named
     * {@code puzzleName}; throws {@link TableFileException} saying exactly why when the file is truncated, corrupt, of
     * another version or for other tables.
     */
    public static PatternDatabase read(Path file, String puzzleName, int rows, int cols, int goalBlank, int[] tiles)
            throws IOException {
        return read(file, puzzleName, rows, cols, goalBlank, goalBlank, tiles);
    }

    /** {@link #read(Path, String, int, int, int, int[])} of a table searched from the blank on {@code startCell}. */
    public static PatternDatabase read(
            Path file, String puzzleName, int rows, int cols, int goalBlank, int startCell, int[] tiles)
            throws IOException {
        long entries = new PatternSpace(rows * cols, tiles.length).size();
        byte[] expected = header(puzzleName, rows, cols, goalBlank, startCell, tiles, entries);
        long payloadBytes = PatternDatabase.entryBytes(entries);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] header = new byte[expected.length];
            int got = readFully(ch, ByteBuffer.wrap(header));
            checkHeader(file, header, got, expected);
            long size = ch.size();
            long want = expected.length + payloadBytes + 4;
            if (size != want) {
                throw new TableFileException(file + ": " + (size < want ? "truncated" : "trailing bytes") + ": " + size
                        + " bytes, expected " + want);
            }
            byte[] payload = new byte[(int) payloadBytes];
            for (int off = 0; off < payload.length; off += IO_BLOCK) {
                readFully(ch, ByteBuffer.wrap(payload, off, Math.min(IO_BLOCK, payload.length - off)));
            }
            ByteBuffer stored = ByteBuffer.allocate(4);
            readFully(ch, stored);
            CRC32C crc = new CRC32C();
            crc.update(header);
            crc.update(payload);
            if (stored.getInt(0) != (int) crc.getValue()) {
                throw new TableFileException(
                        file + ": checksum mismatch (CRC32C " + Integer.toHexString(stored.getInt(0)) + " stored, "
                                + Long.toHexString(crc.getValue()) + " computed): the file is corrupt");
            }
            return new PatternDatabase(rows, cols, goalBlank, startCell, tiles, payload);
        }
    }

    private static int readFully(FileChannel ch, ByteBuffer buf) throws IOException {
        int total = 0;
        while (buf.hasRemaining()) {
            int n = ch.read(buf);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    private static void checkHeader(Path file, byte[] header, int got, byte[] expected) throws IOException {
        if (Arrays.equals(header, expected)) {
            return;
        }
        if (got < 8) {
            throw new TableFileException(file + ": truncated: " + got + " bytes, shorter than a header");
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(header));
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new TableFileException(
                    file + ": not a pattern database file (magic " + Integer.toHexString(magic) + ")");
        }
        int version = in.readInt();
        if (version != FORMAT_VERSION) {
            throw new TableFileException(file + ": format version " + version + ", this build reads version "
                    + FORMAT_VERSION + " (delete the file to rebuild it)");
        }
        if (got < expected.length) {
            throw new TableFileException(file + ": truncated header");
        }
        throw new TableFileException(file + ": header is for other tables: " + describe(header) + ", expected "
                + describe(expected) + " (puzzle, goal, pattern, encoding or entry count differ)");
    }

    private static String describe(byte[] header) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(header));
            in.readInt();
            in.readInt();
            String name = in.readUTF();
            int rows = in.readByte();
            int cols = in.readByte();
            int blank = in.readByte();
            int[] tiles = new int[in.readByte()];
            for (int j = 0; j < tiles.length; j++) {
                tiles[j] = in.readByte();
            }
            int encoding = in.readByte();
            return name + " " + rows + "x" + cols + ", goal blank cell " + blank + ", pattern " + Arrays.toString(tiles)
                    + (encoding == ENCODING_HALF_EXCESS_NIBBLES_FROM_CELL
                            ? ", searched from blank cell " + in.readByte()
                            : "");
        } catch (IOException e) {
            return "the expected header";
        }
    }
}
