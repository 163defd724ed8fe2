package io.puzzleatlas.jobs.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet output file on the local disk written through java.nio, without Hadoop's file system: no checksum file
 * beside it and no per-write bookkeeping of the {@code file:} file system (parquet-java 1.13 has no local output file
 * of its own). The file must not exist yet.
 */
final class LocalParquetFile implements OutputFile {
    private final java.nio.file.Path path;

    LocalParquetFile(java.nio.file.Path path) {
        this.path = path;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
        return new Stream(Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
        return new Stream(Files.newOutputStream(path));
    }

    @Override
    public boolean supportsBlockSize() {
        return false;
    }

    @Override
    public long defaultBlockSize() {
        return 0;
    }

    @Override
    public String getPath() {
        return path.toString();
    }

    /** Counts the bytes written: Parquet's footer records the offsets of its pages. */
    private static final class Stream extends PositionOutputStream {
        private final OutputStream out;
        private long position;

        Stream(OutputStream file) {
            this.out = new BufferedOutputStream(file, 1 << 16);
        }

        @Override
        public long getPos() {
            return position;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            position++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            position += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
