package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.durable.Sum;
import java.io.IOException;
import java.util.zip.CRC32C;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet output file that sums its bytes as they are written: the task that writes a distance file knows its length
 * and CRC32C when it closes it ({@link #sum}), so the driver records them without reading the file back.
 */
final class SummingOutputFile implements OutputFile {
    private final OutputFile file;
    private final CRC32C crc = new CRC32C();
    private long length;

    SummingOutputFile(OutputFile file) {
        this.file = file;
    }

    /** The length and CRC32C of the bytes written so far. */
    Sum sum() {
        return new Sum(length, (int) crc.getValue());
    }

    @Override
    public PositionOutputStream create(long blockSize) throws IOException {
        return summing(file.create(blockSize));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSize) throws IOException {
        return summing(file.createOrOverwrite(blockSize));
    }

    @Override
    public boolean supportsBlockSize() {
        return file.supportsBlockSize();
    }

    @Override
    public long defaultBlockSize() {
        return file.defaultBlockSize();
    }

    @Override
    public String getPath() {
        return file.getPath();
    }

    private PositionOutputStream summing(PositionOutputStream out) {
        crc.reset();
        length = 0;
        return new PositionOutputStream() {
            @Override
            public long getPos() throws IOException {
                return out.getPos();
            }

            @Override
            public void write(int b) throws IOException {
                out.write(b);
                crc.update(b);
                length++;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                crc.update(b, off, len);
                length += len;
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        };
    }
}
