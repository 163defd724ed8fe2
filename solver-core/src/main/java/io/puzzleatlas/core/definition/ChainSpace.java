package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.table.CoordinateSpace;
import io.puzzleatlas.core.table.NeighbourRanker;
import java.util.Arrays;

/**
 * The states of a definition with distinct pieces ranked through its group's stabiliser chain: a state is the group
 * element taking the solved state to it, and an element is uniquely {@code h = u_0 u_1 ... u_{L-1}} (as functions,
 * {@code u_{L-1}} applied first) with {@code u_i} a coset representative of level i ({@link SchreierSims}), so the
 * orbit positions of the {@code u_i} are a mixed-radix number in {@code [0, |G|)} (level 0 the lowest digit): exactly
 * the group's order, every rank reachable (Knuth 1991; Seress 2003, section 4.1). For groups far smaller than their
 * per-orbit ranks (M12: 95,040 of 239,500,800) and for orbits too long to rank per orbit (M24 on 24 points).
 *
 * <p>Rank: sift the element (at level i, the orbit index of the image of the base point, then strip by that
 * representative). Only the images of the base points matter (an element is determined by them, and the sift reads
 * nothing else), so stepping works on L points, never on whole permutations.
 *
 * <p>Stepping, the inner loop of a breadth-first search: a move m takes h to {@code m h = (m u_0 ... u_{t-1}) (u_t ...
 * u_{L-1})}. The first factor depends only on the t lowest digits and m, so its sift is tabulated once: its digits (the
 * new rank's t lowest) and the residue {@code s} it leaves in the stabiliser of the first t base points. The second
 * factor's base images {@code u_t ... u_j (b_j)} depend only on the upper digits, which consecutive ranks share, so
 * they are kept from the previous rank. A neighbour is then a table row, {@code L - t} lookups through {@code s} and
 * the strip of the levels from t ({@code (L - t)(L - t - 1) / 2} lookups in flat inverse tables); nothing is allocated
 * per state. t is the most levels whose table fits {@link #TABLE_ENTRIES} (M12: all five, a plain move table; M24:
 * three of seven); t = 0 is the plain move. Scratch arrays live in each thread's {@link NeighbourRanker}.
 */
final class ChainSpace implements CoordinateSpace {
    /** Most ints of the stepping table (moves x low digits x points). */
    static final long TABLE_ENTRIES = 1L << 22;

    private final DefinitionGroup group;
    private final int levels;
    private final int degree;
    private final int moveCount;
    /**
     * The point permutations the stepping table holds: the moves, and in the listed metric their inverses after them (a
     * search steps back by those, which are no moves).
     */
    private final int[][] stepPoints;

    private final boolean reversible;
    private final int[] base;
    /** orbitPoint[i][k]: level i's k-th orbit point. */
    private final int[][] orbitPoint;
    /** orbitIndex[i * degree + x]: the index of point x in level i's orbit, -1 off it. */
    private final int[] orbitIndex;
    /** rep[i][k * degree + p]: the image of p under level i's representative of orbit point k. */
    private final int[][] rep;
    /** repInverse[i][k * degree + p]: the same for that representative's inverse. */
    private final int[][] repInverse;
    /** The step undoing each move: a move, or in the listed metric the step {@code moveCount + m}. */
    private final int[] inverseMove;
    /** Levels whose digits are tabulated for stepping, and the number of their digit combinations. */
    private final int tabled;

    private final int lowCount;
    /** low[d * steps + m]: the t lowest digits (as a number) of the rank of m h, h's being d. */
    private final int[] low;
    /** residue[(d * steps + m) * degree + p]: p under the residue s of that sift (null when t = L). */
    private final int[] residue;

    private final int[] lengths;
    private final long[] radix;
    private final long size;
    private final long goal;

    /**
     * The space of {@code group}'s elements, distances to the element of rank {@code goal} (-1: the identity, the
     * solved state).
     */
    public ChainSpace(DefinitionGroup group, long goal) {
        this(group, goal, TABLE_ENTRIES);
    }

    /** {@code tableEntries}: the most ints of the stepping table (tests: 0 steps by the plain moves). */
    ChainSpace(DefinitionGroup group, long goal, long tableEntries) {
        this.group = group;
        SchreierSims chain = group.chain();
        levels = chain.levelCount();
        degree = group.degree();
        moveCount = group.movePoints.length;
        reversible = group.moves().closedUnderInverses();
        stepPoints = reversible ? group.movePoints : withInverses(group.movePoints);
        base = chain.base();
        orbitPoint = new int[levels][];
        orbitIndex = new int[levels * degree];
        Arrays.fill(orbitIndex, -1);
        rep = new int[levels][];
        repInverse = new int[levels][];
        lengths = new int[levels];
        radix = new long[levels + 1];
        long n = 1;
        for (int i = 0; i < levels; i++) {
            int[] orbit = chain.orbit(i);
            orbitPoint[i] = orbit;
            lengths[i] = orbit.length;
            rep[i] = new int[orbit.length * degree];
            repInverse[i] = new int[orbit.length * degree];
            for (int k = 0; k < orbit.length; k++) {
                orbitIndex[i * degree + orbit[k]] = k;
                System.arraycopy(chain.representative(i, orbit[k]), 0, rep[i], k * degree, degree);
                System.arraycopy(chain.representativeInverse(i, orbit[k]), 0, repInverse[i], k * degree, degree);
            }
            radix[i] = n;
            n = Math.multiplyExact(n, orbit.length);
        }
        radix[levels] = n;
        size = n;
        inverseMove = reversible ? inverses(group.movePoints) : listedInverses(moveCount);
        int t = 0;
        for (int c = 1; c <= levels; c++) {
            if (entries(c) <= tableEntries) {
                t = c;
            }
        }
        tabled = t;
        lowCount = (int) radix[t];
        low = new int[lowCount * stepPoints.length];
        residue = t < levels ? new int[lowCount * stepPoints.length * degree] : null;
        tabulate();
        this.goal = goal == -1 ? rankElement(SchreierSims.identity(degree)) : checkGoal(goal);
    }

    /** Levels whose digits the stepping table holds. */
    int tabledLevels() {
        return tabled;
    }

    /** Ints of the stepping table of the t lowest levels. */
    private long entries(int t) {
        long rows = radix[t] * stepPoints.length;
        return t < levels ? rows * (degree + 1) : rows;
    }

    /**
     * Fills the stepping table: for each combination d of the t lowest digits, the prefix {@code U = u_0 ... u_{t-1}},
     * and for each move the sift of {@code m U} through those t levels.
     */
    private void tabulate() {
        int[] prefix = new int[degree];
        int[] p = new int[degree];
        for (int d = 0; d < lowCount; d++) {
            for (int x = 0; x < degree; x++) {
                prefix[x] = x;
            }
            // U(x) = u_0(u_1(... u_{t-1}(x))): apply u_0 last
            for (int i = tabled - 1; i >= 0; i--) {
                int off = (int) (d / radix[i] % lengths[i]) * degree;
                for (int x = 0; x < degree; x++) {
                    prefix[x] = rep[i][off + prefix[x]];
                }
            }
            for (int m = 0; m < stepPoints.length; m++) {
                int[] mp = stepPoints[m];
                for (int x = 0; x < degree; x++) {
                    p[x] = mp[prefix[x]];
                }
                int digits = 0;
                for (int i = 0; i < tabled; i++) {
                    int k = orbitIndex[i * degree + p[base[i]]];
                    digits += k * (int) radix[i];
                    int off = k * degree;
                    for (int x = 0; x < degree; x++) {
                        p[x] = repInverse[i][off + p[x]];
                    }
                }
                int row = d * stepPoints.length + m;
                low[row] = digits;
                if (residue != null) {
                    System.arraycopy(p, 0, residue, row * degree, degree);
                }
            }
        }
    }

    /** The same space (sharing its tables) with distances measured to {@code goal}. */
    private ChainSpace(ChainSpace of, long goal) {
        group = of.group;
        levels = of.levels;
        degree = of.degree;
        moveCount = of.moveCount;
        stepPoints = of.stepPoints;
        reversible = of.reversible;
        base = of.base;
        orbitPoint = of.orbitPoint;
        orbitIndex = of.orbitIndex;
        rep = of.rep;
        repInverse = of.repInverse;
        inverseMove = of.inverseMove;
        tabled = of.tabled;
        lowCount = of.lowCount;
        low = of.low;
        residue = of.residue;
        lengths = of.lengths;
        radix = of.radix;
        size = of.size;
        this.goal = goal;
    }

    /** This space with distances measured to the element of rank {@code goal}. */
    public ChainSpace toward(long goal) {
        return goal == this.goal ? this : new ChainSpace(this, checkGoal(goal));
    }

    private long checkGoal(long goal) {
        if (goal < 0 || goal >= size) {
            throw new IllegalArgumentException("goal rank " + goal + " outside [0, " + size + ")");
        }
        return goal;
    }

    /** The moves, then each move's inverse. */
    private static int[][] withInverses(int[][] moves) {
        int[][] steps = Arrays.copyOf(moves, 2 * moves.length);
        for (int m = 0; m < moves.length; m++) {
            steps[moves.length + m] = new int[moves[m].length];
            for (int p = 0; p < moves[m].length; p++) {
                steps[moves.length + m][moves[m][p]] = p;
            }
        }
        return steps;
    }

    /** In the listed metric, move m is undone by step {@code count + m}. */
    private static int[] listedInverses(int count) {
        int[] inverse = new int[count];
        for (int m = 0; m < count; m++) {
            inverse[m] = count + m;
        }
        return inverse;
    }

    /** The move undoing each move, found by its point permutation (the moves are closed under inverses). */
    private static int[] inverses(int[][] moves) {
        int[] inverse = new int[moves.length];
        for (int m = 0; m < moves.length; m++) {
            inverse[m] = -1;
            for (int k = 0; k < moves.length && inverse[m] < 0; k++) {
                boolean undoes = true;
                for (int p = 0; p < moves[m].length && undoes; p++) {
                    undoes = moves[k][moves[m][p]] == p;
                }
                if (undoes) {
                    inverse[m] = k;
                }
            }
            if (inverse[m] < 0) {
                throw new IllegalStateException("move " + m + " has no inverse among the moves");
            }
        }
        return inverse;
    }

    /**
     * The rank of a group element (left as it was); an element outside the group (test with
     * {@link SchreierSims#contains}) has none.
     */
    long rankElement(int[] h) {
        int[] b = new int[levels];
        for (int j = 0; j < levels; j++) {
            b[j] = h[base[j]];
        }
        return rankFrom(0, 0, b);
    }

    /** Writes the element of rank {@code r} into {@code h}: {@code u_{L-1}}, then ..., then {@code u_0}. */
    void unrankElement(long r, int[] h) {
        for (int p = 0; p < degree; p++) {
            h[p] = p;
        }
        for (int i = levels - 1; i >= 0; i--) {
            int[] u = rep[i];
            int off = (int) (r / radix[i] % lengths[i]) * degree;
            for (int p = 0; p < degree; p++) {
                h[p] = u[off + h[p]];
            }
        }
    }

    /**
     * Strips the base image {@code b} ({@code b[j] = h(b_j)}, overwritten) from level {@code from}, adding the digits
     * to {@code r}: from level 0 and 0, the rank of h.
     */
    private long rankFrom(int from, long r, int[] b) {
        for (int i = from; i < levels; i++) {
            int k = orbitIndex[i * degree + b[i]];
            r += k * radix[i];
            int[] inv = repInverse[i];
            int off = k * degree;
            for (int j = i + 1; j < levels; j++) {
                b[j] = inv[off + b[j]];
            }
        }
        return r;
    }

    /** The base and its orbits' lengths: the mixed radix of the ranks. */
    public String describe() {
        StringBuilder sb = new StringBuilder("stabiliser chain, base of " + levels + " points, orbits ");
        for (int i = 0; i < levels; i++) {
            sb.append(i == 0 ? "" : " x ").append(lengths[i]);
        }
        return sb.toString();
    }

    public DefinitionGroup group() {
        return group;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int moveCount() {
        return moveCount;
    }

    @Override
    public long move(long state, int m) {
        return new Ranker(0).step(state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return new Ranker(0).step(state, inverseMove[m]);
    }

    @Override
    public long goal() {
        return goal;
    }

    /** Every move's inverse is a move (but in the listed metric). */
    @Override
    public boolean reversible() {
        return reversible;
    }

    /** The successors, or in the listed metric the elements each move's inverse gives. */
    @Override
    public NeighbourRanker predecessors() {
        return new Ranker(reversible ? 0 : moveCount);
    }

    /**
     * A state's neighbours by the steps {@code first .. first + moveCount - 1} (the moves, whose inverses are moves too
     * outside the listed metric; or the listed metric's inverses), one per move in move order. One per thread: it owns
     * its scratch arrays and the base images of the last rank's upper digits.
     */
    private final class Ranker implements NeighbourRanker {
        private final int first;
        private final int[] digits = new int[levels];
        /** upperImage[j] = u_t ... u_j (b_j) for j &gt;= t, for the upper digits of the current block. */
        private final int[] upperImage = new int[levels];

        private final int[] b = new int[levels];
        private final int[] bm = new int[levels * moveCount];
        /** The first rank of the block whose upper digits {@link #upperImage} holds (far below 0: none yet). */
        private long upperStart = -1L << 62;

        Ranker(int first) {
            this.first = first;
        }

        /** Whether every move's inverse is a move: then a rank's neighbours are the ranks it is a neighbour of. */
        @Override
        public boolean symmetric() {
            return reversible;
        }

        @Override
        public int maxNeighbours() {
            return moveCount;
        }

        /** The row of the stepping table of {@code rank}'s low digits, after making its upper image current. */
        private int row(long rank) {
            long within = rank - upperStart;
            if (within < 0 || within >= lowCount) {
                // a new block of upper digits (ranks come mostly in order: rarely)
                long up = rank / lowCount;
                upperStart = up * lowCount;
                within = rank - upperStart;
                for (int i = tabled; i < levels; i++) {
                    long next = up / lengths[i];
                    digits[i] = (int) (up - next * lengths[i]);
                    up = next;
                }
                for (int j = tabled; j < levels; j++) {
                    int x = orbitPoint[j][digits[j]];
                    for (int i = j - 1; i >= tabled; i--) {
                        x = rep[i][digits[i] * degree + x];
                    }
                    upperImage[j] = x;
                }
            }
            return (int) within * stepPoints.length;
        }

        /** The rank of {@code m h} from its table row: the residue carries the upper images, then they are sifted. */
        private long ranked(int row) {
            long r = low[row];
            if (residue == null) {
                return r;
            }
            int off = row * degree;
            int t = tabled;
            for (int j = t; j < levels; j++) {
                b[j] = residue[off + upperImage[j]];
            }
            return rankFrom(t, r, b);
        }

        long step(long rank, int m) {
            return ranked(row(rank) + m);
        }

        /**
         * All moves at once, level by level (the moves' sifts are independent chains of lookups, so the processor
         * overlaps them): {@code bm[m * levels + j]} is move m's image of base point j.
         */
        @Override
        public int neighbours(long rank, long[] out, int at) {
            int row = row(rank) + first;
            int moves = moveCount;
            int n = levels;
            int t = tabled;
            int deg = degree;
            int[] bm = this.bm;
            for (int m = 0; m < moves; m++) {
                out[at + m] = low[row + m];
            }
            if (residue == null) {
                return moves;
            }
            for (int m = 0; m < moves; m++) {
                int off = (row + m) * deg;
                for (int j = t; j < n; j++) {
                    bm[m * n + j] = residue[off + upperImage[j]];
                }
            }
            for (int i = t; i < n; i++) {
                int[] inv = repInverse[i];
                long place = radix[i];
                int index = i * deg;
                for (int m = 0; m < moves; m++) {
                    int mb = m * n;
                    int k = orbitIndex[index + bm[mb + i]];
                    out[at + m] += k * place;
                    int off = k * deg;
                    for (int j = i + 1; j < n; j++) {
                        bm[mb + j] = inv[off + bm[mb + j]];
                    }
                }
            }
            return moveCount;
        }
    }
}
