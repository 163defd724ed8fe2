package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch.Observer;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch.Snapshot;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.RefusedException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Progress, checkpoints and {@code --resume} of the in-core two-bit search ({@code atlas} of the
 * large sliding spaces). Each space has its directory {@code DIR/_atlas-checkpoint/<space>}; a
 * checkpoint after level L is the array as {@code level-LLL.words} and then {@code level-LLL.meta}
 * (space, size, goal rank, level, histogram, the words' CRC32C, and last the CRC32C of the lines
 * before it), each written aside and renamed into place, so a kill at any moment leaves the
 * previous checkpoint or the new one whole; older ones are removed after. A checkpoint is written
 * between levels once {@code minutes} have passed since the last (and when {@code --max-levels}
 * stops the search), so its cost (about 10 s per 10 GB here) stays a small share of a long run.
 */
public final class InCoreCheckpoints implements SearchControl {
    public static final String DIR = "_atlas-checkpoint";
    private final FileSystem fs;
    private final Path dir;
    private final boolean resume;
    private final int maxLevel;
    private final double minutes;
    /** Told each space's name before its search starts; may refuse it (its dataset exists). */
    private final Consumer<String> beforeSearch;

    public InCoreCheckpoints(Configuration conf, Path output, SearchPlan options, Consumer<String> beforeSearch) {
        this.dir = new Path(output, DIR);
        this.beforeSearch = beforeSearch;
        this.resume = options.resume();
        this.maxLevel = options.maxLevels();
        this.minutes = options.checkpointMinutes();
        try {
            this.fs = dir.getFileSystem(conf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path dir() {
        return dir;
    }

    /** Whether an earlier run left a checkpoint. */
    public boolean present() {
        try {
            return fs.exists(dir) && fs.listStatus(dir).length > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes every checkpoint (a finished atlas, or a fresh start with --overwrite). */
    public void clear() {
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public int maxLevel() {
        return maxLevel;
    }

    /**
     * Refuses the search when the caller's check of the space refuses it (an existing dataset: found
     * before the search, not after an hour of it); logs what it needs; refuses it when the
     * checkpoints' local disk cannot hold two checkpoints (the new one is written before the last
     * is removed).
     */
    @Override
    public void planned(String space, long ranks, long heapBytes, long checkpointBytes) {
        beforeSearch.accept(space);
        new LevelLog(0).note(String.format(Locale.ROOT, "atlas %s: %,d states; needs about %s of heap and %s of disk "
                + "for its checkpoints in %s", space, ranks, ExploreEstimate.size(heapBytes),
                ExploreEstimate.size(2 * checkpointBytes), dir));
        java.io.File existing = ExploreEstimate.nearestExisting(ExploreEstimate.localDirectory(dir.toString()));
        if (existing != null && existing.getUsableSpace() > 0 && 2 * checkpointBytes > existing.getUsableSpace()) {
            throw new RefusedException(String.format(Locale.ROOT, "atlas %s needs %s of disk for its checkpoints; %s has "
                    + "%s free", space, ExploreEstimate.size(2 * checkpointBytes), existing,
                    ExploreEstimate.size(existing.getUsableSpace())));
        }
    }

    @Override
    public Observer observer(String space, long size, long goalRank) {
        LevelLog log = new LevelLog(size);
        return new Observer() {
            private long lastSave = System.nanoTime();

            @Override
            public void level(int level, long count, long reached) {
                log.level(level, count, reached);
            }

            @Override
            public void between(Snapshot s) {
                boolean due = System.nanoTime() - lastSave >= minutes * 60e9;
                if (s.level() > 0 && (due || s.level() >= maxLevel)) {
                    long t0 = System.nanoTime();
                    save(space, size, goalRank, s);
                    lastSave = System.nanoTime();
                    log.note(String.format(Locale.ROOT, "checkpoint after level %d written in %.1f s to %s", s.level(),
                            (lastSave - t0) / 1e9, new Path(dir, space)));
                }
            }
        };
    }

    @Override
    public Snapshot resume(String space, long size, long goalRank) {
        if (!resume) {
            return null;
        }
        Path spaceDir = new Path(dir, space);
        try {
            FileStatus[] metas = fs.exists(spaceDir)
                    ? fs.listStatus(spaceDir, p -> p.getName().startsWith("level-") && p.getName().endsWith(".meta"))
                    : new FileStatus[0];
            if (metas.length == 0) {
                new LevelLog(0).note("no checkpoint of " + space + " in " + dir + "; starting from depth 0");
                return null;
            }
            Arrays.sort(metas);
            Path meta = metas[metas.length - 1].getPath();
            Properties p = CheckpointChecksums.readMeta(fs, meta);
            if (!space.equals(p.getProperty("space")) || size != Long.parseLong(p.getProperty("size"))
                    || goalRank != Long.parseLong(p.getProperty("goal-rank"))) {
                throw new CheckpointDamagedException(meta, "is the checkpoint of another search (" + p.getProperty("space")
                        + ", " + p.getProperty("size") + " ranks)");
            }
            int level = Integer.parseInt(p.getProperty("level"));
            long[] histogram = Arrays.stream(p.getProperty("histogram").split(",")).mapToLong(Long::parseLong).toArray();
            Path wordsFile = new Path(spaceDir, p.getProperty("words"));
            long[] words = new long[Math.toIntExact(TwoBitLevel.words(size))];
            long t0 = System.nanoTime();
            int crc = WordFiles.read(fs, wordsFile, words);
            int recorded = Integer.parseUnsignedInt(p.getProperty("crc32c"), 16);
            if (crc != recorded) {
                throw new CheckpointDamagedException(wordsFile, "damaged (CRC32C " + CheckpointChecksums.hex(crc)
                        + ", recorded " + CheckpointChecksums.hex(recorded) + ")");
            }
            new LevelLog(0).note(String.format(Locale.ROOT, "resumed %s after level %d from %s (read in %.1f s)", space,
                    level, wordsFile, (System.nanoTime() - t0) / 1e9));
            return new Snapshot(level, histogram, words);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void save(String space, long size, long goalRank, Snapshot s) {
        Path spaceDir = new Path(dir, space);
        String name = String.format(Locale.ROOT, "level-%03d", s.level());
        try {
            fs.mkdirs(spaceDir);
            Path wordsFile = new Path(spaceDir, name + ".words");
            Path wordsAside = new Path(spaceDir, "_writing-" + name + ".words");
            int crc = WordFiles.write(fs, wordsAside, s.words(), 0, s.words().length);
            rename(wordsAside, wordsFile);
            Properties p = new Properties();
            p.setProperty("space", space);
            p.setProperty("size", Long.toString(size));
            p.setProperty("goal-rank", Long.toString(goalRank));
            p.setProperty("level", Integer.toString(s.level()));
            p.setProperty("histogram", Arrays.stream(s.histogram()).mapToObj(Long::toString).collect(Collectors.joining(",")));
            p.setProperty("words", wordsFile.getName());
            p.setProperty("crc32c", CheckpointChecksums.hex(crc));
            Path metaAside = new Path(spaceDir, "_writing-" + name + ".meta");
            CheckpointChecksums.writeMeta(fs, metaAside, p);
            rename(metaAside, new Path(spaceDir, name + ".meta"));
            for (FileStatus old : fs.listStatus(spaceDir)) {
                if (!old.getPath().getName().startsWith(name + ".")) {
                    fs.delete(old.getPath(), false);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + new Path(spaceDir, name) + ": " + e.getMessage(), e);
        }
    }

    private void rename(Path from, Path to) throws IOException {
        fs.delete(to, false);
        if (!fs.rename(from, to)) {
            throw new IOException("cannot rename " + from + " to " + to);
        }
    }
}
