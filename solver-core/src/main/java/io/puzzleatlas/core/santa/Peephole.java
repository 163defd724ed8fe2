package io.puzzleatlas.core.santa;

import java.util.Arrays;

/**
 * Shortens a solution by local replacements (a peephole optimiser over the solution's states, the idea of compiler
 * peephole optimisation, McKeeman, CACM 8(7), 1965, applied to move sequences): the solution's states {@code s_0 ..
 * s_L} are walked, and a segment from {@code s_i} to {@code s_j} is replaced by a shorter sequence when a bounded
 * bidirectional search over exact states meets: every state within {@code a} moves of {@code s_i} (forward, depth-first
 * with undo) is looked up in a table of every state within {@code b} moves of any {@code s_j} (backward), and a meeting
 * at depths {@code k} and {@code l} with {@code k + l < j - i} is a shorter segment. A segment that returns to a state
 * already met ({@code s_i = s_j}) is cut, and the path ends at its first state that reaches the goal. The best
 * replacement from each {@code i} feeds a shortest path over the positions (a DAG); rounds repeat at a depth until
 * nothing shortens, then the depths grow ({@code a, b <= 3}), while the budget lasts.
 *
 * <p>States are compared by a 64-bit additive hash ({@code sum over stickers of mix(sticker, label)}), updated by a
 * move's support only, so a layer turn of cube_33/33/33 costs its layer, not 6,534 stickers. Every result is replayed
 * on the labels before it is handed out; one that does not reach the goal (a hash collision) is dropped. Primitive
 * arrays only: no object per state. Deterministic for a node budget.
 */
public final class Peephole {
    /** The most entries the backward table may hold (about 16 bytes each). */
    private static final int TABLE_ENTRIES = 1 << 21;

    private static final int MAX_SIDE = 3;
    private static final int CLOCK_EVERY = 4096;

    private final SantaPuzzle puzzle;
    private final PuzzleType type;
    private final int[][] targets;
    private final int[][] sources;
    private final short[] scratch;
    private final int[] stack = new int[2 * MAX_SIDE];
    private final long maxNodes;
    private final long deadline;
    private long nodes;
    private boolean spent;

    private Peephole(SantaPuzzle puzzle, SearchBudget budget) {
        this.puzzle = puzzle;
        this.type = puzzle.type();
        this.targets = new int[type.moveCount()][];
        this.sources = new int[type.moveCount()][];
        for (int m = 0; m < type.moveCount(); m++) {
            targets[m] = type.supportTargets(m);
            sources[m] = type.supportSources(m);
        }
        this.scratch = new short[type.width()];
        this.maxNodes = budget.maxNodes();
        this.deadline = budget.maxMillis() == 0 ? Long.MAX_VALUE : System.nanoTime() + budget.maxMillis() * 1_000_000L;
    }

    /** What the improver did: the solution (the one given when nothing shorter was found) and the moves applied. */
    public record Outcome(int[] moves, long nodes) {}

    /**
     * The shortest solution found from {@code moves} (which must reach {@code puzzle}'s goal) within {@code budget}:
     * {@code moves} itself when nothing shorter was found.
     */
    public static Outcome improve(SantaPuzzle puzzle, int[] moves, SearchBudget budget) {
        Peephole p = new Peephole(puzzle, budget);
        int[] best = moves;
        int[] path = p.truncated(moves);
        // total depth t = a + b: the backward side as deep as the table allows, the forward side the rest; t = 0
        // (loops only) costs no node
        for (int t = 0; t <= 2 * MAX_SIDE && !p.spent; t++) {
            while (!p.spent) {
                int b = Math.min(t / 2, p.backwardDepth(path.length));
                int a = t - b;
                if (a > MAX_SIDE) {
                    break;
                }
                int[] shorter = p.round(path, a, b);
                if (shorter.length >= path.length) {
                    break;
                }
                path = shorter;
            }
        }
        if (path.length < best.length && Replayer.replay(puzzle, path).solved()) {
            best = path;
        }
        return new Outcome(best, p.nodes);
    }

    /** {@code moves} cut after its first state that reaches the goal. */
    private int[] truncated(int[] moves) {
        Goal goal = puzzle.goal();
        short[] state = puzzle.initialState();
        for (int i = 0; i < moves.length; i++) {
            if (goal.reached(state)) {
                return Arrays.copyOf(moves, i);
            }
            type.apply(moves[i], state, scratch);
        }
        return moves;
    }

    /** The deepest backward side whose table over a path of {@code length} moves fits {@link #TABLE_ENTRIES}. */
    private int backwardDepth(int length) {
        if (type.moveCount() > 256) {
            return 0; // the backward moves are kept 8 bits each
        }
        long ball = 1;
        long layer = 1;
        for (int b = 1; b <= MAX_SIDE; b++) {
            layer *= b == 1 ? type.moveCount() : type.moveCount() - 1;
            ball += layer;
            if ((length + 1L) * ball > TABLE_ENTRIES) {
                return b - 1;
            }
        }
        return MAX_SIDE;
    }

    private static long mix(int sticker, int label) {
        long z = sticker * 0x9E3779B97F4A7C15L + label * 0xC2B2AE3D27D4EB4FL + 0x165667B19E3779F9L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static long hash(short[] state) {
        long h = 0;
        for (int i = 0; i < state.length; i++) {
            h += mix(i, state[i]);
        }
        return h;
    }

    /** Applies {@code move} to {@code state} in place and returns the hash {@code h} becomes. */
    private long apply(int move, short[] state, long h) {
        int[] t = targets[move];
        int[] s = sources[move];
        for (int j = 0; j < s.length; j++) {
            scratch[j] = state[s[j]];
        }
        for (int j = 0; j < t.length; j++) {
            int target = t[j];
            h += mix(target, scratch[j]) - mix(target, state[target]);
            state[target] = scratch[j];
        }
        return h;
    }

    /** Counts a node; false once the budget is spent. */
    private boolean count() {
        if (nodes >= maxNodes || (nodes % CLOCK_EVERY == 0 && System.nanoTime() > deadline)) {
            spent = true;
            return false;
        }
        nodes++;
        return true;
    }

    // the backward table: open addressing on the hash; per state the largest j - l, with j and the moves from it
    private long[] keys;
    private int[] reach; // j - l (the position the segment effectively ends at, less the moves it costs)
    private int[] ends; // j
    private int[] codes; // l << 24, and the l moves from the state to s_j, 8 bits each, the first in the low byte
    private boolean[] used;
    private int mask;

    private void table(int entries) {
        int capacity = Integer.highestOneBit(Math.max(16, 2 * entries - 1)) << 1;
        keys = new long[capacity];
        reach = new int[capacity];
        ends = new int[capacity];
        codes = new int[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
    }

    private void put(long key, int j, int l, int code) {
        int slot = (int) (key ^ (key >>> 32)) & mask;
        while (used[slot] && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        if (!used[slot] || j - l > reach[slot]) {
            used[slot] = true;
            keys[slot] = key;
            reach[slot] = j - l;
            ends[slot] = j;
            codes[slot] = code | (l << 24);
        }
    }

    private int find(long key) {
        int slot = (int) (key ^ (key >>> 32)) & mask;
        while (used[slot]) {
            if (keys[slot] == key) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    /** One round at depths {@code a} forward and {@code b} backward: the shortest path over the replacements found. */
    private int[] round(int[] path, int a, int b) {
        int n = path.length;
        long ball = 1;
        long layer = 1;
        for (int k = 1; k <= b; k++) {
            layer *= k == 1 ? type.moveCount() : type.moveCount() - 1;
            ball += layer;
        }
        table((int) Math.min(TABLE_ENTRIES, (n + 1L) * ball));
        short[] state = puzzle.initialState();
        long h = hash(state);
        for (int j = 0; j <= n && !spent; j++) {
            backward(state, h, j, 0, b, -1, 0);
            if (j < n) {
                h = apply(path[j], state, h);
            }
        }
        // the best replacement from each i: its end, its moves (forward then backward) and end - cost
        int[] bestEnd = new int[n + 1];
        int[] bestValue = new int[n + 1];
        int[][] bestMoves = new int[n + 1][];
        state = puzzle.initialState();
        h = hash(state);
        for (int i = 0; i < n && !spent; i++) {
            bestValue[i] = i; // one step: end i + 1, cost 1
            forward(state, h, i, 0, a, -1, bestEnd, bestValue, bestMoves);
            h = apply(path[i], state, h);
        }
        // shortest path from 0 to n over the positions: a step costs 1, a replacement its moves
        int[] dist = new int[n + 1];
        int[] from = new int[n + 1];
        boolean[] replaced = new boolean[n + 1];
        Arrays.fill(dist, Integer.MAX_VALUE);
        dist[0] = 0;
        for (int i = 0; i < n; i++) {
            if (dist[i] + 1 < dist[i + 1]) {
                dist[i + 1] = dist[i] + 1;
                from[i + 1] = i;
                replaced[i + 1] = false;
            }
            if (bestMoves[i] != null && dist[i] + bestMoves[i].length < dist[bestEnd[i]]) {
                dist[bestEnd[i]] = dist[i] + bestMoves[i].length;
                from[bestEnd[i]] = i;
                replaced[bestEnd[i]] = true;
            }
        }
        if (dist[n] >= n) {
            return path;
        }
        int[] out = new int[dist[n]];
        int w = out.length;
        for (int j = n; j > 0; j = from[j]) {
            int i = from[j];
            if (replaced[j]) {
                w -= bestMoves[i].length;
                System.arraycopy(bestMoves[i], 0, out, w, bestMoves[i].length);
            } else {
                out[--w] = path[i];
            }
        }
        return out;
    }

    /** Enters every state within {@code left} more moves of {@code s_j} into the table (state restored on return). */
    private void backward(short[] state, long h, int j, int l, int left, int last, int code) {
        put(h, j, l, code);
        if (left == 0) {
            return;
        }
        for (int m = 0; m < type.moveCount(); m++) {
            if (m == (last ^ 1) || !count()) {
                if (spent) {
                    return;
                }
                continue;
            }
            long g = apply(m, state, h);
            // from the new state back to s_j: the inverse of m, then the moves that led here from s_j reversed
            backward(state, g, j, l + 1, left - 1, m, ((code << 8) | (m ^ 1)) & 0xFFFFFF);
            apply(m ^ 1, state, g);
            if (spent) {
                return;
            }
        }
    }

    /**
     * Looks up every state within {@code left} more moves of {@code s_i} in the table, keeping in {@code bestEnd[i]}
     * and {@code bestMoves[i]} the replacement that ends furthest for its cost (state restored on return).
     */
    private void forward(
            short[] state,
            long h,
            int i,
            int k,
            int left,
            int last,
            int[] bestEnd,
            int[] bestValue,
            int[][] bestMoves) {
        int slot = find(h);
        if (slot >= 0 && reach[slot] - k > bestValue[i]) {
            int l = codes[slot] >>> 24;
            int code = codes[slot] & 0xFFFFFF;
            int[] moves = new int[k + l];
            System.arraycopy(stack, 0, moves, 0, k);
            for (int x = 0; x < l; x++) {
                moves[k + x] = (code >>> (8 * x)) & 0xFF; // the first move back is the newest
            }
            bestEnd[i] = ends[slot];
            bestValue[i] = reach[slot] - k;
            bestMoves[i] = moves;
        }
        if (left == 0) {
            return;
        }
        for (int m = 0; m < type.moveCount(); m++) {
            if (m == (last ^ 1) || !count()) {
                if (spent) {
                    return;
                }
                continue;
            }
            stack[k] = m;
            long g = apply(m, state, h);
            forward(state, g, i, k + 1, left - 1, m, bestEnd, bestValue, bestMoves);
            apply(m ^ 1, state, g);
            if (spent) {
                return;
            }
        }
    }
}
