package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.TableStore;
import io.puzzleatlas.core.table.TableUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Pattern databases on disk ({@link PatternDatabaseFile}), loaded at most once per JVM ({@link TableStore#jvm()}, by
 * file and key) and shared by every solver and thread; a cache made with {@code new} holds its tables in a store of its
 * own. The directory is {@code --tables DIR} where a command takes it, else {@link SolverSettings#tables()} (the system
 * property {@value SolverSettings#DIR_PROPERTY}, else the environment variable {@value SolverSettings#DIR_ENV}, else
 * {@code ~/.cache/puzzle-atlas/tables}). A missing file is built (on all cores) and written; a truncated, corrupt or
 * mismatched one is reported and rebuilt, or, when building is off
 * ({@value SolverSettings#BUILD_PROPERTY}{@code =false}), refused with the reason. A bad file is never used.
 */
public final class PatternDatabaseCache {
    private static final ConcurrentHashMap<String, PatternDatabaseCache> SHARED = new ConcurrentHashMap<>();

    private final Path directory;
    private final boolean buildMissing;
    private final int threads;
    private final PrintStream log;
    private final TableStore store;
    /** The heap bytes still free (a seam: tests give a small heap without starting a JVM). */
    private final LongSupplier availableHeap;

    /** A cache whose tables are its own (a benchmark timing a load; a test). */
    public PatternDatabaseCache(Path directory, boolean buildMissing, int threads, PrintStream log) {
        this(new TableStore(), directory, buildMissing, threads, log, PatternDatabaseCache::freeHeap);
    }

    PatternDatabaseCache(
            Path directory, boolean buildMissing, int threads, PrintStream log, LongSupplier availableHeap) {
        this(new TableStore(), directory, buildMissing, threads, log, availableHeap);
    }

    private PatternDatabaseCache(
            TableStore store,
            Path directory,
            boolean buildMissing,
            int threads,
            PrintStream log,
            LongSupplier availableHeap) {
        this.store = store;
        this.directory = directory;
        this.buildMissing = buildMissing;
        this.threads = threads;
        this.log = log;
        this.availableHeap = availableHeap;
    }

    private static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * Before any table of a partition is built: refuses in one line, naming the missing files, when the heap cannot
     * hold every table of {@code patterns} not yet in memory together with the largest build's working memory, rather
     * than building some of them first and running out at a later one. Nothing to build: nothing checked.
     */
    public void checkHeapForBuilds(SlidingPuzzle puzzle, int goalBlank, int[][] patterns) {
        long resident = 0;
        long working = 0;
        List<String> missing = new ArrayList<>();
        for (int[] tiles : patterns) {
            Path file = file(puzzle, goalBlank, tiles);
            if (store.holds(file, key(puzzle, goalBlank, goalBlank, tiles))) {
                continue;
            }
            long entries = PatternDatabase.entryBytes(new PatternSpace(puzzle.cellCount(), tiles.length).size());
            resident += entries;
            if (!Files.exists(file)) {
                missing.add(file.getFileName().toString());
                working = Math.max(
                        working, PatternDatabaseBuilder.buildBytes(puzzle.cellCount(), tiles.length) - entries);
            }
        }
        long need = resident + working;
        long available = availableHeap.getAsLong();
        if (!missing.isEmpty() && buildMissing && need > available) {
            throw new TableUnavailableException("pattern databases missing under " + directory + " ("
                    + String.join(", ", missing) + "): building and holding them needs about " + (need >> 20)
                    + " MB of heap, " + (available >> 20)
                    + " MB available: build them once with 'tables build --puzzle "
                    + puzzle.name() + "' (or give the JVM a larger -Xmx)");
        }
    }

    /**
     * The JVM-wide cache of {@code directory}: builds missing tables when a solver asks, unless {@code build} is false
     * ({@link SolverSettings#buildSwitch()}: {@value SolverSettings#BUILD_PROPERTY}=false where the command started).
     */
    public static PatternDatabaseCache shared(Path directory, boolean build) {
        Path dir = directory.toAbsolutePath().normalize();
        return SHARED.computeIfAbsent(
                dir + (build ? "" : " (building off)"),
                d -> new PatternDatabaseCache(
                        TableStore.jvm(),
                        dir,
                        build,
                        Runtime.getRuntime().availableProcessors(),
                        System.err,
                        PatternDatabaseCache::freeHeap));
    }

    /** The file holding a pattern's database. */
    public Path file(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        return file(puzzle, goalBlank, goalBlank, tiles);
    }

    /** The file holding a pattern's database searched from the blank on {@code startCell}. */
    public Path file(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles) {
        return directory.resolve(PatternDatabaseFile.fileName(puzzle.name(), goalBlank, startCell, tiles));
    }

    /** The pattern database, from memory, else from its file, else built (and written) when this cache builds. */
    public PatternDatabase get(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        return get(puzzle, goalBlank, tiles, buildMissing);
    }

    /**
     * The pattern database, from memory, else from its file, else, when {@code build} is true and this cache builds,
     * built and written; otherwise a missing or bad file is an {@link IllegalStateException} naming the file and the
     * reason.
     */
    public PatternDatabase get(SlidingPuzzle puzzle, int goalBlank, int[] tiles, boolean build) {
        return get(puzzle, goalBlank, goalBlank, tiles, build);
    }

    /** {@link #get(SlidingPuzzle, int, int[], boolean)} of a table searched from the blank on {@code startCell}. */
    public PatternDatabase get(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles, boolean build) {
        Path file = file(puzzle, goalBlank, startCell, tiles);
        Maker maker = new Maker(this, puzzle, goalBlank, startCell, tiles, build && buildMissing, file);
        return store.get(
                file,
                key(puzzle, goalBlank, startCell, tiles),
                PatternDatabaseFile.codec(puzzle.rows(), puzzle.cols(), goalBlank, startCell, tiles),
                maker);
    }

    private static String key(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles) {
        return PatternDatabaseFile.key(puzzle.name(), puzzle.rows(), puzzle.cols(), goalBlank, startCell, tiles);
    }

    /** What {@link TableStore} says and does for a pattern database whose file is missing or damaged. */
    private record Maker(
            PatternDatabaseCache cache,
            SlidingPuzzle puzzle,
            int goalBlank,
            int startCell,
            int[] tiles,
            boolean mayBuild,
            Path file)
            implements TableStore.Maker<PatternDatabase> {
        private String problem(String damage) {
            return damage != null ? damage : file + ": missing";
        }

        @Override
        public TableUnavailableException refusal(String damage) {
            return new TableUnavailableException("pattern database " + problem(damage) + "; "
                    + (cache.buildMissing
                            ? "Spark tasks never build tables"
                            : "not built, as -D" + SolverSettings.BUILD_PROPERTY + "=false asks")
                    + ": " + remedy(puzzle, damage != null));
        }

        @Override
        public void building(String damage) {
            long need = PatternDatabaseBuilder.buildBytes(puzzle.cellCount(), tiles.length);
            long available = cache.availableHeap.getAsLong();
            if (available < need) {
                throw new TableUnavailableException("pattern database " + problem(damage) + "; building it needs about "
                        + (need >> 20) + " MB of heap, " + (available >> 20)
                        + " MB available: build it once with 'tables build' (or a larger -Xmx)");
            }
            cache.log.println("pattern database " + problem(damage) + "; building " + puzzle.name() + " pattern "
                    + Arrays.toString(tiles) + (startCell == goalBlank ? "" : " from blank cell " + startCell)
                    + " on " + cache.threads + " threads");
        }

        @Override
        public PatternDatabase build() {
            return new PatternDatabaseBuilder(puzzle, goalBlank, startCell, tiles, cache.threads).build();
        }

        @Override
        public void unwritten(IOException e) {
            cache.log.println(
                    "could not write pattern database " + file + " (" + e.getMessage() + "); using it from memory");
        }

        @Override
        public String unreadable(IOException e) {
            throw new UncheckedIOException("cannot read pattern database " + file, e);
        }
    }

    /** What to run for a table that is missing, or damaged ({@code exists}). */
    private static String remedy(SlidingPuzzle puzzle, boolean exists) {
        return exists
                ? "rebuild it with 'tables build --puzzle " + puzzle.name() + " --force', or delete it and run again"
                : "build it with 'tables build --puzzle " + puzzle.name() + "'";
    }
}
