package io.puzzleatlas.core.search;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.SlidingSpace;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Sliding-puzzle solver. Any goal is relabelled to the canonical goal of its blank cell, so one
 * engine per goal class serves every goal. Spaces of at most {@link #TABLE_LIMIT} boards are
 * solved by descending a distance table (built once per goal class, on first use); larger ones by
 * IDA* with Manhattan distance and linear conflicts. Unreachable goals are decided by parity.
 */
public final class SlidingSolver implements PuzzleSolver {
    /** Largest space solved by table descent: 2x5 (1,814,400 boards) and smaller. */
    public static final long TABLE_LIMIT = 2_000_000;

    private final SlidingPuzzle puzzle;
    private final boolean tabulated;
    private final AtomicReferenceArray<TableDescent> tables;
    private final AtomicReferenceArray<SlidingIdaStar> searches;

    public SlidingSolver(SlidingPuzzle puzzle) {
        this.puzzle = puzzle;
        this.tabulated = puzzle.boardCount() <= TABLE_LIMIT;
        this.tables = new AtomicReferenceArray<>(puzzle.cellCount());
        this.searches = new AtomicReferenceArray<>(puzzle.cellCount());
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
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
                    SlidingSpace space = new SlidingSpace(puzzle, goalBlank);
                    t = new TableDescent(space, BreadthFirstTableBuilder.build(space), puzzle.moveLetters());
                    tables.set(goalBlank, t);
                }
            }
        }
        return t;
    }

    private SlidingIdaStar search(int goalBlank) {
        SlidingIdaStar s = searches.get(goalBlank);
        if (s == null) {
            s = new SlidingIdaStar(puzzle, goalBlank, true);
            searches.compareAndSet(goalBlank, null, s);
            s = searches.get(goalBlank);
        }
        return s;
    }
}
