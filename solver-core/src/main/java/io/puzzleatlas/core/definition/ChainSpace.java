package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.Arrays;

/**
 * The states of a definition with distinct pieces ranked through its group's stabiliser chain: a state is the group
 * element taking the solved state to it, and an element is uniquely {@code u_{L-1} ... u_1 u_0} with {@code u_i} a
 * coset representative of level i ({@link SchreierSims}), so the orbit positions of the {@code u_i} are a mixed-radix
 * number in {@code [0, |G|)}: exactly the group's order, every rank reachable (Knuth 1991; Seress 2003, section 4.1).
 * For groups far smaller than their per-orbit ranks (M12: 95,040 of 239,500,800).
 *
 * <p>Rank: sift the element (at level i, the orbit index of the image of the base point, then strip by that
 * representative). Unrank: multiply the representatives back, deepest first. A move multiplies the element by the
 * move's point permutation. Each step costs a few passes over the points, no tables; scratch arrays live in each
 * thread's {@link NeighbourRanker}.
 */
public final class ChainSpace implements RankedSpace {
    private final DefinitionGroup group;
    private final SchreierSims chain;
    private final int levels;
    private final int degree;
    private final int[] base;
    private final int[][] orbit;
    /** orbitIndex[i][point]: the point's index in level i's orbit, -1 off it. */
    private final int[][] orbitIndex;

    private final long[] radix;
    private final long[] lengths;
    private final long size;
    private final long goal;
    /** Whether every move's inverse is a move (not in the listed metric). */
    private final boolean reversible;
    /** In the listed metric, each move's inverse as a point permutation; null otherwise. */
    private final int[][] undoPoints;

    /**
     * The space of {@code group}'s elements, distances to the element of rank {@code goal} (-1: the identity, the
     * solved state).
     */
    public ChainSpace(DefinitionGroup group, long goal) {
        this.group = group;
        this.chain = group.chain();
        this.levels = chain.levelCount();
        this.degree = group.degree();
        base = chain.base();
        orbit = new int[levels][];
        orbitIndex = new int[levels][];
        lengths = new long[levels];
        radix = new long[levels];
        long n = 1;
        for (int i = 0; i < levels; i++) {
            orbit[i] = chain.orbit(i);
            orbitIndex[i] = new int[degree];
            Arrays.fill(orbitIndex[i], -1);
            for (int k = 0; k < orbit[i].length; k++) {
                orbitIndex[i][orbit[i][k]] = k;
            }
            lengths[i] = orbit[i].length;
            radix[i] = n;
            n = Math.multiplyExact(n, lengths[i]);
        }
        size = n;
        reversible = group.moves().closedUnderInverses();
        undoPoints = reversible ? null : new int[group.movePoints.length][degree];
        for (int m = 0; !reversible && m < undoPoints.length; m++) {
            for (int p = 0; p < degree; p++) {
                undoPoints[m][group.movePoints[m][p]] = p;
            }
        }
        this.goal = goal == -1 ? rankElement(SchreierSims.identity(degree)) : goal;
    }

    /** The rank of a group element (overwritten: it is sifted in place). */
    long rankElement(int[] h) {
        long r = 0;
        for (int i = 0; i < levels; i++) {
            int x = h[base[i]];
            r += orbitIndex[i][x] * radix[i];
            int[] inverse = chain.representativeInverse(i, x);
            for (int p = 0; p < degree; p++) {
                h[p] = inverse[h[p]];
            }
        }
        return r;
    }

    /** Writes the element of rank {@code r} into {@code h}. */
    void unrankElement(long r, int[] h) {
        for (int p = 0; p < degree; p++) {
            h[p] = p;
        }
        for (int i = levels - 1; i >= 0; i--) {
            int[] u = chain.representative(i, orbit[i][(int) (r / radix[i] % lengths[i])]);
            for (int p = 0; p < degree; p++) {
                h[p] = u[h[p]];
            }
        }
    }

    public DefinitionGroup group() {
        return group;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public long rank(long state) {
        return state;
    }

    @Override
    public long unrank(long rank) {
        return rank;
    }

    @Override
    public int moveCount() {
        return group.movePoints.length;
    }

    @Override
    public long move(long state, int m) {
        int[] h = new int[degree];
        unrankElement(state, h);
        int[] moved = new int[degree];
        int[] mp = group.movePoints[m];
        for (int p = 0; p < degree; p++) {
            moved[p] = mp[h[p]];
        }
        return rankElement(moved);
    }

    @Override
    public long unmove(long state, int m) {
        if (reversible) {
            return move(state, group.moves().inverse(m));
        }
        int[] h = new int[degree];
        unrankElement(state, h);
        int[] moved = new int[degree];
        int[] up = undoPoints[m];
        for (int p = 0; p < degree; p++) {
            moved[p] = up[h[p]];
        }
        return rankElement(moved);
    }

    @Override
    public long goal() {
        return goal;
    }

    @Override
    public boolean reversible() {
        return reversible;
    }

    /** The successors, or in the listed metric the elements each move's inverse gives. */
    @Override
    public NeighbourRanker predecessors() {
        int[][] steps = reversible ? group.movePoints : undoPoints;
        return new NeighbourRanker() {
            private final int[] h = new int[degree];
            private final int[] moved = new int[degree];

            @Override
            public int maxNeighbours() {
                return group.movePoints.length;
            }

            @Override
            public int neighbours(long rank, long[] out, int at) {
                int moves = group.movePoints.length;
                unrankElement(rank, h);
                for (int m = 0; m < moves; m++) {
                    int[] mp = steps[m];
                    for (int p = 0; p < degree; p++) {
                        moved[p] = mp[h[p]];
                    }
                    out[at + m] = rankElement(moved);
                }
                return moves;
            }
        };
    }
}
