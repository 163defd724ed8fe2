package io.puzzleatlas.core.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The driver of IDA* (Korf 1985) that every search of the project shares: the iterations (raise the bound to the
 * smallest f that exceeded it until an iteration reaches the goal, the budget runs out or no bound is left), the node
 * budget and the clock, the search cut into prefixes and their subtrees ({@link SplitSearch}), and the answer's move
 * names. A kernel (a subclass, one object per solve) brings the puzzle: its depth-first search with its own incremental
 * heuristic ({@link #descend}), and single steps ({@link #push}, {@link #pop}) with which the driver walks the top
 * levels of an iteration in the order, and with the counts, of the kernel's own recursion. Every generated state is
 * counted with {@link #generated()}; sequences follow a {@link MoveAutomaton}.
 *
 * <p>Moves are tried in index order, so with an admissible heuristic the first answer of the last iteration is the
 * smallest optimal move sequence in that order.
 */
public abstract class IdaStar {
    /** What a depth-first search returns when it reached the goal. */
    public static final int FOUND = -1;

    /** Deeper bounds than this mean no path is left. */
    public static final int MAX_DEPTH = 255;

    /** Move indices of the path being searched, by depth. */
    protected final int[] path = new int[MAX_DEPTH + 1];

    /** The sequences the kernel and the driver's steps follow. */
    protected final MoveAutomaton paths;

    private final Budget budget;
    private final long maxNodes;
    private final long deadline;
    private final List<String> names;
    private final String separator;
    private long nodes;
    private boolean exhausted;
    private int foundLength;
    /** Asked with the clock: true ends the search as an exhausted budget does (a split subtree no longer needed). */
    private BooleanSupplier stop;

    /**
     * @param names the moves' names by index, as the answer spells them
     * @param separator between names in an answer ("" when every name is one letter)
     */
    protected IdaStar(Budget budget, MoveAutomaton paths, List<String> names, String separator) {
        this.budget = budget;
        this.paths = paths;
        this.names = names;
        this.separator = separator;
        this.maxNodes = budget.maxNodes();
        this.deadline = budget.deadlineNanos();
    }

    // The kernel.

    /**
     * The kernel's depth-first iteration from the start under {@code bound}: {@link #FOUND}, or the smallest f above.
     */
    protected abstract int iterate(int bound);

    // The steps below serve the split search ({@link #splitting}); a kernel that is never split leaves them out.

    /**
     * The kernel's depth-first search under {@code bound} from the state the steps reached, {@code g} moves in, in the
     * automaton's {@code state}.
     */
    protected int descend(int g, int bound, int state) {
        throw new UnsupportedOperationException("this search is not split");
    }

    /** Whether the state the steps reached (the start before any) is the goal. */
    protected boolean atGoal() {
        throw new UnsupportedOperationException("this search is not split");
    }

    /**
     * Makes move {@code m} from the state at depth {@code g} with the kernel's incremental heuristic; the child's f.
     */
    protected int push(int g, int m) {
        throw new UnsupportedOperationException("this search is not split");
    }

    /** Undoes the move {@link #push} made at depth {@code g}. */
    protected void pop(int g) {}

    /** Whether move {@code m} applies to the state at depth {@code g} (a sliding puzzle's blank on an edge). */
    protected boolean canMove(int g, int m) {
        return true;
    }

    /** Called before the steps try the moves of the state at depth {@code g} (a kernel may compute its children). */
    protected void expand(int g) {}

    /** Called before a search of paths up to {@code depth} moves (a kernel may grow its buffers). */
    protected void reach(int depth) {}

    // What the kernel calls.

    /** Counts one generated state; false, and the search winds up, once the budget is spent. */
    protected final boolean generated() {
        if (++nodes > maxNodes
                || ((nodes & Budget.CLOCK_CHECK_MASK) == 0
                        && (System.nanoTime() > deadline || (stop != null && stop.getAsBoolean())))) {
            exhausted = true;
            return false;
        }
        return true;
    }

    /** Whether the budget ran out (the kernels stop descending). */
    protected final boolean exhausted() {
        return exhausted;
    }

    /** What a kernel returns on reaching the goal {@code length} moves in. */
    protected final int found(int length) {
        foundLength = length;
        return FOUND;
    }

    /** States generated so far. */
    public final long nodes() {
        return nodes;
    }

    /** The first {@code length} moves of the path. */
    public final int[] path(int length) {
        return Arrays.copyOf(path, length);
    }

    // The driver.

    /**
     * Runs the iterations from {@code firstBound}, or from where an earlier search of the same start ran out of budget
     * ({@code from}, null: from the first bound; its states counted as that search counted them). The answer's moves
     * are the names joined by the separator.
     */
    public final SolveResult run(int firstBound, SolveResult.ResumePoint from) {
        int bound = from == null ? firstBound : Math.max(firstBound, from.bound());
        nodes = from == null ? 0 : from.nodesBefore();
        while (true) {
            long before = nodes;
            reach(bound);
            int result = iterate(bound);
            if (exhausted) {
                return budget.exceeded(bound, nodes, before);
            }
            if (result == FOUND) {
                return SolveResult.solved(text(foundLength), foundLength, nodes);
            }
            if (result > MAX_DEPTH) {
                return SolveResult.unsolvable("search exhausted", nodes);
            }
            bound = result;
        }
    }

    /**
     * A start as a {@link SplitSearch}: {@code fresh} makes a kernel set at that start for a budget, one for each piece
     * (the frontier, each subtree); {@code answer} turns a found answer and its node count into the result.
     */
    public static SplitSearch splitting(
            int firstBound, Function<Budget, ? extends IdaStar> fresh, BiFunction<String, Long, SolveResult> answer) {
        return new SplitSearch() {
            @Override
            public SolveResult solved(String moves, long nodes) {
                return answer.apply(moves, nodes);
            }

            @Override
            public int firstBound() {
                return firstBound;
            }

            @Override
            public Frontier frontier(int bound, int depth, Budget budget) {
                return fresh.apply(budget).frontier(bound, depth);
            }

            @Override
            public Subtree subtree(String prefix, int bound, Budget budget, BooleanSupplier stop) {
                IdaStar search = fresh.apply(budget);
                search.stop = stop;
                return search.subtree(prefix, bound);
            }
        };
    }

    /** The top {@code depth} levels of the iteration under {@code bound}, from the start. */
    final SplitSearch.Frontier frontier(int bound, int depth) {
        reach(Math.max(bound, depth));
        if (atGoal()) {
            return new SplitSearch.Frontier(text(0), List.of(), new long[0], Integer.MAX_VALUE, 0, false);
        }
        List<String> prefixes = new ArrayList<>();
        List<Long> at = new ArrayList<>();
        int r = top(0, bound, depth, MoveAutomaton.START, prefixes, at);
        if (r == FOUND) {
            return new SplitSearch.Frontier(text(foundLength), List.of(), new long[0], Integer.MAX_VALUE, nodes, false);
        }
        long[] nodesAt = at.stream().mapToLong(Long::longValue).toArray();
        return new SplitSearch.Frontier(null, prefixes, nodesAt, exhausted ? Integer.MAX_VALUE : r, nodes, exhausted);
    }

    /**
     * The levels above the prefixes, walked with the kernel's steps: a child within the bound is tested for the goal,
     * one at the bound's depth (h = 0 off the goal) goes no further, one at the prefixes' depth becomes a prefix.
     */
    private int top(int g, int bound, int depth, int state, List<String> prefixes, List<Long> at) {
        expand(g);
        int min = Integer.MAX_VALUE;
        for (int m = 0; m < names.size(); m++) {
            int next = paths.next(state, m);
            if (next == MoveAutomaton.REFUSED || !canMove(g, m)) {
                continue;
            }
            if (!generated()) {
                return Integer.MAX_VALUE;
            }
            int f = push(g, m);
            int r;
            if (f > bound) {
                r = f;
            } else {
                path[g] = m;
                if (atGoal()) {
                    r = found(g + 1);
                } else if (g + 1 == bound) {
                    r = bound + 1;
                } else if (g + 1 == depth) {
                    prefixes.add(text(depth));
                    at.add(nodes);
                    r = Integer.MAX_VALUE;
                } else {
                    r = top(g + 1, bound, depth, next, prefixes, at);
                }
            }
            pop(g);
            if (r == FOUND) {
                return FOUND;
            }
            if (exhausted) {
                return Integer.MAX_VALUE;
            }
            min = Math.min(min, r);
        }
        return min;
    }

    /** The subtree of the iteration under {@code bound} below {@code prefix} (a frontier's), from the start. */
    final SplitSearch.Subtree subtree(String prefix, int bound) {
        int[] moves = indices(prefix);
        reach(Math.max(bound, moves.length));
        int state = MoveAutomaton.START;
        for (int g = 0; g < moves.length; g++) {
            int m = moves[g];
            int next = m < 0 ? MoveAutomaton.REFUSED : paths.next(state, m);
            if (next == MoveAutomaton.REFUSED || !canMove(g, m)) {
                throw new IllegalArgumentException("not a prefix of this search: " + prefix);
            }
            expand(g);
            push(g, m);
            path[g] = m;
            state = next;
        }
        if (moves.length >= bound) {
            return new SplitSearch.Subtree(null, bound + 1, 0, false);
        }
        int r = descend(moves.length, bound, state);
        if (r == FOUND) {
            return new SplitSearch.Subtree(text(foundLength), Integer.MAX_VALUE, nodes, false);
        }
        return new SplitSearch.Subtree(null, r, nodes, exhausted);
    }

    private Map<String, Integer> index;

    /** A prefix's move indices (-1 for a name that is not a move). */
    private int[] indices(String prefix) {
        if (prefix.isEmpty()) {
            return new int[0];
        }
        if (index == null) {
            index = new HashMap<>();
            for (String n : names) {
                index.put(n, index.size());
            }
        }
        String[] tokens = separator.isEmpty() ? prefix.split("") : prefix.split(Pattern.quote(separator));
        int[] moves = new int[tokens.length];
        for (int i = 0; i < tokens.length; i++) {
            moves[i] = index.getOrDefault(tokens[i], -1);
        }
        return moves;
    }

    /** The first {@code length} moves of the path as text. */
    private String text(int length) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < length; i++) {
            sb.append(i == 0 ? "" : separator).append(names.get(path[i]));
        }
        return sb.toString();
    }
}
