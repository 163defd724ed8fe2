package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.Arrays;

/**
 * Depth histograms and deepest boards of sliding puzzles, one goal class (the blank's goal cell) at a time: every goal
 * is a relabelling of {@link SlidingPuzzle#canonicalGoal} of its blank cell, so the class decides the histogram, and
 * board symmetries (reflections, and transposition of square boards) map classes onto each other
 * ({@link #goalClasses}).
 *
 * <p>Spaces up to {@link #TABLE_LIMIT} states use a byte {@link DistanceTable}; larger ones (the 12-cell boards,
 * 239,500,800 states; up to 14 cells) the two-bit search of {@link TwoBitBreadthFirstSearch}, a quarter of a byte per
 * state.
 */
public final class SlidingAtlas {
    /** Largest space searched with a byte-per-state table. */
    public static final long TABLE_LIMIT = 20_000_000;

    private SlidingAtlas() {}

    /** Stable name of a space: {@code sliding-RxC-blank-B}. */
    public static String spaceName(int rows, int cols, int goalBlankCell) {
        return "sliding-" + rows + "x" + cols + "-blank-" + goalBlankCell;
    }

    /** The summary of one goal class, on as many threads as the machine has (two-bit search only). */
    public static SpaceSummary summary(int rows, int cols, int goalBlankCell) {
        return summary(rows, cols, goalBlankCell, Runtime.getRuntime().availableProcessors());
    }

    /** The summary of one goal class; {@code threads} serve the two-bit search of large spaces. */
    public static SpaceSummary summary(int rows, int cols, int goalBlankCell, int threads) {
        return summary(rows, cols, goalBlankCell, threads, SearchControl.NONE);
    }

    /** The summary of one goal class; {@code control} observes, checkpoints and limits a two-bit search. */
    public static SpaceSummary summary(int rows, int cols, int goalBlankCell, int threads, SearchControl control) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        return puzzle.boardCount() <= TABLE_LIMIT
                ? fromTable(rows, cols, goalBlankCell)
                : twoBit(rows, cols, goalBlankCell, threads, control);
    }

    /** The summary from a distance table (spaces up to {@link #TABLE_LIMIT}). */
    public static SpaceSummary fromTable(int rows, int cols, int goalBlankCell) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlankCell);
        DistanceTable table = BreadthFirstTableBuilder.build(space);
        long[] deepest = TableSummaries.deepestRanks(table);
        for (int i = 0; i < deepest.length; i++) {
            deepest[i] = space.unrank(deepest[i]);
        }
        return new SpaceSummary(spaceName(rows, cols, goalBlankCell), puzzle.name(), table.histogram(), deepest);
    }

    /** Heap a class's atlas needs: two bits per state and the search's chunks (two-bit search), or a byte table. */
    public static long heapBytes(int rows, int cols) {
        long states = new SlidingPuzzle(rows, cols).boardCount();
        return (states <= TABLE_LIMIT ? 2 * states : states / 4) + (64L << 20);
    }

    /** {@link #twoBit(int, int, int, int, SearchControl)}, whole and silent. */
    public static SpaceSummary twoBit(int rows, int cols, int goalBlankCell, int threads) {
        return twoBit(rows, cols, goalBlankCell, threads, SearchControl.NONE);
    }

    /**
     * The summary from a two-bit breadth-first search on {@code threads} threads (up to 14 cells); {@code control}
     * observes it, checkpoints it, resumes it and may stop it.
     */
    public static SpaceSummary twoBit(int rows, int cols, int goalBlankCell, int threads, SearchControl control) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(puzzle, goalBlankCell);
        long goal = space.goal();
        long size = space.size();
        long goalRank = space.rank(goal);
        String name = spaceName(rows, cols, goalBlankCell);
        control.planned(name, size, heapBytes(rows, cols), TwoBitBreadthFirstSearch.checkpointBytes(size));
        TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                size,
                goalRank,
                t -> space.predecessors(),
                threads,
                control.resume(name, size, goalRank),
                control.maxLevel(),
                control.observer(name, size, goalRank));
        if (!r.complete()) {
            throw new SearchControl.StoppedException(name, r.histogram().length - 1);
        }
        long[] deepest = r.deepestRanks();
        for (int i = 0; i < deepest.length; i++) {
            deepest[i] = puzzle.board(deepest[i], goal);
        }
        return new SpaceSummary(name, puzzle.name(), r.histogram(), deepest);
    }

    /**
     * One blank cell from each class of cells that the board's symmetries map onto each other (the smallest cell of
     * each orbit), ascending. A 3x3 board has three: corner 0, edge 1, centre 4.
     */
    public static int[] goalClasses(int rows, int cols) {
        int cells = rows * cols;
        boolean[] covered = new boolean[cells];
        int[] reps = new int[cells];
        int n = 0;
        for (int c = 0; c < cells; c++) {
            if (covered[c]) {
                continue;
            }
            reps[n++] = c;
            int r = c / cols;
            int k = c % cols;
            int[][] images = {{r, k}, {rows - 1 - r, k}, {r, cols - 1 - k}, {rows - 1 - r, cols - 1 - k}};
            for (int[] im : images) {
                covered[im[0] * cols + im[1]] = true;
                if (rows == cols) {
                    covered[im[1] * cols + im[0]] = true;
                }
            }
        }
        return Arrays.copyOf(reps, n);
    }
}
