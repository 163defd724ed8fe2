package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SantaDataTest {
    @TempDir
    Path dir;

    @Test
    void readsADirectory() throws IOException {
        Files.writeString(dir.resolve(SantaData.PUZZLE_INFO), TinyFiles.INFO_TEXT);
        Files.writeString(dir.resolve(SantaData.PUZZLES), TinyFiles.PUZZLES_TEXT);
        SantaData data = SantaData.load(dir);
        assertEquals(1, data.types().size());
        assertEquals(3, data.puzzles().size());
    }

    @Test
    void readsAZipWithItsFilesUnderOneFolder() throws IOException {
        Path zip = dir.resolve("santa.zip");
        try (OutputStream out = Files.newOutputStream(zip);
                ZipOutputStream z = new ZipOutputStream(out)) {
            entry(z, "data/" + SantaData.PUZZLE_INFO, TinyFiles.INFO_TEXT);
            entry(z, SantaData.PUZZLES, TinyFiles.PUZZLES_TEXT);
        }
        SantaData data = SantaData.load(zip);
        assertEquals(0, Replayer.replay(data.puzzles().get(2), new int[] {0, 0}).mismatches());
        assertEquals(
                zip + ": no sample_submission.csv in the zip",
                assertThrows(SantaFormatException.class, () -> SantaData.text(zip, "sample_submission.csv"))
                        .getMessage());
    }

    private static void entry(ZipOutputStream z, String name, String text) throws IOException {
        z.putNextEntry(new ZipEntry(name));
        z.write(text.getBytes(StandardCharsets.UTF_8));
        z.closeEntry();
    }
}
