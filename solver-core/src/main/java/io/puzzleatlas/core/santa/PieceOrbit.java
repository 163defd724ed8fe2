package io.puzzleatlas.core.santa;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One orbit of pieces ({@link PieceDetector}) with a consistent frame for the orientations: the slots of the orbit, the
 * stickers of each slot in an order carried from the orbit's first slot along a spanning tree of the moves (so that a
 * piece's stickers keep their order along the tree's moves), and the group {@code G} of the sticker reorderings that
 * the moves induce in that frame (the closure of every move's reordering at every slot: 3 rotations for a cube's
 * corners, 2 flips for its edges, 1 for single stickers). A piece's orientation is an element of {@code G}. Under move
 * {@code m} the slot {@code p} receives the piece of slot {@link #source} and its content is reordered by element
 * {@link #twist}: {@code new[i] = old[g[i]]}. Only the moves that act on the orbit are kept, each once.
 */
final class PieceOrbit {
    final int slots;
    final int size;
    /** {@code order[p][i]}: the sticker of slot {@code p} in place {@code i} of the frame. */
    final int[][] order;
    /** The elements of {@code G}, each a reordering {@code g} of {@code 0..size-1}; element 0 is the identity. */
    final int[][] elements;
    /**
     * {@code compose[s][g]}: the element {@code h} with {@code h[i] = g[s[i]]} (reordering {@code g} then {@code s}).
     */
    final int[][] compose;
    /** The distinct non-trivial actions of the moves on the orbit: per action, the source slot of every slot. */
    final int[][] source;
    /** Per action, the element applied at every slot. */
    final int[][] twist;

    private PieceOrbit(
            int slots, int size, int[][] order, int[][] elements, int[][] compose, int[][] source, int[][] twist) {
        this.slots = slots;
        this.size = size;
        this.order = order;
        this.elements = elements;
        this.compose = compose;
        this.source = source;
        this.twist = twist;
    }

    /** The orbits of {@code type}'s pieces, numbered as {@link Pieces#orbitOf}. */
    static List<PieceOrbit> of(PuzzleType type, Pieces pieces) {
        List<PieceOrbit> orbits = new ArrayList<>();
        for (int o = 0; o < pieces.orbitCount(); o++) {
            orbits.add(orbit(type, pieces, o));
        }
        return orbits;
    }

    private static PieceOrbit orbit(PuzzleType type, Pieces pieces, int o) {
        List<Integer> members = new ArrayList<>();
        for (int p = 0; p < pieces.count(); p++) {
            if (pieces.orbitOf(p) == o) {
                members.add(p);
            }
        }
        int slots = members.size();
        int size = pieces.size(members.get(0));
        int[] slotOf = new int[pieces.count()];
        Arrays.fill(slotOf, -1);
        for (int s = 0; s < slots; s++) {
            slotOf[members.get(s)] = s;
        }
        int[][] order = new int[slots][];
        order[0] = pieces.stickers(members.get(0));
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        int moves = type.moveCount();
        while (!queue.isEmpty()) { // spanning tree: slot p receiving from slot q takes q's order through the move
            int q = queue.poll();
            for (int m = 0; m < moves; m++) {
                for (int s = 0; s < slots; s++) {
                    int piece = members.get(s);
                    if (order[s] != null || slotOf[pieces.source(m, piece)] != q) {
                        continue;
                    }
                    int[] stickers = pieces.stickers(piece);
                    int[] ord = new int[size];
                    for (int sticker : stickers) {
                        int from = type.source(m, sticker);
                        ord[indexOf(order[q], from)] = sticker;
                    }
                    order[s] = ord;
                    queue.add(s);
                }
            }
        }
        int[] place = new int[type.width()];
        for (int[] ord : order) {
            for (int i = 0; i < size; i++) {
                place[ord[i]] = i;
            }
        }
        Map<String, Integer> index = new HashMap<>();
        List<int[]> elements = new ArrayList<>();
        int[] identity = new int[size];
        for (int i = 0; i < size; i++) {
            identity[i] = i;
        }
        add(identity, elements, index);
        List<int[]> sources = new ArrayList<>();
        List<int[]> twists = new ArrayList<>();
        Map<String, Boolean> actions = new HashMap<>();
        List<int[]> raw = new ArrayList<>();
        for (int m = 0; m < moves; m++) {
            int[] src = new int[slots];
            int[][] tw = new int[slots][size];
            boolean trivial = true;
            for (int s = 0; s < slots; s++) {
                int q = slotOf[pieces.source(m, members.get(s))];
                src[s] = q;
                for (int i = 0; i < size; i++) {
                    tw[s][i] = place[type.source(m, order[s][i])];
                    trivial &= q == s && tw[s][i] == i;
                }
            }
            String key = Arrays.toString(src) + Arrays.deepToString(tw);
            if (trivial || actions.putIfAbsent(key, Boolean.TRUE) != null) {
                continue;
            }
            sources.add(src);
            int[] t = new int[slots];
            for (int s = 0; s < slots; s++) {
                t[s] = add(tw[s], elements, index);
                raw.add(tw[s]);
            }
            twists.add(t);
        }
        for (int e = 0; e < elements.size(); e++) { // closure: every product of move reorderings
            for (int[] s : raw) {
                add(apply(s, elements.get(e)), elements, index);
            }
        }
        int g = elements.size();
        int[][] compose = new int[g][g];
        for (int s = 0; s < g; s++) {
            for (int e = 0; e < g; e++) {
                compose[s][e] = index.get(Arrays.toString(apply(elements.get(s), elements.get(e))));
            }
        }
        return new PieceOrbit(
                slots,
                size,
                order,
                elements.toArray(new int[0][]),
                compose,
                sources.toArray(new int[0][]),
                twists.toArray(new int[0][]));
    }

    /** {@code h[i] = g[s[i]]}: reordering {@code g}, then {@code s}. */
    private static int[] apply(int[] s, int[] g) {
        int[] h = new int[s.length];
        for (int i = 0; i < s.length; i++) {
            h[i] = g[s[i]];
        }
        return h;
    }

    private static int add(int[] element, List<int[]> elements, Map<String, Integer> index) {
        return index.computeIfAbsent(Arrays.toString(element), k -> {
            elements.add(element.clone());
            return elements.size() - 1;
        });
    }

    private static int indexOf(int[] values, int value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        throw new IllegalStateException("sticker " + value + " is not in its slot");
    }

    /** The number of actions (distinct non-trivial moves on the orbit). */
    int actions() {
        return source.length;
    }

    /** The size of {@code G}. */
    int groupSize() {
        return elements.length;
    }
}
