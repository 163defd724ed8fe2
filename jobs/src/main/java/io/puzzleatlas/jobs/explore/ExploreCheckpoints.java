package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.jobs.io.HadoopConf;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;

/**
 * Checkpoints of the Spark explore engine: every few levels each partition writes its depth
 * array as a raw file ({@code level-NNN/part-NNNNN}), then the driver writes {@code _meta}
 * (puzzle, goal, layout, histogram so far) and renames the level's directory into place, so a
 * checkpoint is whole or absent. The search then continues from the files, which keeps the
 * RDD lineage a few levels long; {@code --resume} continues a new run from the latest one.
 */
final class ExploreCheckpoints {
    private static final String META = "_meta";

    private final JavaSparkContext jsc;
    private final HadoopConf conf;
    private final FileSystem fs;
    private final Path dir;

    /** A complete checkpoint: the states after {@code level} levels. */
    record Checkpoint(int level, int parts, List<Long> histogram, Path path) {
    }

    ExploreCheckpoints(JavaSparkContext jsc, Path dir) {
        this.jsc = jsc;
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

    void clear() {
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The latest checkpoint of this spec and size, if any. */
    Optional<Checkpoint> latest(ExploreSpec spec, long size) {
        try {
            if (!fs.exists(dir)) {
                return Optional.empty();
            }
            FileStatus[] levels = fs.listStatus(dir, p -> p.getName().startsWith("level-"));
            Arrays.sort(levels);
            for (int i = levels.length - 1; i >= 0; i--) {
                Path meta = new Path(levels[i].getPath(), META);
                if (!fs.exists(meta)) {
                    continue;
                }
                Properties p = new Properties();
                try (InputStream in = fs.open(meta)) {
                    p.load(in);
                }
                if (!spec.puzzleName().equals(p.getProperty("puzzle")) || !Objects.equals(spec.goalText(), p.getProperty("goal"))
                        || size != Long.parseLong(p.getProperty("size"))) {
                    return Optional.empty();
                }
                List<Long> histogram = Arrays.stream(p.getProperty("histogram").split(","))
                        .map(Long::parseLong).collect(Collectors.toCollection(ArrayList::new));
                return Optional.of(new Checkpoint(Integer.parseInt(p.getProperty("level")),
                        Integer.parseInt(p.getProperty("parts")), histogram, levels[i].getPath()));
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the states after {@code level} levels and returns them re-read from the files, cached. */
    JavaRDD<RangeState> save(JavaRDD<RangeState> states, ExploreSpec spec, RangeLayout layout, int level, List<Long> histogram) {
        Path target = new Path(dir, String.format("level-%03d", level));
        Path staging = new Path(dir, String.format("_writing-level-%03d", level));
        HadoopConf c = conf;
        long written = states.map(s -> writePart(c, staging, s)).reduce(Long::sum);
        if (written != layout.parts()) {
            throw new IllegalStateException("checkpoint wrote " + written + " of " + layout.parts() + " parts");
        }
        try {
            Properties p = new Properties();
            p.setProperty("puzzle", spec.puzzleName());
            if (spec.goalText() != null) {
                p.setProperty("goal", spec.goalText());
            }
            p.setProperty("size", Long.toString(layout.size()));
            p.setProperty("parts", Integer.toString(layout.parts()));
            p.setProperty("level", Integer.toString(level));
            p.setProperty("histogram", histogram.stream().map(String::valueOf).collect(Collectors.joining(",")));
            try (OutputStream out = fs.create(new Path(staging, META), true)) {
                out.write(toText(p).getBytes(StandardCharsets.UTF_8));
            }
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
        return load(new Checkpoint(level, layout.parts(), histogram, fs.makeQualified(target)), layout);
    }

    /** The states of a checkpoint, one partition per range, cached and computed. */
    JavaRDD<RangeState> load(Checkpoint checkpoint, RangeLayout layout) {
        HadoopConf c = conf;
        Path from = checkpoint.path();
        List<Integer> parts = IntStream.range(0, layout.parts()).boxed().collect(Collectors.toList());
        JavaRDD<RangeState> states = jsc.parallelize(parts, layout.parts())
                .map(part -> readPart(c, from, part, layout))
                .persist(StorageLevel.MEMORY_ONLY());
        states.count();
        return states;
    }

    private static long writePart(HadoopConf conf, Path dir, RangeState s) throws IOException {
        Path file = new Path(dir, String.format("part-%05d", s.part()));
        try (OutputStream out = file.getFileSystem(conf.get()).create(file, true)) {
            out.write(s.depth());
        }
        return 1;
    }

    private static RangeState readPart(HadoopConf conf, Path dir, int part, RangeLayout layout) throws IOException {
        Path file = new Path(dir, String.format("part-%05d", part));
        byte[] depth = new byte[layout.length(part)];
        try (FSDataInputStream in = file.getFileSystem(conf.get()).open(file)) {
            in.readFully(0, depth);
        }
        return new RangeState(part, layout.lo(part), depth, 0);
    }

    private static String toText(Properties p) {
        StringBuilder sb = new StringBuilder();
        p.stringPropertyNames().stream().sorted().forEach(k ->
                sb.append(k).append('=').append(p.getProperty(k).replace("\\", "\\\\")).append('\n'));
        return sb.toString();
    }
}
