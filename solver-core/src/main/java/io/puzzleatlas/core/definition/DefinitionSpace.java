package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.table.CoordinateSpace;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongPredicate;

/**
 * A definition's states, densely ranked: per orbit of slots (slots the moves mix) a {@link PieceCoordinate} and, for
 * pieces with orientations, an {@link OrientationCoordinate}, the rank being their mixed-radix number (coordinates in
 * set order, then by first slot, pieces before orientations). Every reachable state has a rank; a rank need not be
 * reachable (the group may be smaller than the product: M12 in S12), which a breadth-first search from the goal simply
 * never reaches.
 *
 * <p>A state of this space IS its rank (a long, like the pocket cube's coordinates): a move is one table lookup per
 * coordinate where the coordinate's table fits ({@link #TABLE_ENTRIES}), else unrank, permute and rank into scratch
 * arrays (no object per state). Moves are closed under inverses, so the space is reversible and a state's predecessors
 * are its successors; except in the {@code listed} metric, whose predecessors step by the moves' inverses.
 */
final class DefinitionSpace implements CoordinateSpace {
    /** Most move-table entries of one coordinate (ints) and of all together. */
    static final long TABLE_ENTRIES = 1L << 24;

    static final long ALL_TABLE_ENTRIES = 1L << 26;

    private final MoveSet moves;
    private final Coordinate[] coordinates;
    private final long[] sizes;
    /** Place value of each coordinate in a rank. */
    private final long[] radix;

    private final long size;
    private final long goal;
    private final int slotCount;
    /** Whether some coordinate is stepped by unrank-apply-rank (then moves need scratch arrays). */
    private final boolean untabled;

    /** The space of {@code moves}' definition, distances measured to its solved state. */
    public DefinitionSpace(MoveSet moves) {
        this(moves, -1);
    }

    /** The space with distances measured to the state of rank {@code goal} (-1: the solved state). */
    public DefinitionSpace(MoveSet moves, long goal) {
        this(moves, goal, true);
    }

    /** {@code tabulate} false: no move tables (tests step every coordinate by unrank, apply and rank). */
    DefinitionSpace(MoveSet moves, long goal, boolean tabulate) {
        this(moves, fullCoordinates(moves), goal, tabulate);
    }

    /**
     * The space of {@code coordinates} (the whole state's, or a projection's: {@link PatternSpaces}), distances to the
     * state of rank {@code goal} (-1: the solved state's rank).
     */
    DefinitionSpace(MoveSet moves, List<Coordinate> list, long goal, boolean tabulate) {
        this.moves = moves;
        this.slotCount = moves.slotCount;
        Definition d = moves.definition();
        coordinates = list.toArray(new Coordinate[0]);
        sizes = new long[coordinates.length];
        radix = new long[coordinates.length];
        long n = 1;
        for (int i = coordinates.length - 1; i >= 0; i--) {
            sizes[i] = coordinates[i].size();
            radix[i] = n;
            try {
                n = Math.multiplyExact(n, sizes[i]);
            } catch (ArithmeticException e) {
                throw new TooLargeException(
                        d.file() + ": more than 2^63 states to number: too many to number in a long");
            }
        }
        size = n;
        long entries = 0;
        boolean rest = false;
        for (Coordinate c : coordinates) {
            long e = c.size() * moves.steps();
            if (tabulate && c.size() <= Integer.MAX_VALUE && e <= TABLE_ENTRIES && entries + e <= ALL_TABLE_ENTRIES) {
                entries += e;
                c.tabulate(moves, slotCount);
            } else {
                rest = true;
                c.prepare(moves);
            }
        }
        untabled = rest;
        int[][] solved = solvedState(moves);
        this.goal = goal == -1 ? rank(solved[0], solved[1]) : goal;
    }

    /** The solved state's labels and orientations by global slot, and each slot's set. */
    static int[][] solvedState(MoveSet moves) {
        Definition d = moves.definition();
        int[] labels = new int[moves.slotCount];
        int[] orientations = new int[moves.slotCount];
        int[] setOf = new int[moves.slotCount];
        for (int s = 0; s < d.sets().size(); s++) {
            for (int i = 0; i < d.sets().get(s).slots(); i++) {
                int g = moves.offset(s) + i;
                labels[g] = d.solvedLabels[s][i];
                orientations[g] = d.solvedOrientations[s][i];
                setOf[g] = s;
            }
        }
        return new int[][] {labels, orientations, setOf};
    }

    /** The whole state's coordinates: per orbit its pieces, then their orientations when the set has some. */
    private static List<Coordinate> fullCoordinates(MoveSet moves) {
        Definition d = moves.definition();
        int[][] solved = solvedState(moves);
        List<Coordinate> list = new ArrayList<>();
        try {
            for (int[] orbit : orbits(moves)) {
                int s = solved[2][orbit[0]];
                int labelCount = d.labelTexts[s].length;
                list.add(new PieceCoordinate(orbit, solved[0], labelCount, evenMoves(moves, orbit)));
                int modulus = d.sets().get(s).orientations();
                if (modulus > 1) {
                    list.add(new OrientationCoordinate(
                            orbit, modulus, twistsSumToZero(moves, orbit, modulus), solved[1]));
                }
            }
        } catch (ArithmeticException e) {
            throw new TooLargeException(d.file() + ": too many states to number in a long (" + e.getMessage() + ")");
        }
        return list;
    }

    /** The same space (sharing its tables) with distances measured to {@code goal}. */
    private DefinitionSpace(DefinitionSpace of, long goal) {
        this.moves = of.moves;
        this.coordinates = of.coordinates;
        this.sizes = of.sizes;
        this.radix = of.radix;
        this.size = of.size;
        this.slotCount = of.slotCount;
        this.untabled = of.untabled;
        this.goal = goal;
    }

    /** This space with distances measured to the state of rank {@code goal}. */
    public DefinitionSpace toward(long goal) {
        if (goal < 0 || goal >= size) {
            throw new IllegalArgumentException("goal rank " + goal + " outside [0, " + size + ")");
        }
        return goal == this.goal ? this : new DefinitionSpace(this, goal);
    }

    /** The orbits of the slots under the moves, each ascending, in order of their first slot. */
    static List<int[]> orbits(MoveSet moves) {
        int slotCount = moves.slotCount;
        int[] parent = new int[slotCount];
        for (int g = 0; g < slotCount; g++) {
            parent[g] = g;
        }
        for (int m = 0; m < moves.count(); m++) {
            for (int g = 0; g < slotCount; g++) {
                int a = find(parent, g);
                int b = find(parent, moves.src[m][g]);
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        List<int[]> out = new ArrayList<>();
        int[] count = new int[slotCount];
        for (int g = 0; g < slotCount; g++) {
            count[find(parent, g)]++;
        }
        int[][] byRoot = new int[slotCount][];
        int[] filled = new int[slotCount];
        for (int g = 0; g < slotCount; g++) {
            int r = find(parent, g);
            if (byRoot[r] == null) {
                byRoot[r] = new int[count[r]];
                out.add(byRoot[r]);
            }
            byRoot[r][filled[r]++] = g;
        }
        return out;
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }

    /** Whether every move permutes the orbit's slots evenly (k - cycles even). */
    static boolean evenMoves(MoveSet moves, int[] orbit) {
        boolean[] seen = new boolean[moves.slotCount];
        for (int m = 0; m < moves.count(); m++) {
            int cycles = 0;
            for (int g : orbit) {
                if (!seen[g]) {
                    cycles++;
                    for (int x = g; !seen[x]; x = moves.src[m][x]) {
                        seen[x] = true;
                    }
                }
            }
            for (int g : orbit) {
                seen[g] = false;
            }
            if (((orbit.length - cycles) & 1) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Whether every move's twists on the orbit sum to 0 mod {@code modulus}. */
    static boolean twistsSumToZero(MoveSet moves, int[] orbit, int modulus) {
        for (int m = 0; m < moves.count(); m++) {
            long s = 0;
            for (int g : orbit) {
                s += moves.add[m][g];
            }
            if (s % modulus != 0) {
                return false;
            }
        }
        return true;
    }

    public MoveSet moves() {
        return moves;
    }

    /** The coordinates and their sizes, mixed radix: {@code SET: 12 distinct pieces, even arrangements 239,500,800}. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        Definition d = moves.definition();
        for (Coordinate c : coordinates) {
            int s = 0;
            while (s + 1 < d.sets().size() && moves.offset(s + 1) <= c.slots[0]) {
                s++;
            }
            sb.append(sb.length() == 0 ? "" : " x ")
                    .append(d.sets().get(s).name())
                    .append(": ")
                    .append(c.describe())
                    .append(String.format(Locale.ROOT, " %,d", c.size()));
        }
        return sb.toString();
    }

    /** Slots of all sets together (the length of a state's label and orientation arrays). */
    public int slotCount() {
        return slotCount;
    }

    /** The rank of a state given by global label and orientation arrays; assumes {@link #refuse} said null. */
    public long rank(int[] labels, int[] orientations) {
        int[] scratch = new int[slotCount];
        long r = 0;
        for (int i = 0; i < coordinates.length; i++) {
            r += coordinates[i].rank(labels, orientations, scratch) * radix[i];
        }
        return r;
    }

    /** Writes the state of rank {@code r} into global label and orientation arrays. */
    public void unrank(long r, int[] labels, int[] orientations) {
        int[] scratch = new int[slotCount];
        for (int i = 0; i < coordinates.length; i++) {
            coordinates[i].unrank(r / radix[i] % sizes[i], labels, orientations, scratch);
        }
    }

    /** Why a state (global arrays) has no rank here, or null when it has one. */
    public String refuse(int[] labels, int[] orientations) {
        for (Coordinate c : coordinates) {
            String why = c.refuse(labels, orientations);
            if (why != null) {
                return why;
            }
        }
        return null;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int moveCount() {
        return moves.count();
    }

    @Override
    public long move(long state, int m) {
        if (untabled) {
            return new Stepper().move(state, m);
        }
        long r = 0;
        for (int i = 0; i < coordinates.length; i++) {
            long digit = state / radix[i] % sizes[i];
            r += coordinates[i].table[(int) (m * sizes[i] + digit)] * radix[i];
        }
        return r;
    }

    /**
     * The rank the moves {@code path} (indices) make of the state of rank {@code from}, or -1 when some coordinate has
     * no move table. Each coordinate's digit walks its table move by move and the rank is put together once at the end:
     * no division per move, no state arrays. A bulk solve reads every scramble through it.
     */
    long play(long from, int[] path) {
        if (untabled) {
            return -1;
        }
        long r = 0;
        for (int i = 0; i < coordinates.length; i++) {
            int[] t = coordinates[i].table;
            int n = (int) sizes[i];
            int d = (int) (from / radix[i] % n);
            for (int m : path) {
                d = t[m * n + d];
            }
            r += d * radix[i];
        }
        return r;
    }

    @Override
    public long unmove(long state, int m) {
        return move(state, moves.inverse(m));
    }

    @Override
    public long goal() {
        return goal;
    }

    /** Every move's inverse is a move (but in the listed metric). */
    @Override
    public boolean reversible() {
        return moves.closedUnderInverses();
    }

    /** The successors, or in the listed metric the states each move's inverse gives. */
    @Override
    public NeighbourRanker predecessors() {
        return new Stepper(moves.closedUnderInverses() ? 0 : moves.count());
    }

    /** The states each move leads to (in the listed metric too): what a forward search such as IDA* steps with. */
    public NeighbourRanker successors() {
        return new Stepper(0);
    }

    /**
     * Steps ranks: coordinate by coordinate, every move at once (a table row per coordinate, or one unrank and a
     * permute-and-rank per move), adding each coordinate's new digit into each move's result. One per thread: it owns
     * its scratch arrays. Its neighbours are steps {@code first .. first + count() - 1}: the moves, or the inverses of
     * a listed metric's.
     */
    private final class Stepper implements NeighbourRanker {
        private final int first;
        private final Coordinate.Scratch x = untabled ? new Coordinate.Scratch(slotCount) : null;

        Stepper() {
            this(0);
        }

        Stepper(int first) {
            this.first = first;
        }

        @Override
        public int maxNeighbours() {
            return moves.count();
        }

        /** Whether every move's inverse is a move: then a rank's neighbours are the ranks it is a neighbour of. */
        @Override
        public boolean symmetric() {
            return moves.closedUnderInverses();
        }

        long move(long rank, int m) {
            long r = 0;
            for (int i = 0; i < coordinates.length; i++) {
                Coordinate c = coordinates[i];
                long digit = rank / radix[i] % sizes[i];
                if (c.table != null) {
                    r += c.table[(int) (m * sizes[i] + digit)] * radix[i];
                } else {
                    c.unrank(digit, x.labels, x.orientations, x.scratch);
                    c.apply(moves, m, x.labels, x.orientations, x.labelsOut, x.orientationsOut);
                    r += c.rank(x.labelsOut, x.orientationsOut, x.scratch) * radix[i];
                }
            }
            return r;
        }

        /**
         * The last coordinate's place is 1: ranks that share every other digit form a block of {@code sizes[last]}
         * consecutive ranks, and a search asks for them in order. The other coordinates' part of each move's neighbour
         * is kept for the current block ({@link #upper}), so a neighbour is one lookup in the last coordinate's table
         * and an add, with no division.
         */
        private final long[] upper = new long[moves.count()];

        /** The first rank of the block {@link #upper} holds. */
        private long blockStart = -1;

        @Override
        public int neighbours(long rank, long[] out, int at) {
            int count = moves.count();
            int last = coordinates.length - 1;
            int[] lowTable = coordinates[last].table;
            if (lowTable == null || last == 0) {
                digits(rank, 0, coordinates.length, out, at);
                return count;
            }
            int n = (int) sizes[last];
            long within = rank - blockStart;
            if (blockStart < 0 || within < 0 || within >= n) {
                blockStart = rank - rank % n;
                within = rank - blockStart;
                digits(rank, 0, last, upper, 0);
            }
            int d = (int) within;
            for (int m = 0; m < count; m++) {
                out[at + m] = upper[m] + lowTable[(first + m) * n + d];
            }
            return count;
        }

        /** A space of one coordinate stepped without a table asks it move by move, stopping at the first. */
        @Override
        public boolean anyNeighbour(long rank, LongPredicate test, long[] buffer) {
            if (coordinates.length == 1 && coordinates[0].table == null) {
                return coordinates[0].anyStep(moves, first, rank, test, buffer, x);
            }
            return NeighbourRanker.super.anyNeighbour(rank, test, buffer);
        }

        /** Writes each move's part of coordinates {@code from .. to - 1} of the neighbours of {@code rank}. */
        private void digits(long rank, int from, int to, long[] out, int at) {
            int count = moves.count();
            for (int m = 0; m < count; m++) {
                out[at + m] = 0;
            }
            for (int i = from; i < to; i++) {
                Coordinate c = coordinates[i];
                long digit = rank / radix[i] % sizes[i];
                long place = radix[i];
                if (c.table != null) {
                    int[] t = c.table;
                    int n = (int) sizes[i];
                    int d = (int) digit;
                    for (int m = 0; m < count; m++) {
                        out[at + m] += t[(first + m) * n + d] * place;
                    }
                } else {
                    c.step(moves, first, digit, place, out, at, x);
                }
            }
        }
    }
}
