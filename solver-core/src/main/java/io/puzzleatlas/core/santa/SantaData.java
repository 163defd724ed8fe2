package io.puzzleatlas.core.santa;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The competition's data as published: {@code puzzle_info.csv} and {@code puzzles.csv}, read from the competition's zip
 * (entries at its root or under one folder) or from a directory holding them, unchanged.
 */
public record SantaData(Map<String, PuzzleType> types, Map<Integer, SantaPuzzle> puzzles) {
    public static final String PUZZLE_INFO = "puzzle_info.csv";
    public static final String PUZZLES = "puzzles.csv";
    /** The competition's sample submission, which its zip holds beside the two files. */
    public static final String SAMPLE_SUBMISSION = "sample_submission.csv";

    /** Reads the types and puzzles of {@code path}, a zip or a directory. */
    public static SantaData load(Path path) {
        Map<String, PuzzleType> types = PuzzleInfoReader.read(PUZZLE_INFO, text(path, PUZZLE_INFO));
        return new SantaData(types, PuzzlesReader.read(PUZZLES, text(path, PUZZLES), types));
    }

    /**
     * Whether {@code path}, a zip or a directory, holds file {@code name} (in a zip: at its root or under a folder).
     */
    public static boolean holds(Path path, String name) {
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve(name));
        }
        try (ZipFile zip = new ZipFile(path.toFile())) {
            return entry(zip, name) != null;
        } catch (IOException e) {
            throw new UncheckedIOException(path + ": cannot read (" + e.getMessage() + ")", e);
        }
    }

    private static ZipEntry entry(ZipFile zip, String name) {
        ZipEntry entry = zip.getEntry(name);
        return entry != null
                ? entry
                : zip.stream()
                        .filter(e -> e.getName().endsWith("/" + name))
                        .findFirst()
                        .orElse(null);
    }

    /** The text of file {@code name} of {@code path}, a zip or a directory, as UTF-8. */
    public static String text(Path path, String name) {
        try {
            if (Files.isDirectory(path)) {
                return Files.readString(path.resolve(name), StandardCharsets.UTF_8);
            }
            try (ZipFile zip = new ZipFile(path.toFile())) {
                ZipEntry entry = entry(zip, name);
                if (entry == null) {
                    throw new SantaFormatException(path.toString(), "no " + name + " in the zip");
                }
                try (InputStream in = zip.getInputStream(entry)) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(path + ": cannot read " + name + ": " + e.getMessage(), e);
        }
    }
}
