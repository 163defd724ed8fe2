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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Locale;
import java.util.Properties;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FileStatus;
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
        // the distance files written before the checkpoint, which the resumed run publishes with its own
        Path distances = new Path(from.getParent(), "distances");
        List<String[]> files = new ArrayList<>(); // {path, recorded length and CRC32C}
        try {
            for (Map.Entry<String, String> e : new TreeMap<>(checkpoint.distanceSums()).entrySet()) {
                Path file = new Path(distances, e.getKey());
                long recorded = Long.parseLong(e.getValue().split(" ")[0]);
                long length;
                try {
                    length = fs.getFileStatus(file).getLen();
                } catch (FileNotFoundException missing) {
                    throw new CheckpointDamagedException(file, "missing (recorded in " + new Path(from, ExploreCheckpoints.META) + ")");
                }
                if (length != recorded) {
                    throw new CheckpointDamagedException(file, (length < recorded ? "truncated: " : "too long: ") + length
                            + " bytes, " + recorded + " recorded in " + new Path(from, ExploreCheckpoints.META));
                }
                files.add(new String[] {file.toString(), e.getValue().split(" ")[1]});
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        HadoopConf c = conf;
        int[] crcs = checkpoint.crcs();
        for (int part = 0; part < layout.parts(); part++) {
            files.add(new String[] {new Path(from, partName(part)).toString(), hex(crcs[part])});
        }
        List<String> problems = jsc.parallelize(files, Math.max(1, Math.min(files.size(), 4 * jsc.defaultParallelism())))
                .map(f -> checkFile(c, new Path(f[0]), Integer.parseUnsignedInt(f[1], 16)))
                .filter(problem -> !problem.isEmpty())
                .collect();
        if (!problems.isEmpty()) {
            throw new CheckpointDamagedException(problems.stream().sorted().findFirst().orElseThrow());
        }
    }

    /**
     * The length and CRC32C ({@code "LENGTH CRC"}) of each streamed distance file in {@code dir},
     * by name: those of {@code known} with an unchanged length are taken from it, the others read
     * on the executors (one task per file).
     */
    static Map<String, String> distanceSums(JavaSparkContext jsc, HadoopConf conf, FileSystem fs, Path dir,
            Map<String, String> known) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        if (!fs.exists(dir)) {
            return sums;
        }
        List<String> toRead = new ArrayList<>();
        for (FileStatus f : fs.listStatus(dir)) {
            String name = f.getPath().getName();
            if (name.startsWith(".") || name.startsWith("_") || DistanceFiles.firstDepth(name) < 0) {
                continue;
            }
            String k = known.get(name);
            if (k != null && Long.parseLong(k.split(" ")[0]) == f.getLen()) {
                sums.put(name, k);
            } else {
                toRead.add(name);
            }
        }
        if (!toRead.isEmpty()) {
            String d = dir.toString();
            HadoopConf c = conf;
            for (String[] s : jsc.parallelize(toRead, Math.min(toRead.size(), 4 * jsc.defaultParallelism())).map(name -> {
                Path file = new Path(d, name);
                long[] lengthAndCrc = crc(c, file);
                return new String[] {name, lengthAndCrc[0] + " " + hex((int) lengthAndCrc[1])};
            }).collect()) {
                sums.put(s[0], s[1]);
            }
        }
        return sums;
    }

    /** {length, CRC32C} of a file's bytes. */
    private static long[] crc(HadoopConf conf, Path file) throws IOException {
        try (InputStream in = file.getFileSystem(conf.get()).open(file)) {
            CRC32C crc = new CRC32C();
            byte[] buffer = new byte[1 << 16];
            long length = 0;
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
                length += n;
            }
            return new long[] {length, crc.getValue()};
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

    /** "" when the file's bytes have the recorded CRC32C, else "file: reason". */
    private static String checkFile(HadoopConf conf, Path file, int expected) {
        try {
            int actual = (int) crc(conf, file)[1];
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
