package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.search.MoveAutomaton;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Duplicate-path pruning for depth-first search on sliding puzzles (Taylor &amp; Korf 1993): a finite automaton over
 * the blank's moves ({@code 0..3 = d l r u}) that refuses every path containing a move string {@code s} for which
 * another string {@code t} exists with the same effect on the board, that stays on the board wherever {@code s} does
 * (its cells lie within {@code s}'s bounding box), and is shorter or of the same length and earlier in letter order.
 * The shortest such strings are the immediate reversals ({@code du}, ...); the next are halves of the blank's three
 * turns round a 2x2 block ({@code rdlurd} does what {@code druldr} does).
 *
 * <p>Why the tie-break survives: a path containing a refused {@code s} is either longer than needed, or the same path
 * with {@code t} in place of {@code s} is as long, reaches the same board and comes first in letter order. So the
 * lexicographically smallest optimal path contains no refused string and is still searched; IDA* with an admissible
 * heuristic still finds it first in its last iteration, and each iteration's next bound is still at most the optimal
 * length (the smallest optimal path is cut at an f no larger). Only duplicates are left out: every refused path's board
 * is reached, at the same depth or a smaller one, by a path that is searched.
 *
 * <p>The strings are found once per JVM and length, a round per length k up to {@link #length()}: every move string of
 * up to k moves that contains no string refused so far, played from the middle of a board wider than any of them
 * reaches, grouped by the board it leaves (a 64-bit hash of the arrangement; each refusal is checked by replaying both
 * strings). So no refused string contains another. The automaton is their Aho-Corasick matcher (Aho &amp; Corasick
 * 1975); a state is an int, {@link #REFUSED} where a path must not go.
 */
public final class DuplicatePaths implements MoveAutomaton {

    /** The state no path may enter. */
    public static final int REFUSED = -1;
    /** The state of the empty path. */
    public static final int START = 0;
    /** The longest refused strings searched for by default; see docs/pattern-databases.md for the measurements. */
    public static final int DEFAULT_LENGTH = 12;

    private static final int[] DR = {1, 0, 0, -1};
    private static final int[] DC = {0, -1, 1, 0};
    private static final Map<Integer, DuplicatePaths> CACHE = new HashMap<>();

    private final int length;
    /** The refused strings, shortest first, each with the duplicate that refuses it. */
    private final Map<String, String> refused;
    /** next[state * 4 + move]: the state after the move, or {@link #REFUSED}. */
    private final int[] next;

    private DuplicatePaths(int length) {
        this.length = length;
        this.refused = Collections.unmodifiableMap(minimalRefusedStrings(length));
        this.next = automaton(refused.keySet());
    }

    /**
     * The automaton for refused strings of up to {@code length} moves (2 gives the reversals alone); built once per
     * length and JVM: 0.26 s and about 50 MB of passing heap for 12, about 2 s and 0.5 GB for 14.
     */
    public static synchronized DuplicatePaths upTo(int length) {
        if (length < 2 || length > 14) {
            throw new IllegalArgumentException("duplicate-path length must be 2 to 14, not " + length);
        }
        return CACHE.computeIfAbsent(length, DuplicatePaths::new);
    }

    /** The default automaton ({@link #DEFAULT_LENGTH}). */
    public static DuplicatePaths standard() {
        return upTo(DEFAULT_LENGTH);
    }

    /** The state after {@code move} from {@code state}, or {@link #REFUSED}. */
    @Override
    public int next(int state, int move) {
        return next[(state << 2) | move];
    }

    /** The longest refused strings looked for. */
    public int length() {
        return length;
    }

    /**
     * The refused strings (none contains a shorter one), in letters, shortest first and in letter order, each with its
     * duplicate: the same board, as long (and earlier) or shorter, within the refused string's bounding box ({@code ""}
     * for a reversal).
     */
    public Map<String, String> refusedStrings() {
        return refused;
    }

    /** The automaton's number of states. */
    public int states() {
        return next.length / 4;
    }

    /** The state after the moves of {@code letters} from {@link #START}, or {@link #REFUSED}. */
    public int walk(CharSequence letters) {
        int state = START;
        for (int i = 0; i < letters.length() && state != REFUSED; i++) {
            state = next(state, SlidingPuzzle.LETTERS.indexOf(letters.charAt(i)));
        }
        return state;
    }

    // ---- finding the strings

    private static Map<String, String> minimalRefusedStrings(int length) {
        Map<String, String> refused = new HashMap<>();
        for (int m = 0; m < 4; m++) {
            refused.put("" + SlidingPuzzle.LETTERS.charAt(m) + SlidingPuzzle.LETTERS.charAt(3 - m), "");
        }
        // Round k enumerates the strings of up to k moves that contain no string refused so far and
        // refuses those of k moves that have a duplicate: they contain no shorter refused string,
        // and a duplicate that contains one has a duplicate in turn, earlier and no wider, that
        // does not, so none is missed.
        for (int k = 3; k <= length; k++) {
            Enumeration e = new Enumeration(k, automaton(refused.keySet()));
            e.run();
            if (e.count > INDEX_MASK) {
                throw new IllegalStateException(
                        e.count + " strings of up to " + k + " moves do not fit the sort key's index");
            }
            // group the strings by board: sort on the hash's high bits with the string's index below them
            long[] keys = new long[e.count];
            for (int i = 0; i < e.count; i++) {
                keys[i] = (e.hashes[i] & ~INDEX_MASK) | i;
            }
            Arrays.sort(keys);
            for (int from = 0; from < keys.length; ) {
                int to = from + 1;
                while (to < keys.length && (keys[to] & ~INDEX_MASK) == (keys[from] & ~INDEX_MASK)) {
                    to++;
                }
                if (to - from > 1) {
                    refuseInGroup(e, keys, from, to, k, refused);
                }
                from = to;
            }
        }
        Map<String, String> ordered = new LinkedHashMap<>();
        refused.keySet().stream()
                .sorted(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()))
                .forEach(s -> ordered.put(s, refused.get(s)));
        return ordered;
    }

    /** The low bits of a sort key that hold a string's index (round 14 enumerates 8,853,304 strings, under 2^24). */
    private static final long INDEX_MASK = (1L << 24) - 1;

    /**
     * Within one group of strings whose hashes share their high bits: each string {@code s} of {@code length} moves
     * that has a string {@code t} with the same board, no longer, earlier in letter order when as long, and within
     * {@code s}'s bounding box, checked by replaying both, is refused.
     */
    private static void refuseInGroup(
            Enumeration e, long[] keys, int from, int to, int length, Map<String, String> refused) {
        Integer[] group = new Integer[to - from];
        for (int i = from; i < to; i++) {
            group[i - from] = (int) (keys[i] & INDEX_MASK);
        }
        // shorter first, then letter order (the code of equal lengths sorts as its letters)
        Arrays.sort(group, Comparator.<Integer>comparingInt(i -> e.lengths[i]).thenComparingLong(i -> e.codes[i]));
        for (int j = 1; j < group.length; j++) {
            int s = group[j];
            if (e.lengths[s] != length) {
                continue;
            }
            for (int i = 0; i < j; i++) {
                int t = group[i];
                if (e.hashes[t] == e.hashes[s] && e.within(t, s)) {
                    String sl = e.letters(s);
                    String tl = e.letters(t);
                    if (!sameEffect(sl, tl, length)) {
                        throw new IllegalStateException("hash collision between " + sl + " and " + tl);
                    }
                    refused.put(sl, tl);
                    break;
                }
            }
        }
    }

    /**
     * Whether {@code s} and {@code t}, played from the middle of a board wide enough for both, leave the same board.
     */
    private static boolean sameEffect(String s, String t, int length) {
        return Arrays.equals(play(s, length), play(t, length));
    }

    /** The side of a square board wider than any string of up to {@code length} moves reaches from its middle. */
    private static int width(int length) {
        return 2 * length + 3;
    }

    /** The board of {@link #width}, each cell holding its own number. */
    private static int[] numberedBoard(int length) {
        int w = width(length);
        int[] board = new int[w * w];
        for (int c = 0; c < board.length; c++) {
            board[c] = c;
        }
        return board;
    }

    private static int[] play(String letters, int length) {
        int[] board = numberedBoard(length);
        int w = width(length);
        int r = w / 2;
        int c = w / 2;
        for (int i = 0; i < letters.length(); i++) {
            int m = SlidingPuzzle.LETTERS.indexOf(letters.charAt(i));
            int nr = r + DR[m];
            int nc = c + DC[m];
            int blank = board[r * w + c];
            board[r * w + c] = board[nr * w + nc];
            board[nr * w + nc] = blank;
            r = nr;
            c = nc;
        }
        return board;
    }

    /**
     * Every string the automaton {@code next} lets through, up to the length, played from the middle of a board: its
     * board's hash, code and bounding box.
     */
    private static final class Enumeration {
        final int length;
        final int[] next;
        final int w;
        /** The start's row and column. */
        final int centre;

        final int[] board;
        long[] hashes = new long[1 << 16];
        long[] codes = new long[1 << 16];
        byte[] lengths = new byte[1 << 16];
        /**
         * Bounding box of the blank's cells relative to the start: min row, max row, min col, max col, a byte each
         * (offset by 64).
         */
        int[] boxes = new int[1 << 16];

        int count;

        Enumeration(int length, int[] next) {
            this.length = length;
            this.next = next;
            this.w = width(length);
            this.centre = w / 2;
            this.board = numberedBoard(length);
        }

        void run() {
            long hash = 0;
            for (int c = 0; c < board.length; c++) {
                hash ^= mix(c, c);
            }
            dfs(centre, centre, 0, START, 0L, hash, 0, 0, 0, 0);
        }

        private static long mix(int cell, int content) {
            long z = ((long) cell << 32 | content) * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        private void dfs(int r, int c, int g, int state, long code, long hash, int r0, int r1, int c0, int c1) {
            if (g > 0) {
                add(hash, code, g, (r0 + 64) << 24 | (r1 + 64) << 16 | (c0 + 64) << 8 | (c1 + 64));
            }
            if (g == length) {
                return;
            }
            for (int m = 0; m < 4; m++) {
                int after = next[state * 4 + m];
                if (after == REFUSED) {
                    continue;
                }
                int nr = r + DR[m];
                int nc = c + DC[m];
                int from = r * w + c;
                int to = nr * w + nc;
                int blank = board[from];
                int tile = board[to];
                long h = hash ^ mix(from, blank) ^ mix(to, tile) ^ mix(from, tile) ^ mix(to, blank);
                board[from] = tile;
                board[to] = blank;
                dfs(
                        nr,
                        nc,
                        g + 1,
                        after,
                        code << 2 | m,
                        h,
                        Math.min(r0, nr - centre),
                        Math.max(r1, nr - centre),
                        Math.min(c0, nc - centre),
                        Math.max(c1, nc - centre));
                board[to] = tile;
                board[from] = blank;
            }
        }

        private void add(long hash, long code, int g, int box) {
            if (count == hashes.length) {
                int n = count * 2;
                hashes = Arrays.copyOf(hashes, n);
                codes = Arrays.copyOf(codes, n);
                lengths = Arrays.copyOf(lengths, n);
                boxes = Arrays.copyOf(boxes, n);
            }
            hashes[count] = hash;
            codes[count] = code;
            lengths[count] = (byte) g;
            boxes[count] = box;
            count++;
        }

        /** Whether string {@code t}'s bounding box lies within string {@code s}'s. */
        boolean within(int t, int s) {
            int bt = boxes[t];
            int bs = boxes[s];
            return (bt >>> 24) >= (bs >>> 24)
                    && ((bt >>> 16) & 0xFF) <= ((bs >>> 16) & 0xFF)
                    && ((bt >>> 8) & 0xFF) >= ((bs >>> 8) & 0xFF)
                    && (bt & 0xFF) <= (bs & 0xFF);
        }

        String letters(int i) {
            char[] out = new char[lengths[i]];
            long code = codes[i];
            for (int j = out.length - 1; j >= 0; j--) {
                out[j] = SlidingPuzzle.LETTERS.charAt((int) (code & 3));
                code >>>= 2;
            }
            return new String(out);
        }
    }

    // ---- the matcher

    /**
     * The Aho-Corasick automaton of {@code strings}: a transition for every state and move, {@link #REFUSED} into a
     * match.
     */
    private static int[] automaton(Collection<String> strings) {
        List<int[]> children = new ArrayList<>();
        List<Boolean> terminal = new ArrayList<>();
        children.add(new int[] {-1, -1, -1, -1});
        terminal.add(false);
        for (String s : strings) {
            int node = 0;
            for (int i = 0; i < s.length(); i++) {
                int m = SlidingPuzzle.LETTERS.indexOf(s.charAt(i));
                if (children.get(node)[m] < 0) {
                    children.get(node)[m] = children.size();
                    children.add(new int[] {-1, -1, -1, -1});
                    terminal.add(false);
                }
                node = children.get(node)[m];
            }
            terminal.set(node, true);
        }
        int n = children.size();
        int[] go = new int[n * 4];
        int[] fail = new int[n];
        boolean[] dead = new boolean[n];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int m = 0; m < 4; m++) {
            int child = children.get(0)[m];
            if (child < 0) {
                go[m] = 0;
            } else {
                go[m] = child;
                fail[child] = 0;
                queue.add(child);
            }
        }
        while (!queue.isEmpty()) {
            int node = queue.poll();
            dead[node] = terminal.get(node) || dead[fail[node]];
            for (int m = 0; m < 4; m++) {
                int child = children.get(node)[m];
                if (child < 0) {
                    go[node * 4 + m] = go[fail[node] * 4 + m];
                } else {
                    go[node * 4 + m] = child;
                    fail[child] = go[fail[node] * 4 + m];
                    queue.add(child);
                }
            }
        }
        // number the live states densely, the empty path first
        int[] id = new int[n];
        int live = 0;
        for (int s = 0; s < n; s++) {
            id[s] = dead[s] ? REFUSED : live++;
        }
        int[] next = new int[live * 4];
        for (int s = 0; s < n; s++) {
            if (!dead[s]) {
                for (int m = 0; m < 4; m++) {
                    next[id[s] * 4 + m] = id[go[s * 4 + m]];
                }
            }
        }
        return next;
    }

    @Override
    public String toString() {
        return "DuplicatePaths[length " + length + ", " + refused.size() + " strings, " + states() + " states]";
    }
}
