package io.puzzleatlas.core.santa;

/**
 * The search of one puzzle: {@link GoalBfs} where its breadth-first layers prove optimality (the abstract state space
 * of the goal's pieces, placements times orientations, is at most {@link #BFS_STATES}: cube_2/2/2, wreath_6/6 to
 * wreath_12/12) or the type has more than {@link #IDA_MAX_WIDTH} stickers (the tables of cube_4/4/4 and up would cost
 * minutes and prove nothing within a minute), otherwise {@link IdaSearch} with the pattern databases of
 * {@link PatternHeuristic} ({@link #TABLE_ENTRIES} entries a table; cube_3/3/3, the globes, the larger wreaths). The
 * tables are built once per type and goal in this JVM; their build time is not counted against the budget.
 */
public final class SantaSearch {
    /** Abstract states up to which breadth-first search is chosen. */
    public static final double BFS_STATES = 1e9;

    /** Stickers up to which IDA* is chosen; wider types (cube_4/4/4 and up) keep the breadth-first search's bound. */
    public static final int IDA_MAX_WIDTH = 64;

    /** Entries a pattern table may hold (four bits each). */
    public static final long TABLE_ENTRIES = 100_000_000L;

    private SantaSearch() {}

    /** Searches {@code puzzle} within {@code budget}, choosing the search as the class says. */
    public static SearchOutcome search(SantaPuzzle puzzle, SearchBudget budget) {
        return search(puzzle, budget, TABLE_ENTRIES);
    }

    /** As {@link #search(SantaPuzzle, SearchBudget)}, with tables of at most {@code tableEntries} entries. */
    public static SearchOutcome search(SantaPuzzle puzzle, SearchBudget budget, long tableEntries) {
        if (puzzle.type().width() > IDA_MAX_WIDTH || PatternHeuristic.stateSpace(puzzle) <= BFS_STATES) {
            return GoalBfs.search(puzzle, budget);
        }
        return IdaSearch.search(puzzle, budget, PatternHeuristic.of(puzzle, tableEntries));
    }
}
