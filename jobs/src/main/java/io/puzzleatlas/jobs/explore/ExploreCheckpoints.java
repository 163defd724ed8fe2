package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.durable.DamagedStateException;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Manifest;
import io.puzzleatlas.jobs.durable.Sum;
import io.puzzleatlas.jobs.io.AtomicOutput;
import io.puzzleatlas.jobs.io.HadoopConf;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * Checkpoints of the Spark explore engine, kept through the durable layer ({@link DurableDir}): every few levels each
 * range file's two-bit words are copied to a raw file ({@code level-NNN/part-NNNNN}), then the driver commits the
 * manifest {@code level-NNN/_meta} (puzzle, goal, size, what the run writes, layout, histogram so far, the length and
 * CRC32C of every part, and the rows, length and CRC32C of every distance file streamed so far, as its task reported
 * them: {@link DistanceCommits}), so a checkpoint is whole or absent; older ones are removed after. {@code --resume}
 * continues a new run from the latest one after checking every file it lists ({@link CheckpointChecksums}: the CRC32Cs
 * are read on the executors), so a damaged copy is refused instead of resumed; a checkpoint of another puzzle, goal or
 * choice of rows is refused and kept. The search itself goes back to the last checkpoint when a level cannot go on
 * ({@code SparkExplorer}).
 */
final class ExploreCheckpoints {
    static final String META = "_meta";
    /** Where the Spark engine streams the distance files, relative to the checkpoint directory. */
    private static final String DISTANCES = "distances";

    private final JavaSparkContext jsc;
    private final HadoopConf conf;
    private final DurableDir dir;
    private final String rows;
    /** The streamed distance files recorded: the manifest's, then those reported since. */
    private final DistanceCommits commits;
    /** The checkpoint last written or resumed: a level is never written twice (its files are listed). */
    private Checkpoint last;

    /** A complete checkpoint: the states after {@code level} levels in {@code parts} ranges of {@code span} ranks. */
    record Checkpoint(int level, int parts, long span, List<Long> histogram, Path path, DurableDir.Stored stored) {
        /**
         * The host of each group of ranges when it was written, comma-separated ({@link RangeStore#groupHosts}); a
         * resume places the ranges again on the executors it finds, whatever hosts these were.
         */
        Optional<String> groupHosts() {
            return stored.manifest().find(GROUP_HOSTS);
        }
    }

    /** The manifest's field of the range-to-host layout. */
    private static final String GROUP_HOSTS = "group-hosts";

    /**
     * @param rows what the run writes besides the histogram: {@code none} (--histogram-only), {@code distances}, or
     *     {@code distances+states} (--with-states); a checkpoint is resumed only by a run that writes the same, so that
     *     {@code distances/} holds one schema
     */
    ExploreCheckpoints(JavaSparkContext jsc, Path dir, String rows) {
        this.jsc = jsc;
        this.rows = rows;
        this.conf = new HadoopConf(jsc.hadoopConfiguration());
        this.commits = new DistanceCommits(jsc);
        try {
            this.dir = new DurableDir(NioLocalFileSystem.of(dir, jsc.hadoopConfiguration()), dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path dir() {
        return dir.root();
    }

    /** Where the Spark engine streams the distance files, level by level (kept across a resume). */
    Path distances() {
        return dir.path(DISTANCES);
    }

    /** The streamed distance files recorded so far. */
    DistanceCommits commits() {
        return commits;
    }

    /**
     * Has {@code out} publish the recorded distance files as dataset {@code dataset}: they stay in the checkpoint until
     * its publish journal is written, and only then are moved ({@link AtomicOutput#adopt}), so a failure before the
     * publish leaves the checkpoint whole. A file in {@code distances/} that is not recorded is never published.
     */
    void publishWith(AtomicOutput out, String dataset) {
        for (DistanceCommit c : commits.all()) {
            out.adopt(new Path(distances(), c.name()), dataset + "/" + c.name());
        }
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

    /**
     * Deletes the streamed distance files of depth {@code level} and deeper: those of levels expanded after the
     * checkpoint of {@code level}, which a resumed or recovered search writes again (perhaps in other files: the driver
     * may take over the last levels at another point). None of them is in a checkpoint.
     */
    void dropDistancesFrom(int level) {
        commits.dropFrom(level);
        FileSystem fs = dir.fs();
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
        return dir.present();
    }

    void clear() {
        dir.clear();
        last = null;
        commits.clear();
    }

    /**
     * Checks every file of a checkpoint before it is resumed: each part of the length {@code layout} gives it, then
     * every part and distance file present, of its length and CRC32C.
     */
    void verify(Checkpoint checkpoint, RangeLayout layout) {
        Path meta = checkpoint.stored().path();
        for (int part = 0; part < checkpoint.parts(); part++) {
            String name = partName(checkpoint.level(), part);
            long recorded = dir.recorded(checkpoint.stored(), name).length();
            long expected = TwoBitLevel.words(layout.length(part)) * 8;
            if (recorded != expected) {
                throw new DamagedStateException(meta, name + " has length " + recorded + ", the layout " + expected);
            }
        }
        dir.verify(checkpoint.stored(), CheckpointChecksums.onExecutors(jsc, conf));
        commits.resetTo(checkpoint.stored().manifest(), DISTANCES, meta);
        last = checkpoint;
    }

    private static String partName(int level, int part) {
        return levelName(level) + "/" + CheckpointChecksums.partName(part);
    }

    private static String levelName(int level) {
        return String.format(Locale.ROOT, "level-%03d", level);
    }

    /**
     * The latest checkpoint of this spec and size, if any; throws {@link DamagedStateException} when its {@code _meta}
     * fails its checksum or lacks a field, and refuses one of another run.
     */
    Optional<Checkpoint> latest(ExploreSpec spec, long size) {
        Optional<DurableDir.Stored> found = dir.latest("level-*/" + META);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        DurableDir.Stored stored = found.get();
        Path meta = stored.path();
        Path level = meta.getParent();
        Manifest m = stored.manifest();
        try {
            CheckpointOwner.refuseOther(
                    level,
                    m.get("puzzle", meta),
                    m.find("goal").orElse(null),
                    spec.puzzle(),
                    spec.goalText(),
                    size == Long.parseLong(m.get("size", meta)));
            String rows = m.find("rows").orElse("distances");
            if (!rows.equals(this.rows)) {
                throw new RefusedException(String.format(
                        "%s was written with %s, this run asks for %s: resume it with "
                                + "the same choice of --histogram-only and --with-states, or start again with "
                                + "--overwrite",
                        level, describeRows(rows), describeRows(this.rows)));
            }
            List<Long> histogram = Arrays.stream(m.get("histogram", meta).split(","))
                    .map(Long::parseLong)
                    .collect(Collectors.toCollection(ArrayList::new));
            int parts = Integer.parseInt(m.get("parts", meta));
            int at = Integer.parseInt(m.get("level", meta));
            if (!level.getName().equals(levelName(at)) || parts < 1) {
                throw new DamagedStateException(
                        meta, "records level " + at + " and " + parts + " parts, in " + level.getName());
            }
            // checkpoints written before ranges started on a word record no span: theirs was ceil(size / parts)
            long span = Long.parseLong(m.find("span").orElse(Long.toString((size + parts - 1) / parts)));
            return Optional.of(new Checkpoint(at, parts, span, histogram, level, stored));
        } catch (NumberFormatException e) {
            throw new DamagedStateException(meta, "a field is malformed (" + e.getMessage() + ")");
        }
    }

    /** Writes the range files after {@code level} levels as a checkpoint; returns it. */
    Checkpoint save(RangeStore store, ExploreSpec spec, int level, List<Long> histogram) {
        if (last != null && last.level() == level) {
            return last;
        }
        RangeLayout layout = store.layout();
        String name = levelName(level);
        dir.delete(name); // a level written by a run killed before its manifest: never listed
        List<long[]> sums = store.save(conf, dir.path(name), level);
        if (sums.size() != layout.parts()) {
            throw new IllegalStateException("checkpoint wrote " + sums.size() + " of " + layout.parts() + " parts");
        }
        Manifest.Builder m = Manifest.builder()
                .set("puzzle", spec.puzzle().key())
                .set("size", Long.toString(layout.size()))
                .set("parts", Integer.toString(layout.parts()))
                .set("span", Long.toString(layout.span()))
                .set("level", Integer.toString(level))
                .set("rows", rows)
                .set(GROUP_HOSTS, store.groupHosts())
                .set("histogram", histogram.stream().map(String::valueOf).collect(Collectors.joining(",")));
        if (spec.goalText() != null) {
            m.set("goal", spec.goalText());
        }
        for (long[] sum : sums) {
            m.file(partName(level, (int) sum[0]), new Sum(sum[1], (int) sum[2]));
        }
        commits.record(m, DISTANCES);
        DurableDir.Stored stored = dir.commit(name + "/" + META, m.build());
        dir.retire(stored, n -> n.startsWith("level-") || n.startsWith("_writing-"));
        last = new Checkpoint(
                level,
                layout.parts(),
                layout.span(),
                List.copyOf(histogram),
                stored.path().getParent(),
                stored);
        return last;
    }
}
