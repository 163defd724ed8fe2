package io.puzzleatlas.core.santa;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One puzzle type of {@code puzzle_info.csv}: its name, its width (stickers) and its moves. Move {@code 2g} is the
 * file's generator {@code g} and move {@code 2g + 1} its inverse, named {@code -name}; each counts one move. A move is
 * a passive permutation: applying move {@code m} to a state gives {@code new[i] = old[source(m, i)]}. Each move is also
 * held as its support (the stickers it moves and their sources), so a layer turn of a big cube costs its layer, not the
 * whole board. Immutable; validated by {@link #of}.
 */
public final class PuzzleType implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final int width;
    private final String[] moveNames;
    private final int[][] perms;
    private final int[][] supportTargets;
    private final int[][] supportSources;
    private final Map<String, Integer> moveIndex;

    private PuzzleType(String name, int width, String[] moveNames, int[][] perms) {
        this.name = name;
        this.width = width;
        this.moveNames = moveNames;
        this.perms = perms;
        this.supportTargets = new int[perms.length][];
        this.supportSources = new int[perms.length][];
        this.moveIndex = new HashMap<>();
        for (int m = 0; m < perms.length; m++) {
            moveIndex.put(moveNames[m], m);
            int[] p = perms[m];
            int moved = 0;
            for (int i = 0; i < width; i++) {
                if (p[i] != i) {
                    moved++;
                }
            }
            int[] targets = new int[moved];
            int[] sources = new int[moved];
            for (int i = 0, j = 0; i < width; i++) {
                if (p[i] != i) {
                    targets[j] = i;
                    sources[j++] = p[i];
                }
            }
            supportTargets[m] = targets;
            supportSources[m] = sources;
        }
    }

    /**
     * A type from its generators (names and array-form permutations, 0-based, in file order); the inverses are added.
     *
     * @throws IllegalArgumentException (one line) when there is no generator, a name is unusable or repeats (inverses
     *     included), or an array is not a permutation of {@code 0..n-1} of the first array's width
     */
    public static PuzzleType of(String name, List<String> generatorNames, List<int[]> generators) {
        if (generators.isEmpty() || generators.size() != generatorNames.size()) {
            throw new IllegalArgumentException("type " + name + ": no moves");
        }
        int width = generators.get(0).length;
        int g = generators.size();
        String[] names = new String[2 * g];
        int[][] perms = new int[2 * g][];
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < g; i++) {
            String move = generatorNames.get(i);
            if (move.isEmpty() || move.startsWith("-") || move.matches(".*[.,;\\s].*")) {
                throw new IllegalArgumentException("type " + name + ": move name '" + move
                        + "' is empty, starts with '-' or holds '.', ',', ';' or a space");
            }
            int[] p = generators.get(i);
            if (p.length != width) {
                throw new IllegalArgumentException("type " + name + ": move " + move + " has " + p.length
                        + " entries, the first move has " + width);
            }
            names[2 * i] = move;
            names[2 * i + 1] = "-" + move;
            perms[2 * i] = p.clone();
            perms[2 * i + 1] = inverse(name, move, p);
            for (int k = 2 * i; k <= 2 * i + 1; k++) {
                if (seen.putIfAbsent(names[k], k) != null) {
                    throw new IllegalArgumentException("type " + name + ": move name " + names[k] + " repeats");
                }
            }
        }
        return new PuzzleType(name, width, names, perms);
    }

    private static int[] inverse(String type, String move, int[] p) {
        int[] inv = new int[p.length];
        Arrays.fill(inv, -1);
        for (int i = 0; i < p.length; i++) {
            int v = p[i];
            if (v < 0 || v >= p.length || inv[v] >= 0) {
                throw new IllegalArgumentException("type " + type + ": move " + move + " is not a permutation of 0.."
                        + (p.length - 1) + " (entry " + i + " is " + v + ")");
            }
            inv[v] = i;
        }
        return inv;
    }

    public String name() {
        return name;
    }

    /** Stickers on the board. */
    public int width() {
        return width;
    }

    /** Moves, generators and inverses: twice the generators of the file. */
    public int moveCount() {
        return perms.length;
    }

    /** Generators the file lists. */
    public int generatorCount() {
        return perms.length / 2;
    }

    public String moveName(int move) {
        return moveNames[move];
    }

    /** The index of the move called {@code moveName}, or -1 when the type has none. */
    public int moveIndex(String moveName) {
        Integer m = moveIndex.get(moveName);
        return m == null ? -1 : m;
    }

    /** The inverse of {@code move}. */
    public int inverse(int move) {
        return move ^ 1;
    }

    /** The sticker whose label sticker {@code sticker} receives under {@code move}. */
    public int source(int move, int sticker) {
        return perms[move][sticker];
    }

    /** Stickers {@code move} changes the position of. */
    public int supportSize(int move) {
        return supportTargets[move].length;
    }

    /** The stickers {@code move} changes, in order (the array itself: not to be changed). */
    int[] supportTargets(int move) {
        return supportTargets[move];
    }

    /** The sticker each of {@link #supportTargets} receives its label from (the array itself: not to be changed). */
    int[] supportSources(int move) {
        return supportSources[move];
    }

    /**
     * Applies {@code move} to {@code state} in place; {@code scratch} must hold at least {@link #supportSize} entries
     * (one array of {@link #width} serves every move). Allocates nothing.
     */
    public void apply(int move, short[] state, short[] scratch) {
        int[] targets = supportTargets[move];
        int[] sources = supportSources[move];
        for (int j = 0; j < sources.length; j++) {
            scratch[j] = state[sources[j]];
        }
        for (int j = 0; j < targets.length; j++) {
            state[targets[j]] = scratch[j];
        }
    }
}
