package io.puzzleatlas.core.santa;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Finds the pieces of a puzzle type from its sticker permutations alone. Two stickers start in one class when the same
 * generators move them; classes are then split until every generator maps each class into one class (partition
 * refinement, as in DFA minimisation), which leaves the coarsest partition that the moves carry block to block and
 * whose stickers always move together: the pieces. Geometry is never read: on an odd cube whose middle layers turn, two
 * opposite face centres are moved by the same generators and carried together by every move, so they form one piece of
 * two stickers.
 */
public final class PieceDetector {
    private PieceDetector() {}

    public static Pieces detect(PuzzleType type) {
        int n = type.width();
        int[] cls = refine(type, signatures(type));
        int count = 0;
        for (int c : cls) {
            count = Math.max(count, c + 1);
        }
        int[] sizes = new int[count];
        for (int c : cls) {
            sizes[c]++;
        }
        int[][] stickers = new int[count][];
        for (int c = 0; c < count; c++) {
            stickers[c] = new int[sizes[c]];
        }
        int[] filled = new int[count];
        for (int s = 0; s < n; s++) {
            stickers[cls[s]][filled[cls[s]]++] = s;
        }
        int moves = type.moveCount();
        int[][] source = new int[moves][count];
        int[][] twist = new int[moves][count];
        for (int m = 0; m < moves; m++) {
            for (int p = 0; p < count; p++) {
                int from = type.source(m, stickers[p][0]);
                int q = cls[from];
                source[m][p] = q;
                twist[m][p] = Arrays.binarySearch(stickers[q], from);
            }
        }
        int[] orbitOf = orbits(source, count);
        int orbits = 0;
        for (int o : orbitOf) {
            orbits = Math.max(orbits, o + 1);
        }
        return new Pieces(cls, stickers, orbitOf, orbits, source, twist);
    }

    /** Per sticker, the class of the set of generators that move it. */
    private static int[] signatures(PuzzleType type) {
        int g = type.generatorCount();
        int[] cls = new int[type.width()];
        Map<String, Integer> ids = new HashMap<>();
        char[] key = new char[g];
        for (int s = 0; s < cls.length; s++) {
            for (int i = 0; i < g; i++) {
                key[i] = type.source(2 * i, s) == s ? '0' : '1';
            }
            cls[s] = ids.computeIfAbsent(new String(key), k -> ids.size());
        }
        return cls;
    }

    /** Splits classes until each generator maps every class into one class; classes numbered by first sticker. */
    private static int[] refine(PuzzleType type, int[] cls) {
        int g = type.generatorCount();
        int classes = -1;
        while (true) {
            Map<String, Integer> ids = new HashMap<>();
            int[] next = new int[cls.length];
            StringBuilder key = new StringBuilder();
            for (int s = 0; s < cls.length; s++) {
                key.setLength(0);
                key.append(cls[s]);
                for (int i = 0; i < g; i++) {
                    key.append(',').append(cls[type.source(2 * i, s)]);
                }
                next[s] = ids.computeIfAbsent(key.toString(), k -> ids.size());
            }
            if (ids.size() == classes) {
                return next;
            }
            classes = ids.size();
            cls = next;
        }
    }

    /** Per piece, its orbit under the moves (union-find), numbered in order of first piece. */
    private static int[] orbits(int[][] source, int count) {
        int[] parent = new int[count];
        for (int p = 0; p < count; p++) {
            parent[p] = p;
        }
        for (int[] move : source) {
            for (int p = 0; p < count; p++) {
                int a = root(parent, p);
                int b = root(parent, move[p]);
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        int[] orbit = new int[count];
        int[] number = new int[count];
        Arrays.fill(number, -1);
        int next = 0;
        for (int p = 0; p < count; p++) {
            int r = root(parent, p);
            if (number[r] < 0) {
                number[r] = next++;
            }
            orbit[p] = number[r];
        }
        return orbit;
    }

    private static int root(int[] parent, int p) {
        while (parent[p] != p) {
            parent[p] = parent[parent[p]];
            p = parent[p];
        }
        return p;
    }
}
