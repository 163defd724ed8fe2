package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.DistanceTableFile;
import io.puzzleatlas.core.table.TableFileException;
import io.puzzleatlas.core.table.TableUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The distance tables defined puzzles are solved with (a whole space's for table descent, projections' for IDA*), on
 * disk in the table directory and loaded at most once per JVM. A table's key says what it is of (the puzzle's moves and
 * solved state, the projection, the goal); its file is named after the puzzle and a digest of the key
 * ({@code 3x3x3-powers-1a2b3c4d5e6f7a8b.pdb}) and holds the key, so a file is never used for another table. A missing
 * file is built (on all cores) and written when building is on, else refused naming the command that builds it; a
 * damaged one is reported and rebuilt, or refused with the reason.
 */
final class DefinitionTables {
    private static final ConcurrentHashMap<String, DistanceTable> LOADED = new ConcurrentHashMap<>();

    private DefinitionTables() {}

    /** The file name of the table of {@code key} for the puzzle {@code puzzleName}. */
    static String fileName(String puzzleName, String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return puzzleName + "-" + HexFormat.of().formatHex(digest, 0, 8) + ".pdb";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The table of {@code key}: from memory, else its file under {@code dir}, else (when {@code build}) built by
     * {@code builder} and written.
     */
    static DistanceTable get(
            Path dir, String puzzleName, String key, boolean build, Supplier<DistanceTable> builder, PrintStream log) {
        Path file = dir.resolve(fileName(puzzleName, key)).toAbsolutePath().normalize();
        return LOADED.computeIfAbsent(file + "\n" + key, k -> load(file, key, build, builder, log));
    }

    /**
     * {@link #get} with the file checked even when the table is in memory: read back whole, and written again from
     * memory when it is missing or damaged ({@code tables build}).
     */
    static DistanceTable getChecked(
            Path dir, String puzzleName, String key, Supplier<DistanceTable> builder, PrintStream log) {
        DistanceTable table = get(dir, puzzleName, key, true, builder, log);
        Path file = dir.resolve(fileName(puzzleName, key)).toAbsolutePath().normalize();
        try {
            DistanceTableFile.read(file, key);
        } catch (IOException e) {
            log.println((e instanceof TableFileException ? e.getMessage() : file + ": " + e.getMessage())
                    + "; writing it again");
            try {
                DistanceTableFile.write(table, key, file);
            } catch (IOException w) {
                throw new UncheckedIOException(file + ": " + w.getMessage(), w);
            }
        }
        return table;
    }

    private static DistanceTable load(
            Path file, String key, boolean build, Supplier<DistanceTable> builder, PrintStream log) {
        String why;
        if (Files.exists(file)) {
            try {
                return DistanceTableFile.read(file, key);
            } catch (TableFileException e) {
                why = e.getMessage();
            } catch (IOException e) {
                why = file + ": " + e.getMessage();
            }
            if (!build) {
                throw new TableUnavailableException(why + "; not rebuilt, as building tables is off");
            }
            log.println(why + "; rebuilding it");
        } else if (!build) {
            throw new TableUnavailableException(
                    file + ": table missing (" + key.lines().reduce((a, b) -> b).orElse("")
                            + "); not built, as building tables is off: build it with 'tables build --puzzle FILE'");
        }
        long t0 = System.nanoTime();
        DistanceTable table = builder.get();
        try {
            DistanceTableFile.write(table, key, file);
        } catch (IOException e) {
            log.println(file + ": not written (" + e.getMessage() + "); the table is used from memory only");
        }
        log.printf(
                Locale.ROOT,
                "%s: %,d ranks, radius %d, built in %.1f s%n",
                file,
                table.size(),
                table.radius(),
                (System.nanoTime() - t0) / 1e9);
        return table;
    }
}
