package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Sliding-puzzle solver. Any goal is relabelled to the canonical goal of its blank cell, so one engine per goal class
 * serves every goal. Spaces of at most {@link #TABLE_LIMIT} boards are solved by descending a distance table (built
 * once per goal class, on first use); larger ones by IDA* with disjoint additive pattern databases ({@link PdbIdaStar},
 * tables from a {@link PatternDatabaseCache}, loaded once per JVM), or, when pattern databases are switched off, with
 * Manhattan distance and linear conflicts ({@link SlidingIdaStar}). A pattern database that cannot be had is an error,
 * never a silent fall-back to the weaker search. Unreachable goals are decided by parity.
 */
public final class SlidingSolver implements PuzzleSolver {
    /** Largest space solved by table descent: 2x5 (1,814,400 boards) and smaller. */
    public static final long TABLE_LIMIT = 2_000_000;
    /** System property: {@code off} makes the default solvers use Manhattan IDA* instead of pattern databases. */
    private final SlidingPuzzle puzzle;

    private final boolean tabulated;
    private final AtomicReferenceArray<TableDescent> tables;
    private final AtomicReferenceArray<GoalClassSearch> searches;
    private final PatternDatabaseCache cache;
    private final String partition;
    private final boolean buildTables;

    /** A solver with this JVM's settings (Manhattan IDA* if {@value SolverSettings#PDB_PROPERTY}=off). */
    public SlidingSolver(SlidingPuzzle puzzle) {
        this(puzzle, SolverSettings.fromSystem());
    }

    /** A solver with the JVM-wide pattern database cache of {@code settings.tables()}. */
    public SlidingSolver(SlidingPuzzle puzzle, SolverSettings settings) {
        this(
                puzzle,
                settings.patternDatabases()
                        ? PatternDatabaseCache.shared(Path.of(settings.tables()), settings.buildSwitch())
                        : null,
                Partition.defaultSpec(puzzle, settings.maxPattern()),
                settings.buildTables());
    }

    /**
     * @param cache where pattern databases come from, or null for Manhattan IDA*
     * @param partition pattern partition for large puzzles, e.g. {@code 7-8} (see {@link Partition})
     */
    public SlidingSolver(SlidingPuzzle puzzle, PatternDatabaseCache cache, String partition) {
        this(puzzle, cache, partition, true);
    }

    private SlidingSolver(SlidingPuzzle puzzle, PatternDatabaseCache cache, String partition, boolean buildTables) {
        this.puzzle = puzzle;
        this.cache = cache;
        this.partition = partition;
        this.buildTables = buildTables;
        if (!puzzle.packed() && cache == null) {
            throw new IllegalArgumentException(puzzle.name()
                    + " is solved with pattern databases only: Manhattan IDA* (" + SolverSettings.PDB_PROPERTY
                    + "=off) takes boards of up to " + SlidingPuzzle.MAX_PACKED_CELLS + " cells");
        }
        this.tabulated = puzzle.packed() && puzzle.boardCount() <= TABLE_LIMIT;
        this.tables = new AtomicReferenceArray<>(puzzle.cellCount());
        this.searches = new AtomicReferenceArray<>(puzzle.cellCount());
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public void prepare(String goal) {
        int goalBlank;
        try {
            goalBlank = puzzle.packed()
                    ? SlidingPuzzle.blankCell(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal))
                    : SlidingTiles.blankCell(SlidingTiles.parse(puzzle, goal));
        } catch (RuntimeException e) {
            return; // the solve names what is wrong with the goal
        }
        if (tabulated) {
            table(goalBlank);
        } else {
            search(goalBlank);
        }
    }

    @Override
    public boolean costVaries() {
        return !tabulated;
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        if (!puzzle.reachable(start, goal)) {
            return SolveResult.unsolvable("parity: tile order and blank row parity disagree with the goal", 0);
        }
        int goalBlank = SlidingPuzzle.blankCell(goal);
        long relabelled =
                goal == puzzle.canonicalGoal(goalBlank) ? start : puzzle.relabel(start, puzzle.relabelling(goal));
        return tabulated
                ? table(goalBlank).solve(relabelled)
                : search(goalBlank).solve(relabelled, budget);
    }

    /**
     * Solves boards given as text; boards above 16 cells go as tile arrays straight to the pattern-database search of
     * the goal's class.
     */
    @Override
    public SolveResult solveText(String start, String goal, Budget budget) {
        if (puzzle.packed()) {
            return solve(puzzle.parse(start), puzzle.parse(goal), budget);
        }
        byte[] s = SlidingTiles.parse(puzzle, start);
        byte[] g = SlidingTiles.parse(puzzle, goal);
        if (SlidingTiles.invariant(s, puzzle.cols()) != SlidingTiles.invariant(g, puzzle.cols())) {
            return SolveResult.unsolvable("parity: tile order and blank row parity disagree with the goal", 0);
        }
        int goalBlank = SlidingTiles.blankCell(g);
        return search(goalBlank).solve(SlidingTiles.relabel(s, g), budget);
    }

    /**
     * The IDA* of a board given as text, to split; null when it needs no search (a goal of another parity, or a space
     * solved by table descent).
     */
    @Override
    public SplitSearch split(String start, String goal) {
        if (tabulated) {
            return null;
        }
        byte[] s = SlidingTiles.parse(puzzle, start);
        byte[] g = SlidingTiles.parse(puzzle, goal);
        if (SlidingTiles.invariant(s, puzzle.cols()) != SlidingTiles.invariant(g, puzzle.cols())) {
            return null;
        }
        return search(SlidingTiles.blankCell(g)).split(SlidingTiles.relabel(s, g));
    }

    /** The table-descent engine of a goal class, built on first use. */
    public TableDescent table(int goalBlank) {
        TableDescent t = tables.get(goalBlank);
        if (t == null) {
            synchronized (tables) {
                t = tables.get(goalBlank);
                if (t == null) {
                    SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
                    t = new TableDescent(space, BreadthFirstTableBuilder.build(space), puzzle);
                    tables.set(goalBlank, t);
                }
            }
        }
        return t;
    }

    /**
     * The pattern-database files that solving {@code puzzle} toward the goal class of {@code goalBlank} reads with
     * {@code settings}, as file names in the table directory; empty when such a solver descends tables or uses
     * Manhattan distance.
     */
    public static List<String> tableFiles(SlidingPuzzle puzzle, SolverSettings settings, int goalBlank) {
        if ((puzzle.packed() && puzzle.boardCount() <= TABLE_LIMIT) || !settings.patternDatabases()) {
            return List.of();
        }
        List<String> files = new ArrayList<>();
        for (int[] tiles : Partition.parse(Partition.defaultSpec(puzzle, settings.maxPattern()), puzzle, goalBlank)
                .patterns()) {
            files.add(PatternDatabaseFile.fileName(puzzle.name(), goalBlank, tiles));
        }
        return files;
    }

    /** Loads the goal class's pattern databases, building (and writing) the missing ones whatever the settings say. */
    public void buildTables(int goalBlank) {
        if (!tabulated && cache != null) {
            int[][] patterns = Partition.parse(partition, puzzle, goalBlank).patterns();
            cache.checkHeapForBuilds(puzzle, goalBlank, patterns);
            for (int[] tiles : patterns) {
                cache.get(puzzle, goalBlank, tiles, true);
            }
        }
    }

    /** The IDA* engine of a goal class, created (and its tables loaded or built) on first use. */
    GoalClassSearch search(int goalBlank) {
        GoalClassSearch s = searches.get(goalBlank);
        if (s == null) {
            synchronized (searches) {
                s = searches.get(goalBlank);
                if (s == null) {
                    s = createSearch(goalBlank);
                    searches.set(goalBlank, s);
                }
            }
        }
        return s;
    }

    private GoalClassSearch createSearch(int goalBlank) {
        if (cache != null) {
            Partition p = Partition.parse(partition, puzzle, goalBlank);
            if (buildTables) {
                cache.checkHeapForBuilds(puzzle, goalBlank, p.patterns());
            }
            // the duplicate-path automaton (a quarter of a second in a fresh JVM) is found while the tables load
            CompletableFuture<DuplicatePaths> duplicates = CompletableFuture.supplyAsync(DuplicatePaths::standard);
            PdbIdaStar pdb = new PdbIdaStar(
                    new AdditivePatternHeuristic(
                            puzzle,
                            goalBlank,
                            p,
                            (tiles, start) -> cache.get(puzzle, goalBlank, start, tiles, buildTables),
                            false),
                    duplicates.join());
            return new GoalClassSearch() {
                @Override
                public SolveResult solve(long relabelledStart, Budget budget) {
                    return pdb.solve(relabelledStart, budget);
                }

                @Override
                public SolveResult solve(byte[] relabelledStart, Budget budget) {
                    return pdb.solve(relabelledStart, budget);
                }

                @Override
                public SplitSearch split(byte[] relabelledStart) {
                    return pdb.split(relabelledStart);
                }
            };
        }
        SlidingIdaStar manhattan = new SlidingIdaStar(puzzle, goalBlank, true);
        return new GoalClassSearch() {
            @Override
            public SolveResult solve(long relabelledStart, Budget budget) {
                return manhattan.solve(relabelledStart, budget);
            }

            @Override
            public SolveResult solve(byte[] relabelledStart, Budget budget) {
                throw new IllegalStateException("Manhattan IDA* takes packed boards only");
            }

            @Override
            public SplitSearch split(byte[] relabelledStart) {
                long packed = 0;
                for (int c = 0; c < relabelledStart.length; c++) {
                    packed |= (long) relabelledStart[c] << (c << 2);
                }
                return manhattan.split(packed);
            }
        };
    }
}
