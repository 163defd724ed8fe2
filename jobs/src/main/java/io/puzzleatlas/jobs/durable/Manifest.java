package io.puzzleatlas.jobs.durable;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.Path;

/**
 * What a checkpoint holds: its properties (what run wrote it, how far it got) and every file it consists of, by path
 * relative to its {@link DurableDir}, with the file's {@link Sum}. Written as sorted {@code key=value} lines (files as
 * {@code file.PATH=LENGTH CRC}), so equal checkpoints give equal bytes, and a last line {@code crc32c=} over the bytes
 * before it: the manifest checks itself, and needs no {@code .crc} file beside it (a copy that drops those is still
 * checked).
 */
public record Manifest(Map<String, String> properties, Map<String, Sum> files) {
    /** The last line: the CRC32C of every byte before it, in hex. */
    public static final String CRC_LINE = "crc32c=";

    private static final String FILE = "file.";

    public Manifest {
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
        files = Collections.unmodifiableMap(new TreeMap<>(files));
    }

    /** A manifest being put together. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this manifest's properties and files, to add to or drop from. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.properties.putAll(properties);
        b.files.putAll(files);
        return b;
    }

    /** Property {@code key}; throws naming {@code where} when absent. */
    public String get(String key, Path where) {
        String v = properties.get(key);
        if (v == null) {
            throw new DamagedStateException(where, "no '" + key + "' (damaged, or written by another version)");
        }
        return v;
    }

    public Optional<String> find(String key) {
        return Optional.ofNullable(properties.get(key));
    }

    byte[] toBytes() {
        StringBuilder sb = new StringBuilder();
        Map<String, String> lines = new TreeMap<>(properties);
        files.forEach((name, sum) -> lines.put(FILE + name, sum.toString()));
        lines.forEach((k, v) -> sb.append(k).append('=').append(escape(v)).append('\n'));
        byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
        byte[] line = (CRC_LINE + Sum.hex(Sum.of(body).crc()) + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[body.length + line.length];
        System.arraycopy(body, 0, all, 0, body.length);
        System.arraycopy(line, 0, all, body.length, line.length);
        return all;
    }

    /** The manifest in {@code bytes} read from {@code where}; {@link DamagedStateException} naming it when damaged. */
    static Manifest parse(Path where, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int last = text.lastIndexOf(CRC_LINE);
        if (last < 0 || (last > 0 && text.charAt(last - 1) != '\n')) {
            throw new DamagedStateException(
                    where, "no " + CRC_LINE + " line (damaged, or written before checkpoints had checksums)");
        }
        String body = text.substring(0, last);
        String recorded = text.substring(last + CRC_LINE.length()).strip();
        CRC32C crc = new CRC32C();
        crc.update(body.getBytes(StandardCharsets.UTF_8));
        String actual = Sum.hex((int) crc.getValue());
        if (!actual.equals(recorded)) {
            throw new DamagedStateException(where, "damaged (CRC32C " + actual + ", recorded " + recorded + ")");
        }
        Properties p = new Properties();
        try {
            p.load(new StringReader(body));
        } catch (IOException | IllegalArgumentException e) {
            throw new DamagedStateException(where, "malformed (" + e.getMessage() + ")");
        }
        Builder b = new Builder();
        for (String key : p.stringPropertyNames()) {
            String value = p.getProperty(key);
            if (key.startsWith(FILE)) {
                String name = key.substring(FILE.length());
                if (!DurableDir.isRelative(name)) {
                    throw new DamagedStateException(where, "names a file outside its directory: " + name);
                }
                try {
                    b.file(name, Sum.parse(value));
                } catch (IllegalArgumentException e) {
                    throw new DamagedStateException(where, "malformed sum of " + name + " (" + e.getMessage() + ")");
                }
            } else {
                b.set(key, value);
            }
        }
        return b.build();
    }

    private static String escape(String v) {
        return v.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** Properties and files put together before a {@link DurableDir#commit}. */
    public static final class Builder {
        private final Map<String, String> properties = new TreeMap<>();
        private final Map<String, Sum> files = new TreeMap<>();

        private Builder() {}

        public Builder set(String key, String value) {
            if (key.startsWith(FILE) || key.startsWith(CRC_LINE.substring(0, CRC_LINE.length() - 1))) {
                throw new IllegalArgumentException("reserved manifest key " + key);
            }
            properties.put(key, value);
            return this;
        }

        public Builder file(String name, Sum sum) {
            files.put(name, sum);
            return this;
        }

        /** Drops the files under {@code prefix} (a directory's, with its trailing slash, or one name). */
        public Builder dropFiles(String prefix) {
            files.keySet().removeIf(n -> n.startsWith(prefix));
            return this;
        }

        public Manifest build() {
            return new Manifest(properties, files);
        }
    }
}
