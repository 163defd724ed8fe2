package io.puzzleatlas.jobs.explore;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch.Observer;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch.Snapshot;
import io.puzzleatlas.core.table.TwoBitLevel;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.durable.DamagedStateException;
import io.puzzleatlas.jobs.durable.DurableDir;
import io.puzzleatlas.jobs.durable.Manifest;
import io.puzzleatlas.jobs.durable.Sum;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Progress, checkpoints and {@code --resume} of the in-core two-bit search ({@code atlas} of the large sliding spaces),
 * kept through the durable layer ({@link DurableDir}). Each space has its directory
 * {@code DIR/_atlas-checkpoint/<space>}; a checkpoint after level L is the array as {@code level-LLL.words} and then
 * its manifest {@code level-LLL.meta} (space, puzzle, goal, size, goal rank, level, histogram, the words' length and
 * CRC32C), so a kill at any moment leaves the previous checkpoint or the new one whole; older ones are removed after. A
 * checkpoint is written between levels once {@code minutes} have passed since the last (and when {@code --max-levels}
 * stops the search), so its cost (about 10 s per 10 GB here) stays a small share of a long run.
 */
public final class InCoreCheckpoints implements SearchControl {
    public static final String DIR = "_atlas-checkpoint";
    private final FileSystem fs;
    private final Path dir;
    private final boolean resume;
    private final int maxLevel;
    private final double minutes;
    /** The puzzle searched: its key is recorded, and a checkpoint of another (a changed definition) refused. */
    private final PuzzleHandle puzzle;
    /** The goal asked for (null: the puzzle's own), recorded and compared as the puzzle is. */
    private final String goal;
    /** Told each space's name before its search starts; may refuse it (its dataset exists). */
    private final Consumer<String> beforeSearch;
    /** The level each space's latest checkpoint holds (written or resumed by this run). */
    private final Map<String, Integer> savedLevel = new HashMap<>();

    public InCoreCheckpoints(
            Configuration conf,
            Path output,
            PuzzleHandle puzzle,
            String goal,
            SearchPlan options,
            Consumer<String> beforeSearch) {
        this.dir = new Path(output, DIR);
        this.puzzle = puzzle;
        this.goal = goal;
        this.beforeSearch = beforeSearch;
        this.resume = options.resume();
        this.maxLevel = options.maxLevels();
        this.minutes = options.checkpointMinutes();
        try {
            this.fs = NioLocalFileSystem.of(dir, conf);
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

    /**
     * Before a resumed search: refuses (naming the space's directory) when a space's latest checkpoint was written for
     * another puzzle, metric, definition content or goal. Such a checkpoint's space is not this run's, so it would
     * start from depth 0 and, once finished, remove the other run's checkpoint with its own.
     */
    public void refuseOtherRuns() {
        try {
            if (!fs.exists(dir)) {
                return;
            }
            for (FileStatus space : fs.listStatus(dir)) {
                if (space.isDirectory()) {
                    new DurableDir(fs, space.getPath()).latest("level-*.meta").ifPresent(this::refuseOther);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void refuseOther(DurableDir.Stored stored) {
        Manifest m = stored.manifest();
        CheckpointOwner.refuseOther(
                stored.path().getParent(),
                m.find("puzzle").orElse(puzzle.key()),
                m.find("goal").orElse(null),
                puzzle,
                goal,
                true);
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
     * Refuses the search when the caller's check of the space refuses it (an existing dataset: found before the search,
     * not after an hour of it); logs what it needs; refuses it when the checkpoints' local disk cannot hold two
     * checkpoints (the new one is written before the last is removed).
     */
    @Override
    public void planned(String space, long ranks, long heapBytes, long checkpointBytes) {
        beforeSearch.accept(space);
        new LevelLog(0)
                .note(String.format(
                        Locale.ROOT,
                        "atlas %s: %,d states; needs about %s of heap and %s of disk " + "for its checkpoints in %s",
                        space,
                        ranks,
                        ExploreEstimate.size(heapBytes),
                        ExploreEstimate.size(2 * checkpointBytes),
                        dir));
        File existing = ExploreEstimate.nearestExisting(ExploreEstimate.localDirectory(dir.toString()));
        if (existing != null && existing.getUsableSpace() > 0 && 2 * checkpointBytes > existing.getUsableSpace()) {
            throw new RefusedException(String.format(
                    Locale.ROOT,
                    "atlas %s needs %s of disk for its checkpoints; %s has " + "%s free",
                    space,
                    ExploreEstimate.size(2 * checkpointBytes),
                    existing,
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
                    log.note(String.format(
                            Locale.ROOT,
                            "checkpoint after level %d written in %.1f s to %s",
                            s.level(),
                            (lastSave - t0) / 1e9,
                            new Path(dir, space)));
                }
            }
        };
    }

    @Override
    public Snapshot resume(String space, long size, long goalRank) {
        if (!resume) {
            return null;
        }
        DurableDir spaceDir = new DurableDir(fs, new Path(dir, space));
        Optional<DurableDir.Stored> found = spaceDir.latest("level-*.meta");
        if (found.isEmpty()) {
            new LevelLog(0).note("no checkpoint of " + space + " in " + dir + "; starting from depth 0");
            return null;
        }
        Path meta = found.get().path();
        Manifest m = found.get().manifest();
        refuseOther(found.get());
        try {
            if (!space.equals(m.get("space", meta))
                    || size != Long.parseLong(m.get("size", meta))
                    || goalRank != Long.parseLong(m.get("goal-rank", meta))) {
                throw new DamagedStateException(
                        meta,
                        "is the checkpoint of another search (" + m.get("space", meta) + ", " + m.get("size", meta)
                                + " ranks)");
            }
            int level = Integer.parseInt(m.get("level", meta));
            long[] histogram = Arrays.stream(m.get("histogram", meta).split(","))
                    .mapToLong(Long::parseLong)
                    .toArray();
            String name = wordsName(level);
            Sum recorded = spaceDir.recorded(found.get(), name);
            Path wordsFile = spaceDir.path(name);
            long[] words = new long[Math.toIntExact(TwoBitLevel.words(size))];
            if (recorded.length() != words.length * 8L) {
                throw new DamagedStateException(
                        meta, name + " has length " + recorded.length() + ", the space " + words.length * 8L);
            }
            long t0 = System.nanoTime();
            int crc;
            try {
                long length = fs.getFileStatus(wordsFile).getLen();
                String why = recorded.mismatch(new Sum(length, recorded.crc()));
                if (why != null) {
                    throw new DamagedStateException(wordsFile, why);
                }
                crc = WordFiles.read(fs, wordsFile, words);
            } catch (FileNotFoundException e) {
                throw new DamagedStateException(wordsFile, "missing (recorded in " + meta + ")");
            } catch (IOException e) {
                throw new DamagedStateException(wordsFile, "unreadable (" + e.getMessage() + ")");
            }
            String why = recorded.mismatch(new Sum(recorded.length(), crc));
            if (why != null) {
                throw new DamagedStateException(wordsFile, why);
            }
            savedLevel.put(space, level);
            new LevelLog(0)
                    .note(String.format(
                            Locale.ROOT,
                            "resumed %s after level %d from %s (read in %.1f s)",
                            space,
                            level,
                            wordsFile,
                            (System.nanoTime() - t0) / 1e9));
            return new Snapshot(level, histogram, words);
        } catch (NumberFormatException e) {
            throw new DamagedStateException(meta, "a field is malformed (" + e.getMessage() + ")");
        }
    }

    private static String wordsName(int level) {
        return String.format(Locale.ROOT, "level-%03d.words", level);
    }

    /**
     * Writes the array after a level as a checkpoint: the words, then the manifest naming them (the durable layer's
     * commit), then the older checkpoints go. A level already saved (a run resumed there) is not written again: its
     * files are the listed ones.
     */
    private void save(String space, long size, long goalRank, Snapshot s) {
        if (Integer.valueOf(s.level()).equals(savedLevel.get(space))) {
            return;
        }
        DurableDir spaceDir = new DurableDir(fs, new Path(dir, space));
        String name = String.format(Locale.ROOT, "level-%03d", s.level());
        Path wordsFile = spaceDir.path(wordsName(s.level()));
        int crc;
        try {
            fs.mkdirs(spaceDir.root());
            crc = WordFiles.write(fs, wordsFile, s.words(), 0, s.words().length);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the checkpoint " + wordsFile + ": " + e.getMessage(), e);
        }
        Manifest.Builder b = Manifest.builder();
        if (goal != null) {
            b.set("goal", goal);
        }
        Manifest m = b.set("space", space)
                .set("puzzle", puzzle.key())
                .set("size", Long.toString(size))
                .set("goal-rank", Long.toString(goalRank))
                .set("level", Integer.toString(s.level()))
                .set(
                        "histogram",
                        Arrays.stream(s.histogram()).mapToObj(Long::toString).collect(Collectors.joining(",")))
                .file(wordsName(s.level()), new Sum(s.words().length * 8L, crc))
                .build();
        spaceDir.delete(name + ".meta"); // a manifest never listed
        DurableDir.Stored stored = spaceDir.commit(name + ".meta", m);
        spaceDir.retire(stored, n -> n.startsWith("level-") || n.startsWith("_writing-"));
        savedLevel.put(space, s.level());
    }
}
