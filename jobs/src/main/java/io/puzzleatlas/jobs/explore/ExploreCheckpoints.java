package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.HadoopConf;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Checkpoints of the Spark explore engine: every few levels each range file's two-bit words are
 * copied to a raw file ({@code level-NNN/part-NNNNN}), then the driver writes {@code _meta}
 * (puzzle, goal, size, what the run writes, layout, histogram so far, each part's length and
 * CRC32C, and last the CRC32C of the lines before it) and renames the level's directory into place,
 * so a checkpoint is whole or absent. {@code --resume} continues a new run from the latest one after
 * {@link #verify checking} every part against its checksum, so a damaged copy is refused instead of
 * resumed; a checkpoint of another puzzle, goal or choice of rows is refused and kept. The search
 * itself goes back to the last checkpoint when a level cannot go on ({@code SparkExplorer}).
 */
final class ExploreCheckpoints {
    static final String META = "_meta";

    private final JavaSparkContext jsc;
    private final HadoopConf conf;
    private final FileSystem fs;
    private final Path dir;
    private final String rows;
    /** The streamed distance files' lengths and CRC32Cs as of the last checkpoint written or resumed. */
    private Map<String, String> distanceSums = Map.of();

    /**
     * A complete checkpoint: the states after {@code level} levels in {@code parts} ranges of
     * {@code span} ranks, and each part's length and CRC32C.
     */
    record Checkpoint(int level, int parts, long span, List<Long> histogram, Path path, long[] lengths, int[] crcs,
            Map<String, String> distanceSums) {
    }

    /** Property prefix of a streamed distance file's length and CRC32C in {@code _meta}. */
    static final String DISTANCE = "distance.";

    /**
     * @param rows what the run writes besides the histogram: {@code none} (--histogram-only),
     *     {@code distances}, or {@code distances+states} (--with-states); a checkpoint is resumed
     *     only by a run that writes the same, so that {@code distances/} holds one schema
     */
    ExploreCheckpoints(JavaSparkContext jsc, Path dir, String rows) {
        this.jsc = jsc;
        this.rows = rows;
        this.conf = new HadoopConf(jsc.hadoopConfiguration());
        this.dir = dir;
        try {
            this.fs = dir.getFileSystem(jsc.hadoopConfiguration());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path dir() {
        return dir;
    }

    /** Where the Spark engine streams the distance files, level by level (kept across a resume). */
    Path distances() {
        return new Path(dir, "distances");
    }

    /** What {@code explore}'s options make it write besides the histogram, as a checkpoint records it. */
    static String rows(boolean histogramOnly, boolean withStates) {
        return histogramOnly ? "none" : withStates ? "distances+states" : "distances";
    }

    private static String describeRows(String rows) {
        return switch (rows) {
            case "none" -> "--histogram-only";
            case "distances+states" -> "--with-states";
            default -> "distances without states";
        };
    }

    private static String goalText(String goal) {
        return goal == null ? "" : " (goal " + goal + ")";
    }

    /**
     * Deletes the streamed distance files of depth {@code level} and deeper: those of levels
     * expanded after the checkpoint of {@code level}, which a resumed or recovered search writes
     * again (perhaps in other files: the driver may take over the last levels at another point).
     */
    void dropDistancesFrom(int level) {
        try {
            Path d = distances();
            if (!fs.exists(d)) {
                return;
            }
            for (FileStatus f : fs.listStatus(d)) {
                int depth = DistanceFiles.firstDepth(f.getPath().getName());
                if (depth >= level) {
                    fs.delete(f.getPath(), false);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a checkpoint (or a part of one) is there. */
    boolean present() {
        try {
            return fs.exists(dir) && fs.listStatus(dir).length > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void clear() {
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks a checkpoint's parts against its checksums before it is resumed ({@link CheckpointChecksums#verify}). */
    void verify(Checkpoint checkpoint, RangeLayout layout) {
        CheckpointChecksums.verify(jsc, conf, fs, checkpoint, layout);
        distanceSums = checkpoint.distanceSums();
    }

    /**
     * The latest checkpoint of this spec and size, if any; throws {@link CheckpointDamagedException}
     * when its {@code _meta} is missing, fails its checksum or lacks a field.
     */
    Optional<Checkpoint> latest(ExploreSpec spec, long size) {
        try {
            if (!fs.exists(dir)) {
                return Optional.empty();
            }
            FileStatus[] levels = fs.listStatus(dir, p -> p.getName().startsWith("level-"));
            if (levels.length == 0) {
                return Optional.empty();
            }
            Arrays.sort(levels);
            Path level = levels[levels.length - 1].getPath();
            Path meta = new Path(level, META);
            Properties p = CheckpointChecksums.readMeta(fs, meta);
            try {
                if (!spec.puzzleName().equals(p.getProperty("puzzle")) || !Objects.equals(spec.goalText(), p.getProperty("goal"))
                        || size != Long.parseLong(p.getProperty("size"))) {
                    throw new RefusedException(String.format("%s is a checkpoint of %s%s, not of %s%s: resume it with that "
                            + "puzzle and goal, or start again with --overwrite", fs.makeQualified(level), p.getProperty("puzzle"),
                            goalText(p.getProperty("goal")), spec.puzzleName(), goalText(spec.goalText())));
                }
                String rows = p.getProperty("rows", "distances");
                if (!rows.equals(this.rows)) {
                    throw new RefusedException(String.format("%s was written with %s, this run asks for %s: resume it with "
                            + "the same choice of --histogram-only and --with-states, or start again with --overwrite",
                            fs.makeQualified(level), describeRows(rows), describeRows(this.rows)));
                }
                List<Long> histogram = Arrays.stream(p.getProperty("histogram").split(","))
                        .map(Long::parseLong).collect(Collectors.toCollection(ArrayList::new));
                int parts = Integer.parseInt(p.getProperty("parts"));
                // checkpoints written before ranges started on a word record no span: theirs was ceil(size / parts)
                long span = Long.parseLong(p.getProperty("span", Long.toString((size + parts - 1) / parts)));
                long[] lengths = new long[parts];
                int[] crcs = new int[parts];
                for (int part = 0; part < parts; part++) {
                    String sum = p.getProperty(CheckpointChecksums.partName(part));
                    if (sum == null) {
                        throw new CheckpointDamagedException(meta, "no checksum of " + CheckpointChecksums.partName(part));
                    }
                    String[] fields = sum.split(" ");
                    lengths[part] = Long.parseLong(fields[0]);
                    crcs[part] = Integer.parseUnsignedInt(fields[1], 16);
                }
                Map<String, String> distanceSums = new TreeMap<>();
                for (String key : p.stringPropertyNames()) {
                    if (key.startsWith(DISTANCE)) {
                        String[] fields = p.getProperty(key).split(" ");
                        Long.parseLong(fields[0]); // well formed, or the catch below names _meta
                        Integer.parseUnsignedInt(fields[1], 16);
                        distanceSums.put(key.substring(DISTANCE.length()), p.getProperty(key));
                    }
                }
                return Optional.of(new Checkpoint(Integer.parseInt(p.getProperty("level")), parts, span, histogram,
                        fs.makeQualified(level), lengths, crcs, distanceSums));
            } catch (RuntimeException e) {
                if (e instanceof CheckpointDamagedException || e instanceof RefusedException) {
                    throw e; // a damaged _meta, or a checkpoint of another run: already one line naming it
                }
                throw new CheckpointDamagedException(meta, "a field is missing or malformed (" + e + ")");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the range files after {@code level} levels as a checkpoint; returns it. */
    Checkpoint save(RangeStore store, ExploreSpec spec, int level, List<Long> histogram) {
        RangeLayout layout = store.layout();
        Path target = new Path(dir, String.format("level-%03d", level));
        Path staging = new Path(dir, String.format("_writing-level-%03d", level));
        List<long[]> sums = store.save(conf, staging, level);
        if (sums.size() != layout.parts()) {
            throw new IllegalStateException("checkpoint wrote " + sums.size() + " of " + layout.parts() + " parts");
        }
        long[] lengths = new long[layout.parts()];
        int[] crcs = new int[layout.parts()];
        try {
            Properties p = new Properties();
            p.setProperty("puzzle", spec.puzzleName());
            if (spec.goalText() != null) {
                p.setProperty("goal", spec.goalText());
            }
            p.setProperty("size", Long.toString(layout.size()));
            p.setProperty("parts", Integer.toString(layout.parts()));
            p.setProperty("span", Long.toString(layout.span()));
            p.setProperty("level", Integer.toString(level));
            p.setProperty("rows", rows);
            p.setProperty("histogram", histogram.stream().map(String::valueOf).collect(Collectors.joining(",")));
            for (long[] sum : sums) {
                int part = (int) sum[0];
                lengths[part] = sum[1];
                crcs[part] = (int) sum[2];
                p.setProperty(CheckpointChecksums.partName(part), sum[1] + " " + CheckpointChecksums.hex((int) sum[2]));
            }
            distanceSums = CheckpointChecksums.distanceSums(jsc, conf, fs, distances(), distanceSums);
            distanceSums.forEach((name, sum) -> p.setProperty(DISTANCE + name, sum));
            CheckpointChecksums.writeMeta(fs, new Path(staging, META), p);
            fs.delete(target, true);
            if (!fs.rename(staging, target)) {
                throw new IOException("cannot rename " + staging + " to " + target);
            }
            for (FileStatus old : fs.listStatus(dir, q -> q.getName().startsWith("level-") && !q.equals(target))) {
                fs.delete(old.getPath(), true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Checkpoint(level, layout.parts(), layout.span(), List.copyOf(histogram), fs.makeQualified(target), lengths, crcs,
                distanceSums);
    }
}
