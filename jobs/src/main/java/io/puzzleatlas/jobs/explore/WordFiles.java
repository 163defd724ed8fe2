package io.puzzleatlas.jobs.explore;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A two-bit state array ({@code long[]} words) as a raw little-endian file with its CRC32C, the body of both engines'
 * checkpoints. On the local file system the checksum-less raw file system is used (the CRC32C is the check), so a 10.9
 * GB array is written at disk speed.
 */
final class WordFiles {
    private static final int CHUNK_WORDS = 1 << 20;

    private WordFiles() {}

    /** The file system to write words through: a local one without its .crc files. */
    static FileSystem raw(FileSystem fs) {
        return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    }

    /** Writes {@code words[from, to)} to {@code file} (replacing it); returns their CRC32C. */
    static int write(FileSystem fs, Path file, long[] words, int from, int to) throws IOException {
        return write(fs, file, LongBuffer.wrap(words), from, to);
    }

    /**
     * Writes {@code words[from, to)} (a heap array's or a mapped range file's) to {@code file} (replacing it); returns
     * their CRC32C.
     */
    static int write(FileSystem fs, Path file, LongBuffer words, int from, int to) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buffer = ByteBuffer.allocate(CHUNK_WORDS * 8).order(ByteOrder.LITTLE_ENDIAN);
        LongBuffer view = buffer.asLongBuffer();
        try (OutputStream out = raw(fs).create(file, true)) {
            for (int i = from; i < to; i += CHUNK_WORDS) {
                int n = Math.min(CHUNK_WORDS, to - i);
                view.clear();
                view.put(0, words, i, n);
                out.write(buffer.array(), 0, n * 8);
                crc.update(buffer.array(), 0, n * 8);
            }
        }
        return (int) crc.getValue();
    }

    /** Reads {@code words.length} words from {@code file} into {@code words}; returns their CRC32C. */
    static int read(FileSystem fs, Path file, long[] words) throws IOException {
        return read(fs, file, LongBuffer.wrap(words));
    }

    /** Reads {@code words.limit()} words from {@code file} into {@code words}; returns their CRC32C. */
    static int read(FileSystem fs, Path file, LongBuffer words) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buffer = ByteBuffer.allocate(CHUNK_WORDS * 8).order(ByteOrder.LITTLE_ENDIAN);
        LongBuffer view = buffer.asLongBuffer();
        long total = words.limit();
        try (InputStream in = raw(fs).open(file)) {
            for (int i = 0; i < total; i += CHUNK_WORDS) {
                int n = (int) Math.min(CHUNK_WORDS, total - i);
                int bytes = n * 8;
                int got = in.readNBytes(buffer.array(), 0, bytes);
                if (got < bytes) {
                    throw new EOFException(
                            file + ": ends after " + ((long) i * 8 + got) + " bytes, expected " + total * 8);
                }
                crc.update(buffer.array(), 0, bytes);
                words.put(i, view, 0, n);
            }
            if (in.read() >= 0) {
                throw new IOException(file + ": longer than " + total * 8 + " bytes");
            }
        }
        return (int) crc.getValue();
    }
}
