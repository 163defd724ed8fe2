package io.puzzleatlas.core.santa;

/**
 * Optimal solutions of one puzzle by breadth-first search over its label arrays, layer by layer, each state packed into
 * {@code long} words ({@link PackedStates}). When the goal is one board (no wildcards; a colouring is one board of
 * labels too) the search is bidirectional: a layer is expanded from the start or backwards from the target, whichever
 * side's last layer is smaller, and the first state met from both sides closes a shortest path (once the layers to
 * depth {@code a} from the start and {@code b} from the target are disjoint, no path is shorter than {@code a + b + 1},
 * and the first meeting found in the next layer is of that length). With wildcards the goal is a set, tested by
 * {@link Goal#reached} on every new state of a forward search. Either way the lower bound proven is the depth searched
 * completely, plus one. Allocates nothing per state but the table's growth.
 */
public final class GoalBfs {
    /** How many states are generated between two looks at the clock. */
    private static final int CLOCK_EVERY = 4096;

    private final SantaPuzzle puzzle;
    private final PuzzleType type;
    private final SearchBudget budget;
    private final long deadline;
    private final short[] state;
    private final short[] next;
    private final short[] scratch;
    private final long[] key;
    private long nodes;

    private GoalBfs(SantaPuzzle puzzle, SearchBudget budget) {
        this.puzzle = puzzle;
        this.type = puzzle.type();
        this.budget = budget;
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
        int width = type.width();
        this.state = new short[width];
        this.next = new short[width];
        this.scratch = new short[width];
        this.key = new long[PackedStates.words(width, puzzle.labelCount())];
    }

    /** Searches {@code puzzle} within {@code budget}. */
    public static SearchOutcome search(SantaPuzzle puzzle, SearchBudget budget) {
        return new GoalBfs(puzzle, budget).run();
    }

    /** One side of the search: its states and the id range of its last complete layer. */
    private static final class Side {
        final PackedStates states;
        final boolean backward;
        int depth;
        int layerStart;
        int layerEnd;

        Side(PackedStates states, short[] root, long[] key, boolean backward) {
            this.states = states;
            this.backward = backward;
            states.pack(root, key);
            states.addIfAbsent(key, -1, 0, 0);
            this.layerEnd = 1;
        }

        int layerSize() {
            return layerEnd - layerStart;
        }
    }

    private SearchOutcome run() {
        Goal goal = puzzle.goal();
        short[] start = puzzle.initialState();
        if (goal.reached(start)) {
            return new SearchOutcome(new int[0], 0, 0);
        }
        int width = type.width();
        int labels = puzzle.labelCount();
        Side forward = new Side(new PackedStates(width, labels), start, key, false);
        Side backward =
                goal.wildcards() == 0 ? new Side(new PackedStates(width, labels), goal.target(), key, true) : null;
        while (true) {
            Side side = backward != null && backward.layerSize() < forward.layerSize() ? backward : forward;
            Side other = side == forward ? backward : forward;
            int lowerBound = forward.depth + (backward == null ? 0 : backward.depth) + 1;
            int[] found;
            try {
                found = expand(side, other, goal);
            } catch (OutOfBudget e) {
                return new SearchOutcome(null, lowerBound, nodes);
            }
            if (found != null) {
                int[] moves = path(forward, found[0], backward, found[1]);
                return new SearchOutcome(moves, moves.length, nodes);
            }
            if (side.layerSize() == 0) { // the start's (or the target's) component holds no goal state
                return new SearchOutcome(null, lowerBound, nodes);
            }
        }
    }

    /** Thrown inside a layer when the budget is spent; the layer is left incomplete. */
    private static final class OutOfBudget extends Exception {
        private static final long serialVersionUID = 1L;

        OutOfBudget() {
            super(null, null, false, false);
        }
    }

    /**
     * Expands {@code side}'s last layer into the next; returns the forward and backward ids (-1: none) of a goal state
     * met, or null when the new layer holds none.
     */
    private int[] expand(Side side, Side other, Goal goal) throws OutOfBudget {
        PackedStates states = side.states;
        int depth = side.depth + 1;
        int end = side.layerEnd;
        for (int id = side.layerStart; id < end; id++) {
            states.unpack(id, state);
            for (int m = 0; m < type.moveCount(); m++) {
                if (nodes == budget.maxNodes() || (nodes % CLOCK_EVERY == 0 && System.nanoTime() > deadline)) {
                    throw new OutOfBudget();
                }
                nodes++;
                System.arraycopy(state, 0, next, 0, next.length);
                type.apply(m, next, scratch);
                states.pack(next, key);
                // backwards, the entry keeps the move that leads from it towards the target
                int added = states.addIfAbsent(key, id, side.backward ? type.inverse(m) : m, depth);
                if (added < 0) {
                    continue;
                }
                if (other != null) {
                    int met = other.states.find(key);
                    if (met >= 0) {
                        return side.backward ? new int[] {met, added} : new int[] {added, met};
                    }
                } else if (goal.reached(next)) {
                    return new int[] {added, -1};
                }
            }
        }
        side.depth = depth;
        side.layerStart = end;
        side.layerEnd = states.size();
        return null;
    }

    /** The moves from the start to forward entry {@code f}, then from backward entry {@code b} to the target. */
    private static int[] path(Side forward, int f, Side backward, int b) {
        int[] moves = new int[forward.states.depth(f) + (b < 0 ? 0 : backward.states.depth(b))];
        int n = forward.states.depth(f);
        for (int id = f, i = n - 1; forward.states.parent(id) >= 0; id = forward.states.parent(id)) {
            moves[i--] = forward.states.move(id);
        }
        for (int id = b, i = n; id >= 0 && backward.states.parent(id) >= 0; id = backward.states.parent(id)) {
            moves[i++] = backward.states.move(id);
        }
        return moves;
    }
}
