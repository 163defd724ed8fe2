package io.puzzleatlas.core.search;

import io.puzzleatlas.core.heuristic.AdditivePatternHeuristic;
import io.puzzleatlas.core.heuristic.Partition;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.PatternDatabaseCache;
import io.puzzleatlas.core.table.SlidingGoalSpace;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Sliding-puzzle solver. Any goal is relabelled to the canonical goal of its blank cell, so one
 * engine per goal class serves every goal. Spaces of at most {@link #TABLE_LIMIT} boards are
 * solved by descending a distance table (built once per goal class, on first use); larger ones by
 * IDA* with disjoint additive pattern databases ({@link PdbIdaStar}, tables from a
 * {@link PatternDatabaseCache}, loaded once per JVM), or, without a cache or when the tables
 * cannot be had, with Manhattan distance and linear conflicts ({@link SlidingIdaStar}).
 * Unreachable goals are decided by parity.
 */
public final class SlidingSolver implements PuzzleSolver {
    /** Largest space solved by table descent: 2x5 (1,814,400 boards) and smaller. */
    public static final long TABLE_LIMIT = 2_000_000;
    /** System property: {@code off} makes the default solvers use Manhattan IDA* instead of pattern databases. */
    public static final String PDB_PROPERTY = "puzzleatlas.pdb";

    private final SlidingPuzzle puzzle;
    private final boolean tabulated;
    private final AtomicReferenceArray<TableDescent> tables;
    private final AtomicReferenceArray<GoalClassSearch> searches;
    private final PatternDatabaseCache cache;
    private final String partition;

    /** A solver using the JVM-wide pattern database cache (Manhattan IDA* if {@value #PDB_PROPERTY}=off). */
    public SlidingSolver(SlidingPuzzle puzzle) {
        this(puzzle, "off".equals(System.getProperty(PDB_PROPERTY)) ? null : PatternDatabaseCache.shared(),
                Partition.defaultSpec(puzzle));
    }

    /**
     * @param cache     where pattern databases come from, or null for Manhattan IDA*
     * @param partition pattern partition for large puzzles, e.g. {@code 7-8} (see {@link Partition})
     */
    public SlidingSolver(SlidingPuzzle puzzle, PatternDatabaseCache cache, String partition) {
        this.puzzle = puzzle;
        this.cache = cache;
        this.partition = partition;
        this.tabulated = puzzle.boardCount() <= TABLE_LIMIT;
        this.tables = new AtomicReferenceArray<>(puzzle.cellCount());
        this.searches = new AtomicReferenceArray<>(puzzle.cellCount());
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public boolean costVaries() {
        return !tabulated;
    }

    /** Whether this solver descends tables (true) or runs IDA* (false). */
    public boolean tabulated() {
        return tabulated;
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        if (!puzzle.reachable(start, goal)) {
            return SolveResult.unsolvable("parity: tile order and blank row parity disagree with the goal", 0);
        }
        int goalBlank = SlidingPuzzle.blankCell(goal);
        long relabelled = goal == puzzle.canonicalGoal(goalBlank) ? start : puzzle.relabel(start, puzzle.relabelling(goal));
        return tabulated ? table(goalBlank).solve(relabelled) : search(goalBlank).solve(relabelled, budget);
    }

    /** The table-descent engine of a goal class, built on first use. */
    public TableDescent table(int goalBlank) {
        TableDescent t = tables.get(goalBlank);
        if (t == null) {
            synchronized (tables) {
                t = tables.get(goalBlank);
                if (t == null) {
                    SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlank);
                    t = new TableDescent(space, BreadthFirstTableBuilder.build(space), puzzle.moveLetters());
                    tables.set(goalBlank, t);
                }
            }
        }
        return t;
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
            try {
                Partition p = Partition.parse(partition, puzzle, goalBlank);
                PdbIdaStar pdb = new PdbIdaStar(new AdditivePatternHeuristic(puzzle, goalBlank, p,
                        i -> cache.get(puzzle, goalBlank, p.patterns()[i])));
                return pdb::solve;
            } catch (IllegalStateException e) {
                System.err.println("pattern databases unavailable (" + e.getMessage()
                        + "); solving " + puzzle.name() + " with Manhattan distance and linear conflicts");
            }
        }
        return new SlidingIdaStar(puzzle, goalBlank, true)::solve;
    }
}
