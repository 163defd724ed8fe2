package io.puzzleatlas.core.search;

import io.puzzleatlas.core.heuristic.Partition;
import io.puzzleatlas.core.table.PatternDatabaseCache;
import java.io.Serializable;

/**
 * Every setting a solver depends on, as one value that a job ships to its executors (a JVM's
 * system properties never reach another JVM). Read from this JVM's properties once, on the
 * driver, by {@link #fromSystem()}; the executors rebuild the same solver from the value.
 *
 * @param tables           directory of the pattern databases (a local path; jobs map their URI to one)
 * @param maxPattern       largest pattern of default partitions (8: {@code 7-8} on the 4x4)
 * @param patternDatabases false for Manhattan distance and linear conflicts instead of pattern databases
 * @param buildTables      whether a missing pattern database is built here; executors never build
 */
public record SolverSettings(String tables, int maxPattern, boolean patternDatabases, boolean buildTables)
        implements Serializable {

    /** The settings of this JVM: {@code puzzleatlas.*} system properties and their defaults. */
    public static SolverSettings fromSystem() {
        return new SolverSettings(PatternDatabaseCache.defaultDirectory().toString(),
                Integer.getInteger(Partition.MAX_PATTERN_PROPERTY, 8),
                !"off".equals(System.getProperty(SlidingSolver.PDB_PROPERTY)),
                !"false".equalsIgnoreCase(System.getProperty(PatternDatabaseCache.BUILD_PROPERTY, "true")));
    }

    /** The same settings with tables read from {@code directory}. */
    public SolverSettings withTables(String directory) {
        return new SolverSettings(directory, maxPattern, patternDatabases, buildTables);
    }

    /** The same settings with building missing tables switched on or off. */
    public SolverSettings withBuild(boolean build) {
        return new SolverSettings(tables, maxPattern, patternDatabases, build);
    }
}
