package io.puzzleatlas.core.search;

import io.puzzleatlas.core.concurrent.ProgressReporter;
import java.io.Serializable;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * Every setting a solver depends on, as one value that a job ships to its executors (a JVM's system properties never
 * reach another JVM). Read from this JVM's properties once, where a command starts, by {@link #fromSystem()}: the one
 * place that reads the solver's {@code -Dpuzzleatlas.*} switches ({@value #DIR_PROPERTY}, {@value #BUILD_PROPERTY},
 * {@value #PDB_PROPERTY}, {@value #MAX_PATTERN_PROPERTY}, {@value ProgressReporter#SECONDS_PROPERTY}); the value then
 * travels in the request, and the executors rebuild the same solver from it.
 *
 * @param tables directory of the pattern databases (a local path; jobs map their URI to one)
 * @param maxPattern largest pattern of default partitions (8: {@code 7-8} on the 4x4)
 * @param patternDatabases false for Manhattan distance and linear conflicts instead of pattern databases
 * @param buildTables whether a missing pattern database is built here; executors never build
 * @param buildSwitch {@value #BUILD_PROPERTY} as read where the command started (false: no table is built anywhere, and
 *     a refusal says so); a solver builds only when both this and {@link #buildTables} say yes
 * @param tablesMemory bytes the tables of one puzzle may take (0: a quarter of this JVM's heap),
 *     {@code --tables-memory}; only where no plan is given
 * @param plan how the puzzle is solved, decided once on a job's driver (null: each solver decides from
 *     {@link #tablesMemoryBytes()}); a solver given a plan never looks at its own heap
 * @param positions how many positions the job solves, as its driver counts or estimates them (0: not known); a plan
 *     made with it weighs building a table against searching each position ({@link SolvePlan#why()})
 * @param progressSeconds seconds between two progress lines of a table build ({@link ProgressReporter})
 */
public record SolverSettings(
        String tables,
        int maxPattern,
        boolean patternDatabases,
        boolean buildTables,
        long tablesMemory,
        SolvePlan plan,
        boolean buildSwitch,
        long positions,
        double progressSeconds)
        implements Serializable {
    /** Directory of the tables ({@value}), else {@value #DIR_ENV}, else {@code ~/.cache/puzzle-atlas/tables}. */
    public static final String DIR_PROPERTY = "puzzleatlas.tables";

    public static final String DIR_ENV = "PUZZLE_ATLAS_TABLES";
    /** {@value}{@code =false}: a missing table is refused, not built. */
    public static final String BUILD_PROPERTY = "puzzleatlas.tables.build";
    /** {@value}{@code =off}: no pattern databases (Manhattan distance and linear conflicts). */
    public static final String PDB_PROPERTY = "puzzleatlas.pdb";
    /** {@value}: the largest pattern of default partitions. */
    public static final String MAX_PATTERN_PROPERTY = "puzzleatlas.pdb.max-pattern";

    /** The table directory of this JVM's settings. */
    public static Path defaultDirectory() {
        String dir = System.getProperty(DIR_PROPERTY);
        if (dir == null || dir.isBlank()) {
            dir = System.getenv(DIR_ENV);
        }
        if (dir == null || dir.isBlank()) {
            return Paths.get(System.getProperty("user.home"), ".cache", "puzzle-atlas", "tables");
        }
        return Paths.get(dir);
    }

    /** The settings of this JVM: {@code puzzleatlas.*} system properties and their defaults. */
    public static SolverSettings fromSystem() {
        boolean build = !"false".equalsIgnoreCase(System.getProperty(BUILD_PROPERTY, "true"));
        return new SolverSettings(
                defaultDirectory().toString(),
                Integer.getInteger(MAX_PATTERN_PROPERTY, 8),
                !"off".equals(System.getProperty(PDB_PROPERTY)),
                build,
                0,
                null,
                build,
                0,
                ProgressReporter.seconds(System.getProperty(ProgressReporter.SECONDS_PROPERTY)));
    }

    /**
     * A size in bytes: digits with an optional k, m or g (powers of 1024).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static long parseBytes(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        int shift = t.endsWith("k") ? 10 : t.endsWith("m") ? 20 : t.endsWith("g") ? 30 : 0;
        String digits = shift == 0 ? t : t.substring(0, t.length() - 1);
        try {
            long n = Long.parseLong(digits);
            if (n < 0 || n > Long.MAX_VALUE >> shift) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a size in bytes (such as 512m or 2g)");
        }
    }

    /**
     * The bytes one puzzle's tables may take: {@link #tablesMemory}, or a quarter of this JVM's heap when 0. Only for
     * making a plan, on the JVM that decides it.
     */
    public long tablesMemoryBytes() {
        return tablesMemory > 0 ? tablesMemory : Runtime.getRuntime().maxMemory() / 4;
    }

    /** The same settings with {@code bytes} for one puzzle's tables (0: a quarter of the heap). */
    public SolverSettings withTablesMemory(long bytes) {
        return new SolverSettings(
                tables,
                maxPattern,
                patternDatabases,
                buildTables,
                bytes,
                plan,
                buildSwitch,
                positions,
                progressSeconds);
    }

    /** The same settings with {@code solvePlan} (null: none). */
    public SolverSettings withPlan(SolvePlan solvePlan) {
        return new SolverSettings(
                tables,
                maxPattern,
                patternDatabases,
                buildTables,
                tablesMemory,
                solvePlan,
                buildSwitch,
                positions,
                progressSeconds);
    }

    /** The same settings for a job of {@code count} positions (0: not known). */
    public SolverSettings withPositions(long count) {
        return new SolverSettings(
                tables,
                maxPattern,
                patternDatabases,
                buildTables,
                tablesMemory,
                plan,
                buildSwitch,
                count,
                progressSeconds);
    }

    /** The same settings with tables read from {@code directory}. */
    public SolverSettings withTables(String directory) {
        return new SolverSettings(
                directory,
                maxPattern,
                patternDatabases,
                buildTables,
                tablesMemory,
                plan,
                buildSwitch,
                positions,
                progressSeconds);
    }

    /** The same settings with {@code seconds} between two progress lines of a table build. */
    public SolverSettings withProgressSeconds(double seconds) {
        return new SolverSettings(
                tables, maxPattern, patternDatabases, buildTables, tablesMemory, plan, buildSwitch, positions, seconds);
    }

    /** The same settings with building missing tables here switched on or off ({@link #buildSwitch} kept). */
    public SolverSettings withBuild(boolean build) {
        return new SolverSettings(
                tables,
                maxPattern,
                patternDatabases,
                build,
                tablesMemory,
                plan,
                buildSwitch,
                positions,
                progressSeconds);
    }
}
