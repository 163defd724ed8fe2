package io.puzzleatlas.jobs.atlas;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The atlas as CSV, one directory per space: {@code atlas/<space>/histogram.csv} with header
 * {@code puzzle,goal,depth,count} and {@code atlas/<space>/deepest.csv} with header
 * {@code puzzle,goal,depth,board} (the same columns as the Parquet datasets
 * {@code atlas/<space>/histogram} and {@code atlas/<space>/deepest}). Board texts hold digits and
 * spaces only, so fields are never quoted.
 */
public final class AtlasCsv implements AtlasSource {
    public static final String HISTOGRAM_HEADER = "puzzle,goal,depth,count";
    public static final String DEEPEST_HEADER = "puzzle,goal,depth,board";

    /** Writes one space under {@code root/atlas/<space>/}; returns that directory. */
    public static Path write(Path root, AtlasSpace s) throws IOException {
        Path dir = root.resolve("atlas").resolve(s.space());
        Files.createDirectories(dir);
        long[] h = s.histogram();
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("histogram.csv"), StandardCharsets.UTF_8)) {
            w.write(HISTOGRAM_HEADER + "\n");
            for (int d = 0; d < h.length; d++) {
                w.write(s.puzzle() + "," + s.goal() + "," + d + "," + h[d] + "\n");
            }
        }
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("deepest.csv"), StandardCharsets.UTF_8)) {
            w.write(DEEPEST_HEADER + "\n");
            for (String board : s.deepest()) {
                w.write(s.puzzle() + "," + s.goal() + "," + s.radius() + "," + board + "\n");
            }
        }
        return dir;
    }

    @Override
    public List<AtlasSpace> load(Path input) throws IOException {
        Path atlas = Files.isDirectory(input.resolve("atlas")) ? input.resolve("atlas") : input;
        List<AtlasSpace> spaces = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(atlas)) {
            for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve("histogram.csv"))).sorted().toList()) {
                spaces.add(read(dir));
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (spaces.isEmpty()) {
            throw new IOException("no atlas/<space>/histogram.csv under " + input);
        }
        return spaces;
    }

    private static AtlasSpace read(Path dir) throws IOException {
        String space = dir.getFileName().toString();
        List<String[]> rows = rows(dir.resolve("histogram.csv"), HISTOGRAM_HEADER);
        if (rows.isEmpty()) {
            throw new IOException(dir.resolve("histogram.csv") + ": no rows");
        }
        int maxDepth = 0;
        for (String[] r : rows) {
            maxDepth = Math.max(maxDepth, parseInt(r[2], dir));
        }
        long[] histogram = new long[maxDepth + 1];
        for (String[] r : rows) {
            histogram[parseInt(r[2], dir)] += Long.parseLong(r[3].trim());
        }
        List<String> deepest = new ArrayList<>();
        Path deepestFile = dir.resolve("deepest.csv");
        if (Files.exists(deepestFile)) {
            for (String[] r : rows(deepestFile, DEEPEST_HEADER)) {
                deepest.add(r[3].trim());
            }
        }
        return new AtlasSpace(space, rows.get(0)[0], rows.get(0)[1], histogram, deepest);
    }

    private static int parseInt(String s, Path dir) throws IOException {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IOException(dir + ": bad depth '" + s + "'", e);
        }
    }

    private static List<String[]> rows(Path file, String header) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).trim().equals(header)) {
            throw new IOException(file + ": expected header '" + header + "'");
        }
        List<String[]> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                String[] f = lines.get(i).split(",", -1);
                if (f.length != 4) {
                    throw new IOException(file + " line " + (i + 1) + ": expected 4 fields, got " + f.length);
                }
                rows.add(f);
            }
        }
        return rows;
    }
}
