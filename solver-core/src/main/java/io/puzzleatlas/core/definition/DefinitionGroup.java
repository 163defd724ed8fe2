package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.kind.TooLargeException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The group a definition's moves generate, acting on points (global slot, orientation): a move takes the piece in slot
 * {@code src[g]} turned {@code o} to slot g turned {@code o + add[g]}, so point {@code (src[g], o)} goes to {@code (g,
 * o + add[g])}. Its order, by {@link SchreierSims}, is the number of states when all pieces differ (the group then acts
 * regularly on the states: a state fixed by an element means every piece back in place with its orientation, so every
 * point fixed).
 */
final class DefinitionGroup {
    private final MoveSet moves;
    private final int[] pointOffset;
    private final int degree;
    /** The slot of each point. */
    private final int[] slotOf;

    private final SchreierSims chain;
    /** Each move of the metric as a point permutation. */
    final int[][] movePoints;

    /**
     * The group of {@code moves}, on at most {@link DefinitionReader#MAX_POINTS} points (the reader refuses more); its
     * stabiliser chain may take half the heap.
     *
     * @throws DefinitionException naming the file when the chain would need more
     */
    public DefinitionGroup(MoveSet moves) {
        this(moves, TooLargeException.availableHeap());
    }

    /** As the public constructor, for a JVM of {@code heap} bytes (tests: a small heap without a small JVM). */
    DefinitionGroup(MoveSet moves, long heap) {
        this.moves = moves;
        pointOffset = new int[moves.slotCount + 1];
        for (int g = 0; g < moves.slotCount; g++) {
            pointOffset[g + 1] = pointOffset[g] + moves.modulus[g];
        }
        degree = pointOffset[moves.slotCount];
        slotOf = new int[degree];
        for (int g = 0; g < moves.slotCount; g++) {
            for (int p = pointOffset[g]; p < pointOffset[g + 1]; p++) {
                slotOf[p] = g;
            }
        }
        List<int[]> generators = new ArrayList<>();
        movePoints = new int[moves.count()][];
        for (int m = 0; m < moves.count(); m++) {
            movePoints[m] = points(moves.src[m], moves.add[m]);
            generators.add(movePoints[m]);
        }
        try {
            chain = new SchreierSims(degree, generators, heap / 2);
        } catch (TooLargeException e) {
            throw new DefinitionException(
                    moves.definition().file(),
                    0,
                    "the group of its moves is too large to compute: " + e.getMessage()
                            + " of heap, half of this JVM's " + TooLargeException.size(heap)
                            + " (explicit coset representatives: about 4 n^3 bytes for all permutations of n points);"
                            + " give it more (java -Xmx...)");
        }
    }

    MoveSet moves() {
        return moves;
    }

    /** The point permutation of a move given by source slots and twists by destination. */
    int[] points(int[] src, int[] add) {
        int[] image = new int[degree];
        for (int g = 0; g < moves.slotCount; g++) {
            int mod = moves.modulus[g];
            for (int o = 0; o < mod; o++) {
                image[pointOffset[src[g]] + o] = pointOffset[g] + (o + add[g]) % mod;
            }
        }
        return image;
    }

    /**
     * The group element (a point permutation) taking the solved state to a state of distinct pieces: the piece solved
     * at slot a turned {@code oa}, found at slot b turned {@code ob}, takes point (a, x) to (b, x - oa + ob).
     *
     * @param solvedSlot per global slot's set, the global slot where each label is solved
     */
    int[] elementOf(int[] labels, int[] orientations, int[] setOf, int[][] solvedSlot, int[] solvedOrientations) {
        int[] image = new int[degree];
        for (int b = 0; b < moves.slotCount; b++) {
            int a = solvedSlot[setOf[b]][labels[b]];
            int mod = moves.modulus[b];
            for (int x = 0; x < mod; x++) {
                image[pointOffset[a] + x] =
                        pointOffset[b] + ((x - solvedOrientations[a] + orientations[b]) % mod + mod) % mod;
            }
        }
        return image;
    }

    /**
     * The state an element makes of the solved state (the inverse of {@link #elementOf}): the piece solved at slot a
     * turned {@code oa} goes where the element sends point (a, oa).
     */
    void stateOf(int[] element, int[] solvedLabels, int[] solvedOrientations, int[] labels, int[] orientations) {
        for (int a = 0; a < moves.slotCount; a++) {
            int point = element[pointOffset[a] + solvedOrientations[a]];
            int b = slotOf[point];
            labels[b] = solvedLabels[a];
            orientations[b] = point - pointOffset[b];
        }
    }

    /**
     * A uniformly random element: a random coset representative per level of the chain, composed as {@link ChainSpace}
     * unranks (every element is one such product, exactly once).
     */
    int[] random(SplittableRandom random) {
        int[] h = new int[degree];
        for (int p = 0; p < degree; p++) {
            h[p] = p;
        }
        for (int i = chain.levelCount() - 1; i >= 0; i--) {
            int[] orbit = chain.orbit(i);
            int[] u = chain.representative(i, orbit[random.nextInt(orbit.length)]);
            for (int p = 0; p < degree; p++) {
                h[p] = u[h[p]];
            }
        }
        return h;
    }

    /** Number of points (slots times orientations). */
    public int degree() {
        return degree;
    }

    /** The order of the group. */
    public BigInteger order() {
        return chain.order();
    }

    /** The stabiliser chain (base, orbit lengths, membership). */
    public SchreierSims chain() {
        return chain;
    }
}
