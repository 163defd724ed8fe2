package io.puzzleatlas.jobs.durable;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.Locale;
import java.util.zip.CRC32C;

/** A file's length and CRC32C, as a manifest records it ({@code "LENGTH CRC"}, the CRC in hex). */
public record Sum(long length, int crc) implements Serializable {

    /** The sum of {@code bytes}. */
    public static Sum of(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return new Sum(bytes.length, (int) crc.getValue());
    }

    /** The sum of everything {@code in} holds (read to its end, not closed). */
    public static Sum of(InputStream in) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buffer = new byte[1 << 16];
        long length = 0;
        for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
            crc.update(buffer, 0, n);
            length += n;
        }
        return new Sum(length, (int) crc.getValue());
    }

    /** Parses {@code "LENGTH CRC"}; throws {@link IllegalArgumentException} when malformed. */
    public static Sum parse(String text) {
        String[] fields = text.strip().split(" ");
        if (fields.length != 2) {
            throw new IllegalArgumentException("not 'LENGTH CRC32C': " + text);
        }
        long length = Long.parseLong(fields[0]);
        if (length < 0) {
            throw new IllegalArgumentException("negative length: " + text);
        }
        return new Sum(length, Integer.parseUnsignedInt(fields[1], 16));
    }

    /** The CRC32C as eight hex digits. */
    public static String hex(int crc) {
        return String.format(Locale.ROOT, "%08x", crc);
    }

    /**
     * Why a file with sum {@code actual} is not the one recorded as this sum ("truncated: ...", "damaged (CRC32C
     * ...)"), or null when it is.
     */
    public String mismatch(Sum actual) {
        if (actual.length != length) {
            return (actual.length < length ? "truncated: " : "too long: ") + actual.length + " bytes, " + length
                    + " recorded";
        }
        return actual.crc == crc ? null : "damaged (CRC32C " + hex(actual.crc) + ", recorded " + hex(crc) + ")";
    }

    @Override
    public String toString() {
        return length + " " + hex(crc);
    }
}
