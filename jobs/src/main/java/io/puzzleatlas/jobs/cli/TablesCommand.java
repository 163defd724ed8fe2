package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.sliding.Partition;
import io.puzzleatlas.core.sliding.PatternDatabase;
import io.puzzleatlas.core.sliding.PatternDatabaseBuilder;
import io.puzzleatlas.core.sliding.PatternDatabaseFile;
import io.puzzleatlas.core.sliding.SlidingKind;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import io.puzzleatlas.core.table.TableStore;
import io.puzzleatlas.core.table.TableUnavailableException;
import io.puzzleatlas.jobs.Engine;
import io.puzzleatlas.jobs.ExitCode;
import io.puzzleatlas.jobs.explore.SparkPatternBuild;
import io.puzzleatlas.jobs.spark.JobSession;
import io.puzzleatlas.jobs.spark.SparkOptions;
import io.puzzleatlas.jobs.spark.SparkSessions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tables build}: builds a sliding puzzle's pattern databases into the table cache, in core on all threads
 * (default) or as a Spark job on the explore engine ({@code --engine spark}).
 */
@Command(
        name = "tables",
        mixinStandardHelpOptions = true,
        description = "Build pattern databases and definition puzzles' distance tables.",
        subcommands = {TablesCommand.Build.class})
public final class TablesCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Builds each pattern of a partition that has no valid file yet (all of them with {@code --force}). */
    @Command(
            name = "build",
            mixinStandardHelpOptions = true,
            description = "Build the pattern databases of a partition into the table directory.")
    public static final class Build implements Callable<Integer> {
        @Option(
                names = {"-p", "--puzzle"},
                required = true,
                paramLabel = "NAME",
                converter = PuzzleConverter.class,
                description = "fifteen-puzzle, twenty-four-puzzle, sliding-RxC (up to 25 cells), or a definition "
                        + "file (.tws, .json): its distance table, or its pattern databases where that does not fit")
        PuzzleHandle puzzle;

        @Mixin
        MetricOption metric;

        @Option(
                names = "--tables-memory",
                paramLabel = "SIZE",
                description = "a definition's tables: the memory they may take, such as 512m or 2g (default: a "
                        + "quarter of the heap), as solve --tables-memory")
        String tablesMemory;

        @Option(
                names = "--partition",
                description = "sizes such as 7-8, 6-6-3, 5-5-5, tiles such as 1,2,3/4,5,6, or on the 5x5 "
                        + "korf-felner or blocks-7-7-5-5 (default: 7-8 on the 4x4, korf-felner on the 5x5)")
        String partition;

        @Option(
                names = "--tables",
                paramLabel = "DIR",
                description = "table directory (default: $PUZZLE_ATLAS_TABLES " + "or ~/.cache/puzzle-atlas/tables)")
        Path tables;

        @Option(
                names = "--goal",
                paramLabel = "BOARD",
                description =
                        "a goal of the goal class to build for " + "(only its blank cell matters; default: blank last)")
        String goal;

        @Option(names = "--threads", description = "worker threads (default: all cores)")
        int threads = Runtime.getRuntime().availableProcessors();

        @Option(names = "--force", description = "rebuild even when a valid file exists")
        boolean force;

        @Option(
                names = "--engine",
                paramLabel = "ENGINE",
                defaultValue = "auto",
                converter = EngineConverter.class,
                description = "local or auto (in core, all threads; the fast path on one machine) or spark "
                        + "(level-by-level search of the explore engine over executors)")
        Engine engine;

        @Mixin
        SparkOptions sparkOptions = new SparkOptions();

        private JobSession session;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Options.atLeastOne(spec, "--threads", threads);
            try {
                SolverSettings own = SolverSettings.fromSystem(); // the -Dpuzzleatlas.* switches, read once
                puzzle = metric.apply(puzzle);
                if (!(puzzle.puzzle() instanceof SlidingPuzzle) && puzzle.kind() instanceof TableKind kind) {
                    return buildDefinition(kind, own, out);
                }
                if (!(puzzle.puzzle() instanceof SlidingPuzzle sliding)) {
                    throw new IllegalArgumentException(
                            "pattern databases are for sliding puzzles, not " + puzzle.name());
                }
                int goalBlank = SlidingKind.goalBlank(sliding, goal);
                Partition parts = Partition.parse(
                        partition == null ? Partition.defaultSpec(sliding, own.maxPattern()) : partition,
                        sliding,
                        goalBlank);
                Path dir = tables == null ? Path.of(own.tables()) : tables;
                if (engine.or(Engine.LOCAL) == Engine.SPARK) {
                    for (int[] tiles : parts.patterns()) {
                        SparkPatternBuild.requireFits(sliding, tiles); // before anything is built
                    }
                    session = SparkSessions.open("tables build", sparkOptions);
                }
                try {
                    for (int[] tiles : parts.patterns()) {
                        buildOne(sliding, goalBlank, tiles, dir, out);
                    }
                } finally {
                    if (session != null) {
                        session.close();
                    }
                }
                return ExitCode.OK.code();
            } catch (IllegalArgumentException e) {
                err.println("tables build: " + e.getMessage());
                err.flush();
                return ExitCode.USAGE.code();
            } catch (IOException e) {
                err.println("tables build: " + e.getMessage());
                err.flush();
                return ExitCode.REFUSED.code();
            } catch (UncheckedIOException e) {
                err.println("tables build: " + e.getCause().getMessage());
                err.flush();
                return ExitCode.REFUSED.code();
            }
        }

        /**
         * A definition's tables (the whole space's distance table, or its pattern databases) built into the table
         * directory unless a valid file is there ({@code --force}: rebuilt), in core on all cores.
         */
        private int buildDefinition(TableKind kind, SolverSettings system, PrintWriter out) throws IOException {
            if (engine == Engine.SPARK) {
                throw new IllegalArgumentException(
                        "a definition's tables are built in core: --engine spark does not apply");
            }
            Path dir = tables == null ? Path.of(system.tables()) : tables;
            Puzzle p = puzzle.puzzle();
            if (goal != null) {
                Options.checkGoal(spec, p, goal);
            }
            SolverSettings own = system.withTables(dir.toString())
                    .withBuild(true)
                    .withTablesMemory(tablesMemory == null ? 0 : SolverSettings.parseBytes(tablesMemory));
            // one plan for the files, the build and the summary line
            SolvePlan plan = kind.plan(p, own, goal);
            SolverSettings settings = own.withPlan(plan);
            List<String> files = plan.files();
            if (force) { // only table files: a link or a directory in a table's place is refused by the build
                for (String f : files) {
                    if (Files.isRegularFile(dir.resolve(f), LinkOption.NOFOLLOW_LINKS)) {
                        Files.delete(dir.resolve(f));
                    }
                }
            }
            long t0 = System.nanoTime();
            kind.buildTables(p, settings, goal);
            out.printf(
                    Locale.ROOT,
                    "tables build: %s: %s; ready in %.1f s%n",
                    p.name(),
                    kind.solver(p, settings).describe(),
                    (System.nanoTime() - t0) / 1e9);
            for (String f : files) {
                out.printf(Locale.ROOT, "%s: %,d bytes%n", dir.resolve(f), Files.size(dir.resolve(f)));
            }
            out.flush();
            return ExitCode.OK.code();
        }

        /**
         * A progress line per level, at most one each 5 seconds, with the time left once a tenth of the pattern's
         * states is reached (the 7-8 tables take minutes).
         */
        private static PatternDatabaseBuilder.Progress progress(Path file, PrintWriter out) {
            long[] lastNanos = {System.nanoTime()};
            return (level, reached, of, seconds) -> {
                long now = System.nanoTime();
                if (now - lastNanos[0] < 5_000_000_000L) {
                    return;
                }
                lastNanos[0] = now;
                double share = (double) reached / of;
                out.printf(
                        Locale.ROOT,
                        "tables build: %s: level %d, %,d of %,d states (%.1f %%), %.0f s%s%n",
                        file.getFileName(),
                        level,
                        reached,
                        of,
                        100 * share,
                        seconds,
                        share < 0.1
                                ? ""
                                : String.format(Locale.ROOT, ", about %.0f s left", seconds * (1 - share) / share));
                out.flush();
            };
        }

        /**
         * One pattern's database into {@code dir} through a store of its own ({@link TableStore#getOnDisk}: nothing
         * held after the command): a valid file is kept (unless {@code --force}), a missing or damaged one built and
         * written.
         */
        private void buildOne(SlidingPuzzle sliding, int goalBlank, int[] tiles, Path dir, PrintWriter out) {
            Path file = dir.resolve(PatternDatabaseFile.fileName(sliding.name(), goalBlank, tiles))
                    .toAbsolutePath()
                    .normalize();
            PatternMaker maker = new PatternMaker(sliding, goalBlank, tiles, dir, file, out);
            new TableStore()
                    .getOnDisk(
                            file,
                            PatternDatabaseFile.key(
                                    sliding.name(), sliding.rows(), sliding.cols(), goalBlank, goalBlank, tiles),
                            PatternDatabaseFile.codec(sliding.rows(), sliding.cols(), goalBlank, goalBlank, tiles),
                            maker);
            if (!maker.built) {
                out.println(file + ": valid, kept (use --force to rebuild)");
            }
            out.flush();
        }

        /**
         * What {@code tables build} says and does for one sliding pattern: built in core or on Spark, always written.
         */
        private final class PatternMaker implements TableStore.Maker<PatternDatabase> {
            private final SlidingPuzzle sliding;
            private final int goalBlank;
            private final int[] tiles;
            private final Path dir;
            private final Path file;
            private final PrintWriter out;
            private boolean built;

            PatternMaker(SlidingPuzzle sliding, int goalBlank, int[] tiles, Path dir, Path file, PrintWriter out) {
                this.sliding = sliding;
                this.goalBlank = goalBlank;
                this.tiles = tiles;
                this.dir = dir;
                this.file = file;
                this.out = out;
            }

            @Override
            public boolean mayBuild() {
                return true;
            }

            @Override
            public boolean reuse() {
                return !force;
            }

            @Override
            public TableUnavailableException refusal(String damage) {
                throw new IllegalStateException("tables build always builds");
            }

            @Override
            public void building(String damage) {
                if (damage != null) {
                    out.println(damage + "; rebuilding");
                }
            }

            @Override
            public PatternDatabase build() {
                return session == null
                        ? new PatternDatabaseBuilder(sliding, goalBlank, tiles, threads)
                                .progress(progress(file, out))
                                .build()
                        : SparkPatternBuild.build(
                                session,
                                puzzle,
                                goalBlank,
                                tiles,
                                new org.apache.hadoop.fs.Path(dir.resolve(".spark-build-" + System.nanoTime())
                                        .toUri()),
                                threads);
            }

            @Override
            public void built(PatternDatabase pdb, double seconds) {
                built = true;
                long bytes;
                try {
                    bytes = Files.size(file);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.printf(
                        "%s: pattern %s, %,d entries, built in %.1f s %s, %,d bytes%n",
                        file,
                        Arrays.toString(tiles),
                        pdb.entries(),
                        seconds,
                        session == null
                                ? "on " + threads + " threads"
                                : "on Spark (" + session.spark().sparkContext().master() + ")",
                        bytes);
            }

            @Override
            public void unwritten(IOException e) {
                throw new UncheckedIOException(e);
            }

            @Override
            public String unreadable(IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Runs {@code tables ...} on its own (for tests). */
    public static int run(String... args) {
        return new CommandLine(new TablesCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args);
    }
}
