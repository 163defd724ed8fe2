package io.puzzleatlas.core.table;

import io.puzzleatlas.core.io.AtomicFiles;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The file of one {@link DistanceTable}: a header (magic, version, the table's key, its size, storage and histogram),
 * the stored bytes, and a CRC32C of everything before it. The key names what the table is of (a definition's moves, a
 * projection, a goal): a file whose key differs is for another table and is never used. Written atomically (a temporary
 * file beside it, then a rename).
 */
public final class DistanceTableFile {
    static final int MAGIC = 0x50414454; // "PADT"
    static final int FORMAT_VERSION = 1;
    private static final int IO_BLOCK = 1 << 24;

    private DistanceTableFile() {}

    private static byte[] header(String key, long size, boolean packed, long[] histogram) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT_VERSION);
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            out.writeInt(k.length);
            out.write(k);
            out.writeLong(size);
            out.writeBoolean(packed);
            out.writeInt(histogram.length);
            for (long c : histogram) {
                out.writeLong(c);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes {@code table}, whose key is {@code key}, to {@code file} atomically. */
    public static void write(DistanceTable table, String key, Path file) throws IOException {
        write(table, key, file, () -> {});
    }

    /** A step run in the middle of a write, once its temporary file exists (a test seam fails there). */
    @FunctionalInterface
    public interface WriteStep {
        void run() throws IOException;
    }

    /**
     * {@link #write(DistanceTable, String, Path)} with {@code midWrite} run once the temporary file exists: a failure
     * there (a full device) leaves no file behind, as any failed write.
     */
    public static void write(DistanceTable table, String key, Path file, WriteStep midWrite) throws IOException {
        byte[] header = header(key, table.size(), table.packed(), table.histogram());
        byte[] payload = table.storage();
        CRC32C crc = new CRC32C();
        crc.update(header);
        crc.update(payload);
        AtomicFiles.write(file, ch -> {
            AtomicFiles.writeFully(ch, ByteBuffer.wrap(header));
            midWrite.run();
            for (int off = 0; off < payload.length; off += IO_BLOCK) {
                AtomicFiles.writeFully(ch, ByteBuffer.wrap(payload, off, Math.min(IO_BLOCK, payload.length - off)));
            }
            AtomicFiles.writeFully(ch, ByteBuffer.allocate(4).putInt(0, (int) crc.getValue()));
        });
    }

    /**
     * Reads the table of {@code key} from {@code file}; a {@link TableFileException} says why when the file is
     * truncated, corrupt, of another version or holds another table.
     */
    public static DistanceTable read(Path file, String key) throws IOException {
        long length = Files.size(file);
        try (InputStream raw = Files.newInputStream(file);
                DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
            int magic = in.readInt();
            if (magic != MAGIC) {
                throw new TableFileException(
                        file + ": not a distance table file (magic " + Integer.toHexString(magic) + ")");
            }
            int version = in.readInt();
            if (version != FORMAT_VERSION) {
                throw new TableFileException(
                        file + ": format version " + version + ", this build reads version " + FORMAT_VERSION);
            }
            int keyLength = in.readInt();
            if (keyLength < 0 || keyLength > length) {
                throw new TableFileException(file + ": corrupt header");
            }
            byte[] k = in.readNBytes(keyLength);
            String got = new String(k, StandardCharsets.UTF_8);
            if (!got.equals(key)) {
                throw new TableFileException(file + ": holds another table (" + got + "), expected " + key);
            }
            long size = in.readLong();
            boolean packed = in.readBoolean();
            int levels = in.readInt();
            if (size < 0 || levels < 0 || levels > 256) {
                throw new TableFileException(file + ": corrupt header");
            }
            long[] histogram = new long[levels];
            for (int d = 0; d < levels; d++) {
                histogram[d] = in.readLong();
            }
            byte[] header = header(key, size, packed, histogram);
            long payloadBytes = packed ? Nibbles.bytes(size) : size;
            long want = header.length + payloadBytes + 4;
            if (length != want) {
                throw new TableFileException(file + ": " + (length < want ? "truncated" : "trailing bytes") + ": "
                        + length + " bytes, expected " + want);
            }
            byte[] payload = new byte[(int) payloadBytes];
            in.readFully(payload);
            int stored = in.readInt();
            CRC32C crc = new CRC32C();
            crc.update(header);
            crc.update(payload);
            if (stored != (int) crc.getValue()) {
                throw new TableFileException(file + ": checksum mismatch: the file is corrupt");
            }
            return new DistanceTable(payload, packed, size, histogram);
        } catch (EOFException e) {
            throw new TableFileException(file + ": truncated");
        }
    }
}
