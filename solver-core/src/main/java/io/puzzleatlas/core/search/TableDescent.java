package io.puzzleatlas.core.search;

import io.puzzleatlas.core.puzzle.MoveText;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.function.Supplier;

/**
 * Solves by descending a full distance table: from each state take the smallest-numbered move whose successor is one
 * step closer. Because moves are numbered in letter order and every step keeps the remaining distance optimal, the
 * result is the lexicographically smallest optimal move string.
 */
public final class TableDescent {
    private final RankedSpace space;
    private final DistanceTable table;
    private final MoveText text;
    /** A new stepper of every move at once (a state's successors in move order), or null: move by move. */
    private final Supplier<NeighbourRanker> successors;

    /** Descends {@code table} of {@code space}, whose moves are {@code puzzle}'s moves (for their names). */
    public TableDescent(RankedSpace space, DistanceTable table, Puzzle puzzle) {
        this(space, table, puzzle, null);
    }

    /**
     * {@link #TableDescent(RankedSpace, DistanceTable, Puzzle)} stepping every move of a state at once with a ranker
     * from {@code successors} (its neighbours: the state after each move, in move order, states being ranks), which
     * shares the work of the moves (one unrank for all of them).
     */
    public TableDescent(RankedSpace space, DistanceTable table, Puzzle puzzle, Supplier<NeighbourRanker> successors) {
        this.space = space;
        this.table = table;
        this.text = new MoveText(puzzle);
        this.successors = successors;
    }

    /** Solves {@code state} (a state of the space) to the space's goal. */
    public SolveResult solve(long state) {
        int d = table.get(space.rank(state));
        if (d == DistanceTable.UNREACHED) {
            return SolveResult.unsolvable("goal is not reachable from this board", 1);
        }
        int[] path = new int[d];
        long lookups = 1;
        int moves = space.moveCount();
        if (successors != null) {
            NeighbourRanker next = successors.get();
            long[] after = new long[next.maxNeighbours()];
            for (int step = 0; step < path.length; step++) {
                next.neighbours(state, after, 0);
                int m = 0;
                while (true) {
                    if (m == moves) {
                        throw new IllegalStateException("distance table is inconsistent at depth " + d);
                    }
                    lookups++;
                    if (table.get(after[m]) == d - 1) {
                        break;
                    }
                    m++;
                }
                path[step] = m;
                state = after[m];
                d--;
            }
            return SolveResult.solved(text.of(path, path.length), path.length, lookups);
        }
        for (int step = 0; step < path.length; step++) {
            boolean advanced = false;
            for (int m = 0; m < moves && !advanced; m++) {
                long next = space.move(state, m);
                if (next == -1) {
                    continue;
                }
                lookups++;
                if (table.get(space.rank(next)) == d - 1) {
                    path[step] = m;
                    state = next;
                    d--;
                    advanced = true;
                }
            }
            if (!advanced) {
                throw new IllegalStateException("distance table is inconsistent at depth " + d);
            }
        }
        return SolveResult.solved(text.of(path, path.length), path.length, lookups);
    }
}
