package io.puzzleatlas.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file written whole or not at all: its bytes, its replacement, what a failure leaves, a rename. */
class AtomicFilesTest {
    @TempDir
    Path tmp;

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesTheBytesInANewDirectoryAndReplacesAnOldFile() throws IOException {
        Path file = tmp.resolve("a/b/table.bin");
        AtomicFiles.write(file, "first".getBytes(StandardCharsets.US_ASCII));
        assertEquals("first", Files.readString(file));
        AtomicFiles.write(file, ch -> {
            AtomicFiles.writeFully(ch, ByteBuffer.wrap("sec".getBytes(StandardCharsets.US_ASCII)));
            AtomicFiles.writeFully(ch, ByteBuffer.wrap("ond".getBytes(StandardCharsets.US_ASCII)));
        });
        assertEquals("second", Files.readString(file));
        assertEquals(List.of("table.bin"), names(file.getParent()), "nothing left aside");
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        }
    }

    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNothingAside() throws IOException {
        Path file = tmp.resolve("state.properties");
        byte[] old = {1, 2, 3};
        AtomicFiles.write(file, old);
        IOException e = assertThrows(
                IOException.class,
                () -> AtomicFiles.write(file, ch -> {
                    AtomicFiles.writeFully(ch, ByteBuffer.wrap(new byte[] {9, 9}));
                    throw new IOException("No space left on device");
                }));
        assertEquals("No space left on device", e.getMessage());
        assertArrayEquals(old, Files.readAllBytes(file));
        assertEquals(List.of("state.properties"), names(tmp));
    }

    @Test
    void renamesADirectoryWholeAndRefusesAMissingOne() throws IOException {
        Path from = Files.createDirectories(tmp.resolve("staging/part"));
        Files.writeString(from.resolve("x"), "rows");
        Path to = tmp.resolve("published");
        AtomicFiles.rename(from, to);
        assertEquals("rows", Files.readString(to.resolve("x")));
        assertFalse(Files.exists(from));
        assertThrows(IOException.class, () -> AtomicFiles.rename(tmp.resolve("missing"), tmp.resolve("other")));
        assertTrue(Files.isDirectory(to));
        assertFalse(Files.exists(tmp.resolve("other")));
    }
}
