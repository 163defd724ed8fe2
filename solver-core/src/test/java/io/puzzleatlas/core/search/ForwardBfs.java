package io.puzzleatlas.core.search;

import io.puzzleatlas.core.puzzle.Puzzle;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * Test oracle independent of ranking and tables: a forward breadth-first search over boards (HashMap of visited boards)
 * that expands moves in letter order, so the first path to reach a board is the lexicographically smallest among the
 * shortest (children of a level are generated in lexicographic order of their paths).
 */
public final class ForwardBfs {
    private ForwardBfs() {}

    /** The lexicographically smallest shortest move string from start to a board passing isGoal, or null. */
    public static String solve(Puzzle puzzle, long start, LongPredicate isGoal, int maxDepth) {
        if (isGoal.test(start)) {
            return "";
        }
        return search(puzzle, start, isGoal, maxDepth, new HashMap<>());
    }

    /**
     * Every board reachable from {@code start} mapped to the lexicographically smallest shortest move string to it:
     * what {@link #solve} returns for that board alone, from one search.
     */
    public static Map<Long, String> paths(Puzzle puzzle, long start) {
        Map<Long, String> path = new HashMap<>();
        search(puzzle, start, b -> false, Integer.MAX_VALUE, path);
        return path;
    }

    /**
     * Searches from {@code start}, filling {@code path} with each board's first path, until a board passes
     * {@code isGoal} (its path) or no board is left within {@code maxDepth} (null).
     */
    private static String search(
            Puzzle puzzle, long start, LongPredicate isGoal, int maxDepth, Map<Long, String> path) {
        ArrayDeque<Long> queue = new ArrayDeque<>();
        path.put(start, "");
        queue.add(start);
        List<String> letters = puzzle.moveNames();
        while (!queue.isEmpty()) {
            long s = queue.poll();
            String p = path.get(s);
            if (p.length() >= maxDepth) {
                return null;
            }
            for (int m = 0; m < letters.size(); m++) {
                long t = puzzle.applyMove(s, m);
                if (t == -1 || path.containsKey(t)) {
                    continue;
                }
                String q = p + letters.get(m);
                if (isGoal.test(t)) {
                    return q;
                }
                path.put(t, q);
                queue.add(t);
            }
        }
        return null;
    }

    /** Every board reachable from {@code start} mapped to its distance. */
    public static Map<Long, Integer> distances(Puzzle puzzle, long start) {
        Map<Long, Integer> dist = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        dist.put(start, 0);
        queue.add(start);
        int moves = puzzle.moveCount();
        while (!queue.isEmpty()) {
            long s = queue.poll();
            int d = dist.get(s);
            for (int m = 0; m < moves; m++) {
                long t = puzzle.applyMove(s, m);
                if (t != -1 && !dist.containsKey(t)) {
                    dist.put(t, d + 1);
                    queue.add(t);
                }
            }
        }
        return dist;
    }
}
