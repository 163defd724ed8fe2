package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.io.HadoopConf;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * The checksums a checkpoint carries (docs/publishing.md): {@code part-NNNNN=LENGTH CRC32C} lines in
 * {@code _meta}, and a last line {@code crc32c=} over the bytes before it. They are the
 * checkpoint's own, so a copy that drops Hadoop's {@code .crc} files is still checked.
 */
final class CheckpointChecksums {
    /** The last line of {@code _meta}: the CRC32C of every byte before it, in hex. */
    static final String META_CRC = "crc32c=";

    private CheckpointChecksums() {
    }

    /** The properties of a {@code _meta} file whose checksum line matches the lines before it. */
    static Properties readMeta(FileSystem fs, Path meta) throws IOException {
        byte[] bytes;
        try (InputStream in = fs.open(meta)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            throw new CheckpointDamagedException(meta, "missing");
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        int last = text.lastIndexOf(META_CRC);
        if (last < 0 || (last > 0 && text.charAt(last - 1) != '\n')) {
            throw new CheckpointDamagedException(meta, "no " + META_CRC + " line (damaged, or written before checkpoints had checksums)");
        }
        String body = text.substring(0, last);
        String expected = text.substring(last + META_CRC.length()).strip();
        String actual = crcHex(body.getBytes(StandardCharsets.UTF_8));
        if (!actual.equals(expected)) {
            throw new CheckpointDamagedException(meta, "damaged (CRC32C " + actual + ", recorded " + expected + ")");
        }
        Properties p = new Properties();
        p.load(new StringReader(body));
        return p;
    }

    /**
     * Checks every part of a checkpoint against {@code _meta} before it is resumed: present and
     * of its length (on the driver), and of its CRC32C (read on the executors, one task per part).
     * Throws {@link CheckpointDamagedException} naming the first bad part.
     */
    static void verify(JavaSparkContext jsc, HadoopConf conf, FileSystem fs, ExploreCheckpoints.Checkpoint checkpoint,
            RangeLayout layout) {
        Path from = checkpoint.path();
        try {
            for (int part = 0; part < checkpoint.parts(); part++) {
                Path file = new Path(from, partName(part));
                long expected = TwoBitLevel.words(layout.length(part)) * 8;
                if (checkpoint.lengths()[part] != expected) {
                    throw new CheckpointDamagedException(new Path(from, ExploreCheckpoints.META), partName(part) + " has length "
                            + checkpoint.lengths()[part] + ", the layout " + expected);
                }
                long length;
                try {
                    length = fs.getFileStatus(file).getLen();
                } catch (FileNotFoundException e) {
                    throw new CheckpointDamagedException(file, "missing");
                }
                if (length != checkpoint.lengths()[part]) {
                    throw new CheckpointDamagedException(file, (length < checkpoint.lengths()[part] ? "truncated: " : "too long: ")
                            + length + " bytes, " + checkpoint.lengths()[part] + " recorded in " + ExploreCheckpoints.META);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HadoopConf c = conf;
        int[] crcs = checkpoint.crcs();
        List<Integer> parts = IntStream.range(0, layout.parts()).boxed().collect(Collectors.toList());
        List<String> problems = jsc.parallelize(parts, layout.parts())
                .map(part -> checkPart(c, from, part, crcs[part]))
                .filter(problem -> !problem.isEmpty())
                .collect();
        if (!problems.isEmpty()) {
            throw new CheckpointDamagedException(problems.stream().sorted().findFirst().orElseThrow());
        }
    }

    /**
     * Writes a checkpoint's {@code _meta}: the properties one per line, sorted (so equal
     * checkpoints give equal files), then the checksum line {@link #readMeta} checks.
     */
    static void writeMeta(FileSystem fs, Path meta, Properties p) throws IOException {
        StringBuilder sb = new StringBuilder();
        p.stringPropertyNames().stream().sorted().forEach(k ->
                sb.append(k).append('=').append(p.getProperty(k).replace("\\", "\\\\")).append('\n'));
        byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = fs.create(meta, true)) {
            out.write(body);
            out.write(checksumLine(body));
        }
    }

    /** The last line of {@code _meta}: the CRC32C of every byte before it. */
    static byte[] checksumLine(byte[] body) {
        return (META_CRC + crcHex(body) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** "" when the part's bytes have the recorded CRC32C, else "file: reason". */
    private static String checkPart(HadoopConf conf, Path dir, int part, int expected) {
        Path file = new Path(dir, partName(part));
        try (InputStream in = file.getFileSystem(conf.get()).open(file)) {
            CRC32C crc = new CRC32C();
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
            }
            int actual = (int) crc.getValue();
            return actual == expected ? "" : file + ": damaged (CRC32C " + hex(actual) + ", recorded " + hex(expected) + ")";
        } catch (IOException e) {
            return file + ": unreadable (" + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")";
        }
    }

    static String partName(int part) {
        return String.format(Locale.ROOT, "part-%05d", part);
    }

    static String hex(int crc) {
        return String.format(Locale.ROOT, "%08x", crc);
    }

    static String crcHex(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return hex((int) crc.getValue());
    }

}
