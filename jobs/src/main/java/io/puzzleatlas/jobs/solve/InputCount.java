package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.jobs.io.LocalDatasets;
import io.puzzleatlas.jobs.io.ParquetDatasets;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * How many positions an input holds, as the driver's plan needs it ({@code SolverSettings.positions}) before the job
 * reads anything: a Parquet file's rows from its footer, a text file's lines from the newlines of its first MiB scaled
 * to its length, a judge file one task. Only local regular files are looked at (a pipe is read once, by the job); 0
 * where the count is not known (another file system, a pipe, a file that cannot be read: the job reports those itself).
 */
public final class InputCount {
    private static final int SAMPLE = 1 << 20;

    private InputCount() {}

    /** The positions of {@code input} read as {@code format} (null: from the file names), or 0 when not known. */
    public static long positions(String input, InputFormat format) {
        try {
            Path path = local(input);
            if (path == null || !Files.exists(path)) {
                return 0;
            }
            List<Path> files;
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    files = walk.filter(Files::isRegularFile)
                            .filter(f -> LocalDatasets.visible(path.relativize(f)))
                            .toList();
                }
            } else if (Files.isRegularFile(path)) {
                files = List.of(path);
            } else {
                return 0;
            }
            long n = 0;
            Configuration conf = new Configuration(); // Hadoop's defaults parsed once, at the first footer
            for (Path f : files) {
                InputFormat kind = format != null
                        ? format
                        : InputFormat.ofName(f.getFileName().toString());
                n += switch (kind) {
                    case PARQUET -> ParquetDatasets.fileRows(conf, new org.apache.hadoop.fs.Path(f.toUri()));
                    case CSV -> lines(f);
                    case JUDGE -> 1;
                };
            }
            return n;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static Path local(String input) {
        if (!input.contains(":")) {
            return Paths.get(input);
        }
        URI uri = URI.create(input);
        return "file".equals(uri.getScheme()) ? Paths.get(uri) : null;
    }

    /** Lines of a text file: counted in its first MiB, scaled to its length (a header line included). */
    private static long lines(Path f) throws IOException {
        long size = Files.size(f);
        byte[] buffer = new byte[(int) Math.min(SAMPLE, size)];
        int read = 0;
        try (InputStream in = Files.newInputStream(f)) {
            while (read < buffer.length) {
                int r = in.read(buffer, read, buffer.length - read);
                if (r < 0) {
                    break;
                }
                read += r;
            }
        }
        long newlines = 0;
        for (int i = 0; i < read; i++) {
            newlines += buffer[i] == '\n' ? 1 : 0;
        }
        if (read == 0) {
            return 0;
        }
        int header = header(buffer, read) ? 1 : 0;
        if (read == size) {
            return newlines + (buffer[read - 1] == '\n' ? 0 : 1) - header;
        }
        return Math.max(1, Math.round((double) newlines * size / read) - header);
    }

    /** Whether the first line holds no digit (a header: {@code start,goal}; boards and limits have digits). */
    private static boolean header(byte[] buffer, int read) {
        for (int i = 0; i < read && buffer[i] != '\n'; i++) {
            if (buffer[i] >= '0' && buffer[i] <= '9') {
                return false;
            }
        }
        return true;
    }
}
