package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.kind.TooLargeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A definition's moves in one metric, on all its slots at once: the sets are laid end to end (global slot
 * {@code offset(s) + i}), and move m takes a state (labels, orientations) to {@code label'[g] = label[src[g]]},
 * {@code o'[g] = (o[src[g]] + add[g]) mod orientations(g)}, with {@code add} indexed by DESTINATION slot ({@code add[g]
 * = twist[src[g]]}) so that moves compose by array lookups: A then B is {@code src = srcA[srcB]}, {@code add =
 * addA[srcB] + addB}.
 *
 * <p>Order (DEFINITIONS.md): listed moves in definition order; with {@code powers} each move's powers {@code k = 1 ..
 * order-1} by increasing exponent, named {@code NAME}, {@code NAMEk} up to half the order, then {@code NAMEk'} and
 * {@code NAME'} for the higher exponents (order 4: U, U2, U'); with {@code generators} {@code NAME} then {@code NAME'}
 * (an involution is its own inverse and is listed once). A move of order 1 (the identity) gives no move. The set is
 * closed under inverses: {@link #inverse(int)}.
 */
final class MoveSet {
    /** Most powers one move may have in the powers metric. */
    public static final int MAX_ORDER = 4096;

    private final Definition definition;
    private final Metric metric;
    private final int[] offset;
    /** Orientations of each global slot's set. */
    final int[] modulus;

    final int slotCount;
    private final List<String> names = new ArrayList<>();
    /**
     * Per step (the moves, then in {@code listed} their inverses): source slot and twist added, by destination slot.
     */
    final int[][] src;

    final int[][] add;
    private final int[] inverse;
    /** Moves (the steps before the inverses of {@code listed}). */
    private final int count;

    public MoveSet(Definition definition, Metric metric) {
        this(definition, metric, TooLargeException.availableHeap());
    }

    /**
     * As the public constructor, for a JVM of {@code heap} bytes (tests: a small heap without a small JVM). The steps'
     * arrays are counted before any is made: past half the heap the metric is refused in one line.
     */
    MoveSet(Definition definition, Metric metric, long heap) {
        this.definition = definition;
        this.metric = metric;
        List<PieceSet> sets = definition.sets();
        offset = new int[sets.size() + 1];
        for (int s = 0; s < sets.size(); s++) {
            offset[s + 1] = offset[s] + sets.get(s).slots();
        }
        slotCount = offset[sets.size()];
        modulus = new int[slotCount];
        for (int s = 0; s < sets.size(); s++) {
            Arrays.fill(modulus, offset[s], offset[s + 1], sets.get(s).orientations());
        }
        List<DefinedMove> kept = new ArrayList<>();
        List<int[][]> firsts = new ArrayList<>();
        List<Integer> orders = new ArrayList<>();
        for (DefinedMove move : definition.moves()) {
            int[][] first = listed(move);
            int order = order(first[0], first[1]);
            if (order == 1) {
                continue;
            }
            if (metric == Metric.POWERS && order > MAX_ORDER) {
                throw new DefinitionException(
                        definition.file(),
                        move.line(),
                        "move " + move.name() + " has order " + order + ", more than " + MAX_ORDER
                                + " powers: use --metric generators");
            }
            kept.add(move);
            firsts.add(first);
            orders.add(order);
        }
        if (kept.isEmpty()) {
            throw new DefinitionException(definition.file(), 0, "every move is the identity");
        }
        checkHeap(kept, orders, heap);
        List<int[]> srcs = new ArrayList<>();
        List<int[]> adds = new ArrayList<>();
        List<Integer> inverses = new ArrayList<>();
        List<int[][]> undos = new ArrayList<>();
        Map<String, String> meaning = new HashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            DefinedMove move = kept.get(i);
            int[] s1 = firsts.get(i)[0];
            int[] a1 = firsts.get(i)[1];
            int order = orders.get(i);
            int first = srcs.size();
            if (metric == Metric.POWERS) {
                int[] ps = s1;
                int[] pa = a1;
                for (int k = 1; k < order; k++) {
                    srcs.add(ps);
                    adds.add(pa);
                    name(powerName(move.name(), k, order), move, k, meaning);
                    inverses.add(first + order - k - 1);
                    if (k + 1 < order) {
                        int[][] next = compose(ps, pa, s1, a1);
                        ps = next[0];
                        pa = next[1];
                    }
                }
            } else if (metric == Metric.LISTED) {
                srcs.add(s1);
                adds.add(a1);
                name(move.name(), move, 1, meaning);
                undos.add(inverse(s1, a1));
            } else {
                srcs.add(s1);
                adds.add(a1);
                name(move.name(), move, 1, meaning);
                if (order == 2) {
                    inverses.add(first);
                } else {
                    int[][] inv = inverse(s1, a1);
                    srcs.add(inv[0]);
                    adds.add(inv[1]);
                    name(move.name() + "'", move, -1, meaning);
                    inverses.add(first + 1);
                    inverses.add(first);
                }
            }
        }
        count = srcs.size();
        for (int m = 0; m < undos.size(); m++) {
            srcs.add(undos.get(m)[0]);
            adds.add(undos.get(m)[1]);
            inverses.add(count + m);
        }
        src = srcs.toArray(new int[0][]);
        add = adds.toArray(new int[0][]);
        inverse = inverses.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A listed move by global slot: its source slots and the twists it adds, by destination slot. */
    private int[][] listed(DefinedMove move) {
        List<PieceSet> sets = definition.sets();
        int[] s1 = new int[slotCount];
        int[] a1 = new int[slotCount];
        for (int s = 0; s < sets.size(); s++) {
            for (int i = 0; i < sets.get(s).slots(); i++) {
                int from = move.source(s, i);
                s1[offset[s] + i] = offset[s] + from;
                a1[offset[s] + i] = move.twist(s, from);
            }
        }
        return new int[][] {s1, a1};
    }

    /**
     * Refuses the metric when its steps' arrays would take more than half the heap: per step its source and twist
     * arrays here and its point permutation in the group ({@link DefinitionGroup}), all made up front. Names the move
     * with the most steps (a powers metric of a long cycle: one order-4,096 move is 4,095 moves).
     */
    private void checkHeap(List<DefinedMove> kept, List<Integer> orders, long heap) {
        long points = 0;
        for (int g = 0; g < slotCount; g++) {
            points += modulus[g];
        }
        long perStep = 2 * (16 + 4L * slotCount) + 16 + 4 * points + 64;
        long steps = 0;
        int largest = 0;
        for (int i = 0; i < kept.size(); i++) {
            steps += steps(orders.get(i));
            if (steps(orders.get(i)) > steps(orders.get(largest))) {
                largest = i;
            }
        }
        long bytes = steps * perStep;
        if (bytes > heap / 2) {
            DefinedMove move = kept.get(largest);
            throw new DefinitionException(
                    definition.file(),
                    move.line(),
                    String.format(
                            Locale.ROOT,
                            "the %s metric makes %,d moves of %,d slots (move %s alone %,d): about %s of move "
                                    + "arrays, more than half of this JVM's %s heap; %sgive it more (java -Xmx...)",
                            metric.word(),
                            steps,
                            slotCount,
                            move.name(),
                            steps(orders.get(largest)),
                            TooLargeException.size(bytes),
                            TooLargeException.size(heap),
                            metric == Metric.POWERS ? "use --metric generators or " : ""));
        }
    }

    /** The steps a listed move of order {@code order} makes in this metric. */
    private long steps(int order) {
        return switch (metric) {
            case POWERS -> order - 1;
            case GENERATORS -> order == 2 ? 1 : 2;
            case LISTED -> 2; // the move and the step undoing it
        };
    }

    /**
     * Records that {@code name} is {@code move} to the power {@code k}; refuses a name already meaning another move (a
     * listed {@code R2} beside the square of a listed {@code R} in the powers metric): answers would not replay.
     */
    private void name(String name, DefinedMove move, int k, Map<String, String> meaning) {
        String what = (k == 1 ? "the listed move " + name : move.name() + " to the power " + k) + " (line "
                + move.line() + ")";
        String before = meaning.putIfAbsent(name, what);
        if (before != null) {
            throw new DefinitionException(
                    definition.file(),
                    move.line(),
                    "move name " + name + " means two moves in the " + metric.word() + " metric: " + before + " and "
                            + what + "; rename one");
        }
        names.add(name);
    }

    /**
     * {@code NAME}, {@code NAMEk}, {@code NAMEk'} or {@code NAME'} for exponent {@code k} of a move of order
     * {@code order}.
     */
    static String powerName(String name, int k, int order) {
        if (2 * k <= order) {
            return k == 1 ? name : name + k;
        }
        int j = order - k;
        return (j == 1 ? name : name + j) + "'";
    }

    /** A then B. */
    int[][] compose(int[] srcA, int[] addA, int[] srcB, int[] addB) {
        int[] s = new int[slotCount];
        int[] a = new int[slotCount];
        for (int g = 0; g < slotCount; g++) {
            s[g] = srcA[srcB[g]];
            a[g] = (addA[srcB[g]] + addB[g]) % modulus[g];
        }
        return new int[][] {s, a};
    }

    private int[][] inverse(int[] s1, int[] a1) {
        int[] s = new int[slotCount];
        int[] a = new int[slotCount];
        for (int g = 0; g < slotCount; g++) {
            // the piece that arrives at g from s1[g] goes back, losing its twist
            s[s1[g]] = g;
            a[s1[g]] = (modulus[g] - a1[g]) % modulus[g];
        }
        return new int[][] {s, a};
    }

    /**
     * The order of a move: the lcm over its cycles of the cycle's length times the order of the twist a piece collects
     * going once round it.
     */
    private int order(int[] s1, int[] a1) {
        boolean[] seen = new boolean[slotCount];
        long order = 1;
        for (int g = 0; g < slotCount; g++) {
            if (seen[g]) {
                continue;
            }
            int length = 0;
            int twist = 0;
            for (int x = g; !seen[x]; x = s1[x]) {
                seen[x] = true;
                length++;
                twist += a1[x];
            }
            int m = modulus[g];
            long cycle = (long) length * (m / gcd(twist % m, m));
            order = order / gcd(order, cycle) * cycle;
            if (order > Integer.MAX_VALUE) {
                return Integer.MAX_VALUE;
            }
        }
        return (int) order;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    public Definition definition() {
        return definition;
    }

    public Metric metric() {
        return metric;
    }

    /** Move names in move order. */
    public List<String> names() {
        return List.copyOf(names);
    }

    public int count() {
        return count;
    }

    /** Steps: the moves and, in {@code listed}, their inverses after them. */
    int steps() {
        return src.length;
    }

    /** Whether every move's inverse is a move (not so in {@code listed}). */
    public boolean closedUnderInverses() {
        return metric != Metric.LISTED;
    }

    /** The step undoing move {@code m}: a move, or in {@code listed} the step {@code count() + m}. */
    public int inverse(int m) {
        return inverse[m];
    }

    /** First global slot of set {@code s}. */
    public int offset(int s) {
        return offset[s];
    }

    /**
     * Applies move {@code m} to labels and orientations by global slot, writing into the two output arrays.
     * Orientations and twists are both below their modulus (the readers check them; compositions and inverses reduce),
     * so their sum is reduced by one subtraction, not a division.
     */
    void apply(int m, int[] labels, int[] orientations, int[] labelsOut, int[] orientationsOut) {
        int[] s = src[m];
        int[] a = add[m];
        for (int g = 0; g < slotCount; g++) {
            int from = s[g];
            labelsOut[g] = labels[from];
            int o = orientations[from] + a[g];
            int mod = modulus[g];
            orientationsOut[g] = o >= mod ? o - mod : o;
        }
    }

    /**
     * Applies the moves of {@code path} in order to a state's labels and orientations, in place: the moves alternate
     * between the state's arrays and two scratch arrays rather than copying back after each one.
     */
    void play(int[] path, int[] labels, int[] orientations) {
        int[] l = labels;
        int[] o = orientations;
        int[] l2 = new int[labels.length];
        int[] o2 = new int[labels.length];
        for (int m : path) {
            apply(m, l, o, l2, o2);
            int[] t = l;
            l = l2;
            l2 = t;
            t = o;
            o = o2;
            o2 = t;
        }
        if (l != labels) {
            System.arraycopy(l, 0, labels, 0, labels.length);
            System.arraycopy(o, 0, orientations, 0, labels.length);
        }
    }
}
