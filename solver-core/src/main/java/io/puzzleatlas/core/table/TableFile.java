package io.puzzleatlas.core.table;

import io.puzzleatlas.core.io.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The one file format of the project's tables (the sliding puzzles' pattern databases, the defined puzzles' distance
 * tables). Big-endian: magic {@code "PADT"}, format version (int), the table's key (int length, UTF-8), what its kind
 * keeps beside the entries (int length, bytes: a histogram, nothing), the entries' length (long) and bytes, then a
 * CRC32C of everything before it. The key says what the table is of (a puzzle, a pattern, a goal, an encoding): a file
 * whose key differs is for another table and is never used. A reader checks the length, magic, version, key and CRC,
 * and refuses the file ({@link TableFileException}) in one line naming it and the first thing wrong. Written whole
 * ({@link AtomicFiles}). Version 1 of this format had no room for a kind's own bytes; the pattern databases had a
 * format of their own (magic {@code "PAPD"}): such files are refused as any damaged file is, and rebuilt.
 */
public final class TableFile {
    static final int MAGIC = 0x50414454; // "PADT"
    static final int FORMAT_VERSION = 2;
    private static final int IO_BLOCK = 1 << 24;
    /** Most bytes a key or a kind's own bytes take (a length above it is a corrupt header). */
    private static final int MAX_HEADER = 1 << 20;

    /** How a kind of table goes to and from its file. */
    public interface Codec<T> {
        /** What the file keeps beside the entries (the sizes and histogram the entries do not say). */
        byte[] meta(T table);

        /** The entries, as stored. */
        byte[] entries(T table);

        /** The table of {@code file} read back from its bytes; a {@link TableFileException} when they cannot be. */
        T decode(Path file, byte[] meta, byte[] entries) throws TableFileException;
    }

    /** A step run in the middle of a write, once its temporary file exists (a test seam fails there). */
    @FunctionalInterface
    public interface WriteStep {
        void run() throws IOException;
    }

    private TableFile() {}

    private static byte[] header(String key, byte[] meta, long entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT_VERSION);
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            out.writeInt(k.length);
            out.write(k);
            out.writeInt(meta.length);
            out.write(meta);
            out.writeLong(entries);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes {@code table}, whose key is {@code key}, to {@code file} atomically. */
    public static <T> void write(Path file, String key, Codec<T> codec, T table) throws IOException {
        write(file, key, codec, table, () -> {});
    }

    /**
     * {@link #write(Path, String, Codec, Object)} with {@code midWrite} run once the temporary file exists: a failure
     * there (a full device) leaves no file behind, as any failed write.
     */
    public static <T> void write(Path file, String key, Codec<T> codec, T table, WriteStep midWrite)
            throws IOException {
        byte[] payload = codec.entries(table);
        byte[] header = header(key, codec.meta(table), payload.length);
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
     * truncated, corrupt, of another format or version, or holds another table.
     */
    public static <T> T read(Path file, String key, Codec<T> codec) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long length = ch.size();
            ByteBuffer head = read(file, ch, 12, length);
            int magic = head.getInt(0);
            if (magic != MAGIC) {
                throw new TableFileException(file + ": not a table file (magic " + Integer.toHexString(magic) + ")");
            }
            int version = head.getInt(4);
            if (version != FORMAT_VERSION) {
                throw new TableFileException(
                        file + ": format version " + version + ", this build reads version " + FORMAT_VERSION);
            }
            int keyLength = head.getInt(8);
            if (keyLength < 0 || keyLength > MAX_HEADER) {
                throw new TableFileException(file + ": corrupt header");
            }
            String got = new String(read(file, ch, keyLength, length).array(), StandardCharsets.UTF_8);
            if (!got.equals(key)) {
                throw new TableFileException(
                        file + ": holds another table (" + oneLine(got) + "), expected " + oneLine(key));
            }
            int metaLength = read(file, ch, 4, length).getInt(0);
            if (metaLength < 0 || metaLength > MAX_HEADER) {
                throw new TableFileException(file + ": corrupt header");
            }
            byte[] meta = read(file, ch, metaLength, length).array();
            long entries = read(file, ch, 8, length).getLong(0);
            long want = ch.position() + entries + 4;
            if (entries < 0 || entries > Integer.MAX_VALUE - 8 || length != want) {
                throw new TableFileException(file + ": " + (length < want ? "truncated" : "trailing bytes") + ": "
                        + length + " bytes, expected " + want);
            }
            byte[] payload = new byte[(int) entries];
            for (int off = 0; off < payload.length; off += IO_BLOCK) {
                readFully(ch, ByteBuffer.wrap(payload, off, Math.min(IO_BLOCK, payload.length - off)));
            }
            int stored = read(file, ch, 4, length).getInt(0);
            CRC32C crc = new CRC32C();
            crc.update(header(key, meta, entries));
            crc.update(payload);
            if (stored != (int) crc.getValue()) {
                throw new TableFileException(file + ": checksum mismatch (CRC32C " + Integer.toHexString(stored)
                        + " stored, " + Long.toHexString(crc.getValue()) + " computed): the file is corrupt");
            }
            return codec.decode(file, meta, payload);
        }
    }

    /** A key as a refusal names it, on one line. */
    private static String oneLine(String key) {
        return key.replace("\n", " / ");
    }

    /** The next {@code n} bytes of the file's header; a file that ends first is truncated. */
    private static ByteBuffer read(Path file, FileChannel ch, int n, long length) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(n);
        if (readFully(ch, buf) < n) {
            throw new TableFileException(file + ": truncated: " + length + " bytes, shorter than its header");
        }
        return buf;
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
}
