package io.puzzleatlas.jobs.solve;

import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.TableUnavailableException;
import io.puzzleatlas.jobs.RefusedException;
import io.puzzleatlas.jobs.io.NioLocalFileSystem;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.AccessControlException;
import org.apache.spark.SparkEnv;
import org.apache.spark.memory.SparkOutOfMemoryError;
import scala.Tuple2;

/**
 * A job's pattern databases: where they live (any Hadoop URI), how the driver makes sure they exist before any task
 * runs, and how an executor reaches them.
 *
 * <p>The solver settings travel with the job as a value ({@link SolverSettings}, the table directory as a qualified
 * URI, building off, and the job's plan: the method, projections and table files decided once on the driver): executors
 * never read the driver's system properties, never choose tables from their own heap and never build a table. The
 * driver builds a missing table of the job's goal class once, before the solving stage (into the directory itself, or
 * locally and then uploaded for a remote file system), unless {@code -Dpuzzleatlas.tables.build=false}; a table
 * directory that is a file or cannot be read is refused there. The local engine searches in the driver's JVM, which
 * builds and rebuilds tables as any search of this JVM does ({@link #forLocalEngine}). Executors read the tables from
 * the shared directory: a local or cluster-mounted {@code file:} directory in place, any other file system copied once
 * per executor JVM to a local directory (only the plan's files). Each file's CRC32C is checked as it is loaded, and it
 * is loaded once per JVM ({@code TableStore}). A table an executor cannot get fails its task with the file and the
 * reason.
 */
public final class JobTables {
    private static final Map<String, String> LOCAL_COPIES = new ConcurrentHashMap<>();

    private JobTables() {}

    /**
     * The solver settings a job ships: {@code own} (read where the command started), with the table directory
     * {@code tables} (or the default directory) as a qualified URI and building off.
     */
    public static SolverSettings forJob(SolverSettings own, String tables, Configuration hadoop) {
        String dir = tables == null
                ? new File(own.tables()).getAbsoluteFile().toURI().toString()
                : tables;
        try {
            Path path = new Path(dir);
            FileSystem fs = NioLocalFileSystem.of(path, hadoop);
            return own.withTables(fs.makeQualified(path).toString()).withBuild(false);
        } catch (IOException e) {
            throw new UncheckedIOException("--tables " + dir + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--tables " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The shipped settings for the local engine, whose search runs in this JVM: like any search here
     * (docs/pattern-databases.md) it builds a missing table and rebuilds a damaged one, naming the file and the reason,
     * unless {@code -Dpuzzleatlas.tables.build=false} said no where the command started. Only Spark tasks never build.
     */
    public static SolverSettings forLocalEngine(SolverSettings shipped) {
        return shipped.withBuild(shipped.buildSwitch());
    }

    /**
     * On the driver, before solving: makes sure the pattern databases of {@code goal}'s class exist under the job's
     * table directory, building the missing ones once, here (refused, naming them, with
     * {@code -Dpuzzleatlas.tables.build=false}). A directory that is a file or cannot be read is refused: every table
     * in it would look missing.
     *
     * @param goal the job's goal as text, or null for the puzzle's default goal
     */
    public static void prepare(
            PuzzleHandle handle, String goal, SolverSettings settings, Configuration hadoop, PrintStream log) {
        if (!(handle.kind() instanceof TableKind kind)) {
            return; // its solver reads no table files
        }
        Puzzle puzzle = handle.puzzle();
        List<String> files =
                settings.plan() != null ? settings.plan().files() : kind.tableFiles(puzzle, settings, goal);
        if (files.isEmpty()) {
            return;
        }
        try {
            Path dir = new Path(settings.tables());
            FileSystem fs = NioLocalFileSystem.of(dir, hadoop);
            checkDirectory(fs, dir);
            List<String> missing = new ArrayList<>();
            for (String f : files) {
                if (!fs.exists(new Path(dir, f))) {
                    missing.add(f);
                }
            }
            if (missing.isEmpty()) {
                return;
            }
            // a definition's plan may be one distance table (descent) rather than pattern databases
            boolean one = settings.plan() != null
                    && "table descent".equals(settings.plan().method());
            String what = one ? "the distance table" : "pattern databases";
            if (!settings.buildSwitch()) {
                throw new TableUnavailableException(what + " missing under " + shown(fs, dir) + " ("
                        + String.join(", ", missing) + "); not built, as -D" + SolverSettings.BUILD_PROPERTY
                        + "=false asks: build them with 'tables build --puzzle " + puzzle.name()
                        + (goal == null ? "" : " --goal \"" + goal + "\"")
                        + (isLocal(fs) ? " --tables " + localPath(fs, dir) + "'" : "' and copy them there"));
            }
            log.println(
                    what + " missing under " + dir + "; building " + (one ? "it" : "them") + " once, on the driver");
            if (isLocal(fs)) {
                kind.buildTables(puzzle, settings.withTables(localPath(fs, dir)), goal);
                return;
            }
            java.nio.file.Path scratch = Files.createTempDirectory("puzzle-atlas-tables");
            try {
                kind.buildTables(puzzle, settings.withTables(scratch.toString()), goal);
                for (String f : files) {
                    Path target = new Path(dir, f);
                    if (!fs.exists(target)) {
                        Path tmp = new Path(dir, "." + f + ".upload");
                        fs.copyFromLocalFile(
                                false, true, new Path(scratch.resolve(f).toUri()), tmp);
                        if (!fs.rename(tmp, target)) {
                            fs.delete(tmp, false);
                        }
                    }
                }
            } finally {
                FileUtil.fullyDelete(scratch.toFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("--tables " + settings.tables() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a table directory that exists but is not a directory, or that cannot be read (or, on the local file
     * system, that lies under a regular file): each table would look missing and be built again, only to be refused as
     * it cannot be written there.
     */
    private static void checkDirectory(FileSystem fs, Path dir) throws IOException {
        if (isLocal(fs)) {
            java.nio.file.Path local = java.nio.file.Path.of(localPath(fs, dir));
            java.nio.file.Path existing = local;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return;
            }
            if (!Files.isDirectory(existing)) {
                throw new RefusedException("--tables " + local + (existing.equals(local) ? "" : ": " + existing)
                        + " is a file, not a directory");
            }
            // access(2): a user's permission bits, or root's capabilities
            if (existing.equals(local) && !(Files.isReadable(local) && Files.isExecutable(local))) {
                throw new RefusedException("--tables " + local + ": the directory cannot be read (permission denied)");
            }
            return;
        }
        FileStatus status;
        try {
            status = fs.getFileStatus(dir);
        } catch (FileNotFoundException e) {
            return; // the build creates it
        }
        if (!status.isDirectory()) {
            throw new RefusedException("--tables " + dir + " is a file, not a directory");
        }
        try {
            fs.listStatus(dir);
        } catch (AccessControlException e) {
            throw new RefusedException("--tables " + dir + ": the directory cannot be read (permission denied)", e);
        }
    }

    /** A table directory as a user names it: a local path, else its URI. */
    private static String shown(FileSystem fs, Path dir) {
        return isLocal(fs) ? localPath(fs, dir) : dir.toString();
    }

    /**
     * In a task: the executor JVM's shared solver of {@code puzzle} for a job's settings, its tables reached as the
     * class comment says. Loading tables is where a too-small heap runs out; a plain {@link OutOfMemoryError} in a task
     * makes Spark's executor end the whole JVM (status 52), while Spark's own {@link SparkOutOfMemoryError} fails only
     * the task, so the driver reports one line with the internal-error status (docs/cli.md).
     */
    public static PuzzleSolver solver(PuzzleHandle puzzle, SolverSettings shipped) {
        try {
            return puzzle.solver(onExecutor(shipped));
        } catch (OutOfMemoryError e) {
            throw new SparkOutOfMemoryError(e);
        }
    }

    /** The shipped settings with the table URI replaced by a local directory holding the tables. */
    static SolverSettings onExecutor(SolverSettings shipped) {
        if (!shipped.patternDatabases()) {
            return shipped;
        }
        List<String> files = shipped.plan() == null ? null : shipped.plan().files();
        String local = LOCAL_COPIES.computeIfAbsent(
                shipped.tables() + "\n" + files, k -> localDirectory(shipped.tables(), files));
        return shipped.withTables(local);
    }

    /** The local directory of {@code uri}: itself on a local file system, else a copy of {@code files} (null: all). */
    private static String localDirectory(String uri, List<String> files) {
        try {
            Path dir = new Path(uri);
            FileSystem fs = NioLocalFileSystem.of(dir, executorConf());
            if (isLocal(fs)) {
                return localPath(fs, dir);
            }
            java.nio.file.Path copy = Files.createTempDirectory("puzzle-atlas-tables");
            copy.toFile().deleteOnExit();
            List<Path> sources = new ArrayList<>();
            if (files != null) { // the plan's files by name: no listing, nothing else copied
                for (String f : files) {
                    sources.add(new Path(dir, f));
                }
            } else if (fs.exists(dir)) {
                for (FileStatus f : fs.listStatus(dir)) {
                    if (f.isFile() && f.getPath().getName().endsWith(".pdb")) {
                        sources.add(f.getPath());
                    }
                }
            }
            for (Path source : sources) {
                if (fs.exists(source)) { // a missing one is refused, naming it, when the solver reads it
                    java.nio.file.Path target = copy.resolve(source.getName());
                    fs.copyToLocalFile(false, source, new Path(target.toUri()), true);
                    target.toFile().deleteOnExit();
                }
            }
            return copy.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "pattern databases " + uri + ": cannot copy them to this executor: " + e.getMessage(), e);
        }
    }

    private static boolean isLocal(FileSystem fs) {
        return fs instanceof LocalFileSystem || "file".equals(fs.getUri().getScheme());
    }

    private static String localPath(FileSystem fs, Path dir) {
        return new File(fs.makeQualified(dir).toUri()).getPath();
    }

    /**
     * The executor's Hadoop configuration: defaults plus the job's {@code spark.hadoop.*} settings; in a JVM without
     * Spark (the local engine), the embedded default's.
     */
    private static Configuration executorConf() {
        SparkEnv env = SparkEnv.get();
        if (env == null) {
            return SparkSessions.hadoopConfiguration();
        }
        Configuration conf = new Configuration();
        for (Tuple2<String, String> kv : env.conf().getAll()) {
            if (kv._1().startsWith("spark.hadoop.")) {
                conf.set(kv._1().substring("spark.hadoop.".length()), kv._2());
            }
        }
        return conf;
    }
}
