package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.TableFile;
import io.puzzleatlas.core.table.TableStore;
import io.puzzleatlas.core.table.TableUnavailableException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The distance tables defined puzzles are solved with (a whole space's for table descent, projections' for IDA*), on
 * disk in the table directory ({@link TableFile}) and loaded at most once per JVM ({@link TableStore#jvm()}). A table's
 * key says what it is of (the puzzle's moves and solved state, the projection, the goal); its file is named after the
 * puzzle and a digest of the key ({@code 3x3x3-powers-1a2b3c4d5e6f7a8b.pdb}) and holds the key, so a file is never used
 * for another table.
 *
 * <p>Two ways to get a table. {@link #get} (a solver): a missing or damaged file is built (on all cores) and written
 * when building is on, and a write that fails leaves one warning line, the table used from memory; with building off (a
 * Spark task) it is refused in one line naming the file, the reason and the command that writes it. {@link #getChecked}
 * ({@code tables build}, a job's driver): the file must end up on disk, read back whole; a place where it cannot be
 * written is refused in one line before anything is built ({@link #checkWritable}), and a write that fails (a full
 * device) is refused in one line naming the file and the reason.
 */
final class DefinitionTables {
    /**
     * Test seam: when the system property {@value} is {@code tables-write}, writing a table file fails as a full device
     * does, after its temporary file was created.
     */
    static final String FULL_SEAM = "puzzleatlas.seam.full";

    private DefinitionTables() {}

    /** The SHA-256 (hex) of {@code key}: what names its file and identifies it in a plan. */
    static String keyDigest(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The file name of the table of {@code key} for the puzzle {@code puzzleName}. */
    static String fileName(String puzzleName, String key) {
        return puzzleName + "-" + keyDigest(key).substring(0, 16) + ".pdb";
    }

    /**
     * The table of {@code key}: from memory, else its file under {@code dir}, else (when {@code build}) built by
     * {@code builder} and written (a failed write: a warning line, the table used from memory). Without building, a
     * missing or damaged file is refused naming {@code command}, the {@code tables build} that writes it.
     */
    static DistanceTable get(
            Path dir,
            String puzzleName,
            String key,
            boolean build,
            String command,
            Supplier<DistanceTable> builder,
            PrintStream log) {
        Path file = dir.resolve(fileName(puzzleName, key)).toAbsolutePath().normalize();
        return TableStore.jvm()
                .get(file, key, DistanceTable.FILE, new Maker(file, key, build, false, command, builder, log));
    }

    /**
     * {@link #get} with the file checked even when the table is in memory ({@link TableStore#getOnDisk}: read back
     * whole, and written again from memory when it is missing or damaged; {@code tables build}); every write must
     * succeed.
     */
    static DistanceTable getChecked(
            Path dir, String puzzleName, String key, Supplier<DistanceTable> builder, PrintStream log) {
        Path file = dir.resolve(fileName(puzzleName, key)).toAbsolutePath().normalize();
        checkWritable(file);
        return TableStore.jvm()
                .getOnDisk(file, key, DistanceTable.FILE, new Maker(file, key, true, true, null, builder, log));
    }

    /**
     * Refuses, in one line naming the path, a place where the table file {@code file} cannot be written: a dangling
     * symbolic link or a directory in its place, a directory above it that is a file, or a table directory this user
     * cannot write. A regular file there is read first (and its write checked when it happens).
     */
    static void checkWritable(Path file) {
        if (Files.isSymbolicLink(file) && !Files.exists(file)) {
            String target;
            try {
                target = " to " + Files.readSymbolicLink(file);
            } catch (IOException e) {
                target = "";
            }
            throw new TableUnavailableException(file + ": a dangling symbolic link" + target
                    + " takes the table file's place; remove it, or point it at an existing file");
        }
        if (Files.isDirectory(file)) {
            throw new TableUnavailableException(
                    file + ": a directory takes the table file's place; remove it, or choose another --tables");
        }
        if (Files.isRegularFile(file)) {
            return;
        }
        Path dir = file.getParent();
        while (dir != null && !Files.exists(dir)) {
            dir = dir.getParent();
        }
        if (dir == null) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new TableUnavailableException(file + ": " + dir + " is a file, not a directory");
        }
        if (!Files.isWritable(dir) || !Files.isExecutable(dir)) {
            throw new TableUnavailableException(
                    file + ": the table directory " + dir + " cannot be written (permission denied)");
        }
    }

    /** What {@link TableStore} says and does for a definition's table whose file is missing or damaged. */
    private record Maker(
            Path file,
            String key,
            boolean mayBuild,
            boolean mustWrite,
            String command,
            Supplier<DistanceTable> builder,
            PrintStream log)
            implements TableStore.Maker<DistanceTable> {
        @Override
        public TableUnavailableException refusal(String damage) {
            return damage != null
                    ? new TableUnavailableException(
                            damage + "; the table file is damaged: rebuild it with " + command + " --force'")
                    : new TableUnavailableException(file + ": table missing ("
                            + key.lines().reduce((a, b) -> b).orElse("") + "); build it with " + command + "'");
        }

        @Override
        public void building(String damage) {
            if (damage != null) {
                log.println(damage + "; rebuilding it");
            }
        }

        @Override
        public DistanceTable build() {
            return builder.get();
        }

        @Override
        public void built(DistanceTable table, double seconds) {
            log.printf(
                    Locale.ROOT,
                    "%s: %,d ranks, radius %d, built in %.1f s%n",
                    file,
                    table.size(),
                    table.radius(),
                    seconds);
        }

        @Override
        public void unwritten(IOException e) {
            if (mustWrite) {
                throw new TableUnavailableException(file + ": cannot write the table (" + reason(e) + ")");
            }
            log.println(file + ": not written (" + reason(e) + "); the table is used from memory only");
        }

        @Override
        public String unreadable(IOException e) {
            return file + ": " + reason(e);
        }

        @Override
        public void rewriting(String damage) {
            log.println(damage + "; writing it again");
        }

        @Override
        public TableFile.WriteStep midWrite() {
            return DefinitionTables::fullSeam;
        }
    }

    private static void fullSeam() throws IOException {
        if ("tables-write".equals(System.getProperty(FULL_SEAM))) {
            throw new IOException("No space left on device");
        }
    }

    /** An I/O failure's reason in words, without the path its message may repeat. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        String m = e.getMessage();
        return m == null
                ? e.getClass().getSimpleName()
                : m.toLowerCase(Locale.ROOT).startsWith("no space") ? "no space left on device" : m;
    }
}
