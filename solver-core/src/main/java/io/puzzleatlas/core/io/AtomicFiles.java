package io.puzzleatlas.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The one way a local file of the project is written: aside in the same directory, forced to the device, renamed over
 * its name in one step ({@code rename(2)}), and the directory forced so that the new name survives a crash. A reader
 * sees the old file or the new one, never part of one; a write that fails leaves no file aside and the old one, if any,
 * in place. Files on a Hadoop file system (HDFS, a job's output) go through the jobs' own publishing instead.
 */
public final class AtomicFiles {
    /** What is written into the file aside, from its start; the channel is forced and closed afterwards. */
    @FunctionalInterface
    public interface Content {
        void writeTo(FileChannel channel) throws IOException;
    }

    private AtomicFiles() {}

    /**
     * Writes {@code file} whole with what {@code content} writes, creating its directory if missing. The file is
     * {@code rw-r--r--} on a POSIX file system (a file aside is private at first; the project's files are meant to be
     * shared).
     */
    public static void write(Path file, Content content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path aside = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            try (FileChannel ch =
                    FileChannel.open(aside, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                content.writeTo(ch);
                ch.force(true);
            }
            try {
                Files.setPosixFilePermissions(aside, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: its default permissions
            }
            Files.move(aside, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceDirectory(dir);
        } finally {
            Files.deleteIfExists(aside);
        }
    }

    /** Writes {@code bytes} as the whole of {@code file}. */
    public static void write(Path file, byte[] bytes) throws IOException {
        write(file, ch -> writeFully(ch, ByteBuffer.wrap(bytes)));
    }

    /** Writes every remaining byte of {@code buf} (a channel may write fewer than asked). */
    public static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    /**
     * Renames {@code from} (a file or a directory) to {@code to} in one step, never by a copy, then forces the
     * directories that hold both names. When the rename fails, both are as they were.
     */
    public static void rename(Path from, Path to) throws IOException {
        Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        Path toDir = to.toAbsolutePath().getParent();
        Path fromDir = from.toAbsolutePath().getParent();
        forceDirectory(toDir);
        if (!fromDir.equals(toDir)) {
            forceDirectory(fromDir);
        }
    }

    /**
     * Forces the entries of directory {@code dir} (a rename in it) to the device. Where a directory cannot be opened
     * for that (Windows), its entries are as durable as the file system makes them.
     */
    static void forceDirectory(Path dir) throws IOException {
        FileChannel ch;
        try {
            ch = FileChannel.open(dir, StandardOpenOption.READ);
        } catch (IOException e) {
            return;
        }
        try (ch) {
            ch.force(true);
        }
    }
}
