package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Solves a defined puzzle by descending a full distance table to the goal (one byte per rank, built on first use of
 * each goal, on all cores, and kept): optimal, and the smallest move string in the metric's move order. Refuses spaces
 * whose table would not fit one array or the heap.
 */
final class DefinitionSolver implements PuzzleSolver {
    private final DefinitionPuzzle puzzle;
    /** Per goal, the table descent over the boards' space. */
    private final ConcurrentHashMap<Long, TableDescent> descents = new ConcurrentHashMap<>();

    DefinitionSolver(DefinitionPuzzle puzzle) {
        this.puzzle = puzzle;
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    @Override
    public void prepare(String goal) {
        descent(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
    }

    /** The descent toward {@code goal} over the space whose ranks are the boards (per orbit or chain). */
    private TableDescent descent(long goal) {
        return descents.computeIfAbsent(goal, g -> {
            RankedSpace space = puzzle.rankedSpace(g);
            if (space.size() > Integer.MAX_VALUE - 8) {
                throw new TooLargeException(
                        puzzle.name() + ": a distance table of " + space.size() + " states does not fit one array");
            }
            TooLargeException.checkHeap("the distance table of " + puzzle.name(), space.size() + space.size() / 4);
            // built once per JVM, on all its cores (the two-bit search marks distinct bytes from each thread)
            int threads = Runtime.getRuntime().availableProcessors();
            return new TableDescent(space, BreadthFirstTableBuilder.build(space, threads), puzzle);
        });
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        if (!puzzle.reachable(start, goal)) {
            return SolveResult.unsolvable("goal is not reachable from this board: no sequence of moves links them", 0);
        }
        return descent(goal).solve(start);
    }
}
