package io.puzzleatlas.core.table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tables loaded from their {@link TableFile}s, each at most once per store and held for the store's life, by file and
 * key: {@link #jvm()} is this JVM's, shared by every solver, thread and Spark task of it (an executor reads a table
 * once); a store of its own serves a benchmark that times a load, or a test. Loads and builds of one store take turns,
 * so that two large builds never hold their working memory at once; a table in memory is read without waiting.
 *
 * <p>{@link #get} is the one place where a table whose file is missing or damaged is built and written, or refused: a
 * {@link Maker} says whether it may be built here, what to say, and how it is built; a bad file is never used.
 * {@link #getOnDisk} ({@code tables build}, a job's driver) also sees the file whole on disk when it returns.
 */
public final class TableStore {
    private static final TableStore JVM = new TableStore();

    private final ConcurrentHashMap<String, Object> loaded = new ConcurrentHashMap<>();

    /** A store of its own, empty (a benchmark timing a load; a test). */
    public TableStore() {}

    /** This JVM's store. */
    public static TableStore jvm() {
        return JVM;
    }

    /** What a kind of table says and does when its file is missing or damaged (the damage null when missing). */
    public interface Maker<T> {
        /** Whether a missing or damaged table may be built here. */
        boolean mayBuild();

        /** Whether a valid file is used (false: {@code --force}, built again, the old file replaced only when done). */
        default boolean reuse() {
            return true;
        }

        /** Why a table that may not be built here is refused, in one line naming the file and what to run. */
        TableUnavailableException refusal(String damage);

        /** Before a build: refuses one that cannot succeed (a heap too small), and says what is built. */
        void building(String damage);

        T build();

        /** After a build, its file written or not: says so. */
        default void built(T table, double seconds) {}

        /** A built table's file that could not be written: a warning (the table used from memory) or a refusal. */
        void unwritten(IOException e);

        /** A file that could not be read for another reason than its bytes: the damage to report, or a refusal. */
        String unreadable(IOException e);

        /** {@link #getOnDisk}: the file of a table held in memory is missing or damaged, and is written again. */
        default void rewriting(String damage) {}

        /** Run in the middle of a write (a test seam). */
        default TableFile.WriteStep midWrite() {
            return () -> {};
        }
    }

    private static String id(Path file, String key) {
        // no '+': its first run costs a JVM tens of ms, on the path of every first load
        return new StringBuilder(file.toAbsolutePath().normalize().toString())
                .append('\n')
                .append(key)
                .toString();
    }

    /** Whether the table of {@code key} in {@code file} is in memory. */
    public boolean holds(Path file, String key) {
        return loaded.containsKey(id(file, key));
    }

    /**
     * The table of {@code key} in {@code file}: from memory, else read from the file, else built and written by
     * {@code maker}, or refused by it.
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Path file, String key, TableFile.Codec<T> codec, Maker<T> maker) {
        String id = id(file, key);
        Object table = loaded.get(id);
        if (table != null) {
            return (T) table;
        }
        synchronized (this) {
            table = loaded.get(id);
            if (table == null) {
                table = load(file, key, codec, maker);
                loaded.put(id, table);
            }
            return (T) table;
        }
    }

    /**
     * {@link #get}, with the file whole on disk when this returns: the file of a table already in memory is read back,
     * and written again from memory when it is missing or damaged (a write that fails: {@link Maker#unwritten}, which
     * refuses where the file must be there).
     */
    public <T> T getOnDisk(Path file, String key, TableFile.Codec<T> codec, Maker<T> maker) {
        if (!holds(file, key)) {
            return get(file, key, codec, maker); // read whole from its file, or built and written
        }
        T table = get(file, key, codec, maker);
        String damage = damage(file, key, codec, maker);
        if (damage != null) {
            maker.rewriting(damage);
            try {
                TableFile.write(file, key, codec, table, maker.midWrite());
            } catch (IOException e) {
                maker.unwritten(e);
            }
        }
        return table;
    }

    /** What is wrong with the file of a table: missing, damaged or unreadable; null when it reads back whole. */
    private static <T> String damage(Path file, String key, TableFile.Codec<T> codec, Maker<T> maker) {
        try {
            TableFile.read(file, key, codec);
            return null;
        } catch (TableFileException e) {
            return e.getMessage();
        } catch (IOException e) {
            return maker.unreadable(e);
        }
    }

    private static <T> T load(Path file, String key, TableFile.Codec<T> codec, Maker<T> maker) {
        String damage = null;
        if (maker.reuse() && Files.exists(file)) {
            try {
                return TableFile.read(file, key, codec);
            } catch (TableFileException e) {
                damage = e.getMessage();
            } catch (IOException e) {
                damage = maker.unreadable(e);
            }
        }
        if (!maker.mayBuild()) {
            throw maker.refusal(damage);
        }
        maker.building(damage);
        long t0 = System.nanoTime();
        T table = maker.build();
        try {
            TableFile.write(file, key, codec, table, maker.midWrite());
        } catch (IOException e) {
            maker.unwritten(e);
        }
        maker.built(table, (System.nanoTime() - t0) / 1e9);
        return table;
    }
}
