package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.definition.DefinitionException;
import io.puzzleatlas.core.definition.DefinitionKind;
import io.puzzleatlas.core.definition.Metric;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The atlas as CSV, one directory per space: {@code atlas/<space>/histogram.csv} with header
 * {@code puzzle,goal,depth,count} and {@code atlas/<space>/deepest.csv} with header {@code puzzle,goal,depth,board}
 * (the same columns as the Parquet datasets {@code atlas/<space>/histogram} and {@code atlas/<space>/deepest}). Board
 * texts hold digits and spaces only, so fields are never quoted.
 */
public final class AtlasCsv implements AtlasSource {
    public static final String HISTOGRAM_HEADER = "puzzle,goal,depth,count";
    public static final String DEEPEST_HEADER = "puzzle,goal,depth,board";

    /** Writes one space under {@code root/atlas/<space>/} through {@code fs}; returns that directory. */
    public static Path write(FileSystem fs, Path root, AtlasSpace s) throws IOException {
        Path dir = new Path(new Path(root, "atlas"), s.space());
        if (!fs.mkdirs(dir)) {
            throw new IOException("cannot create " + dir);
        }
        long[] h = s.histogram();
        try (BufferedWriter w = writer(fs, new Path(dir, "histogram.csv"))) {
            w.write(HISTOGRAM_HEADER + "\n");
            for (int d = 0; d < h.length; d++) {
                w.write(s.puzzle().name() + "," + s.goal() + "," + d + "," + h[d] + "\n");
            }
        }
        try (BufferedWriter w = writer(fs, new Path(dir, "deepest.csv"))) {
            w.write(DEEPEST_HEADER + "\n");
            for (String board : s.deepest()) {
                w.write(s.puzzle().name() + "," + s.goal() + "," + s.radius() + "," + board + "\n");
            }
        }
        if (s.puzzle().isDefinition()) {
            // the puzzle travels with its atlas: report reads it back from here
            try (OutputStream out = fs.create(new Path(dir, s.puzzle().definitionFileName()), true)) {
                out.write(s.puzzle().definitionContent());
            }
        }
        return dir;
    }

    private static BufferedWriter writer(FileSystem fs, Path file) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8));
    }

    private static boolean isDirectory(FileSystem fs, Path path) throws IOException {
        return fs.exists(path) && fs.getFileStatus(path).isDirectory();
    }

    @Override
    public List<AtlasSpace> load(FileSystem fs, Path input) throws IOException {
        Path atlas = isDirectory(fs, new Path(input, "atlas")) ? new Path(input, "atlas") : input;
        List<AtlasSpace> spaces = new ArrayList<>();
        FileStatus[] dirs = fs.listStatus(atlas);
        Arrays.sort(dirs);
        for (FileStatus dir : dirs) {
            if (dir.isDirectory() && fs.exists(new Path(dir.getPath(), "histogram.csv"))) {
                spaces.add(read(fs, dir.getPath()));
            }
        }
        if (spaces.isEmpty()) {
            throw new IOException("no atlas/<space>/histogram.csv under " + input);
        }
        return spaces;
    }

    /**
     * One space's files, checked as they are read, since a copy may have dropped the checksum files that would catch a
     * damaged one: depths run 0, 1, 2, ... one row each, every count is a positive number, and the counts sum to the
     * space's size where the puzzle and goal give it. The puzzle the files name is resolved here, once, for that check
     * and for the report's drawings: the one lookup by name of a puzzle read back from written data.
     */
    private static AtlasSpace read(FileSystem fs, Path dir) throws IOException {
        String space = dir.getName();
        Path file = new Path(dir, "histogram.csv");
        List<String[]> rows = rows(fs, file, HISTOGRAM_HEADER);
        if (rows.isEmpty()) {
            throw new IOException(file + ": no rows");
        }
        long[] histogram = new long[rows.size()];
        long sum = 0;
        for (int d = 0; d < rows.size(); d++) {
            String[] r = rows.get(d);
            int line = d + 2;
            if (parseInt(r[2], dir) != d) {
                throw new IOException(file + " line " + line + ": depth " + r[2].trim() + " where depth " + d
                        + " was expected (one row per depth, from 0, without gaps)");
            }
            try {
                histogram[d] = Long.parseLong(r[3].trim());
            } catch (NumberFormatException e) {
                throw new IOException(
                        file + " line " + line + ": count '" + r[3].trim() + "' is not a number of states", e);
            }
            if (histogram[d] <= 0) {
                throw new IOException(file + " line " + line + ": count " + histogram[d] + " is not positive");
            }
            sum = Math.addExact(sum, histogram[d]);
        }
        PuzzleHandle puzzle = puzzle(fs, dir, rows.get(0)[0].trim());
        long size = spaceSize(puzzle, rows.get(0)[1].trim());
        if (size > 0 && sum != size) {
            throw new IOException(file + ": the counts sum to " + sum + ", but " + puzzle.name() + " has " + size
                    + " states (the file is cut short or altered)");
        }
        List<String> deepest = new ArrayList<>();
        Path deepestFile = new Path(dir, "deepest.csv");
        if (fs.exists(deepestFile)) {
            for (String[] r : rows(fs, deepestFile, DEEPEST_HEADER)) {
                deepest.add(r[3].trim());
            }
        }
        return new AtlasSpace(space, puzzle, rows.get(0)[1], histogram, deepest);
    }

    /**
     * The puzzle named {@code name}: a built-in one, or the definition file written beside the space's files (a
     * {@code .tws} or {@code .json} whose stem and the name's metric give the name).
     */
    private static PuzzleHandle puzzle(FileSystem fs, Path dir, String name) throws IOException {
        for (FileStatus f : fs.listStatus(dir)) {
            String file = f.getPath().getName();
            String stem = DefinitionKind.stem(file);
            if (f.isFile() && !file.endsWith(".csv") && name.startsWith(stem + "-")) {
                byte[] bytes;
                try (InputStream in = fs.open(f.getPath())) {
                    bytes = in.readAllBytes();
                }
                try {
                    return PuzzleHandle.definition(
                            f.getPath().toString(), bytes, Metric.of(name.substring(stem.length() + 1)));
                } catch (DefinitionException | IllegalArgumentException e) {
                    throw new IOException(f.getPath() + ": " + e.getMessage(), e);
                }
            }
        }
        return PuzzleHandle.resolve(name);
    }

    /**
     * The states of a puzzle's space to {@code goal}, or 0 where the goal does not give it (a census, a goal that is no
     * board).
     */
    private static long spaceSize(PuzzleHandle puzzle, String goal) {
        try {
            Puzzle p = puzzle.puzzle();
            if (!p.hasGoalBoard()
                    || goal.isEmpty()
                    || puzzle.kind() instanceof DefinitionKind d
                            && d.definition().hasIdenticalPieces()) {
                return 0; // a coset space's ranks may be more than its states
            }
            return puzzle.kind().space(p, p.parse(goal)).size();
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static int parseInt(String s, Path dir) throws IOException {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IOException(dir + ": bad depth '" + s + "'", e);
        }
    }

    private static List<String[]> rows(FileSystem fs, Path file, String header) throws IOException {
        List<String> lines;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
            lines = r.lines().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
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
