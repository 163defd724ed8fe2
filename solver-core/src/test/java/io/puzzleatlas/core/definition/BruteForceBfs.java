package io.puzzleatlas.core.definition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * An independent breadth-first search for tests: states are explicit arrays (each set's pieces, then its orientations),
 * a listed move is applied straight from the file's rule ({@code p'[i] = p[q[i]]}, {@code o'[i] = o[q[i]] + t[q[i]]}),
 * and a metric's moves are found by walking each listed move's cycle from the state (powers: every state on it;
 * generators: the next and the previous; listed: the previous only, the state the move takes to this one, so that the
 * search measures distances TO the solved state). Shares no code with the ranked space.
 */
final class BruteForceBfs {
    private BruteForceBfs() {}

    /** A state as a hash key (arrays compare by content). */
    record Key(int[] a) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(a, k.a);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(a);
        }
    }

    /** The state after listed move {@code move}. */
    static int[] apply(Definition d, DefinedMove move, int[] state) {
        int[] out = new int[state.length];
        int at = 0;
        for (int s = 0; s < d.sets().size(); s++) {
            PieceSet set = d.sets().get(s);
            int n = set.slots();
            for (int i = 0; i < n; i++) {
                int q = move.source(s, i);
                out[at + i] = state[at + q];
                out[at + n + i] = (state[at + n + q] + move.twist(s, q)) % set.orientations();
            }
            at += 2 * n;
        }
        return out;
    }

    static int[] solved(Definition d) {
        int total = 0;
        for (PieceSet set : d.sets()) {
            total += 2 * set.slots();
        }
        int[] state = new int[total];
        int at = 0;
        for (int s = 0; s < d.sets().size(); s++) {
            int n = d.sets().get(s).slots();
            System.arraycopy(d.solvedLabels(s), 0, state, at, n);
            System.arraycopy(d.solvedOrientations(s), 0, state, at + n, n);
            at += 2 * n;
        }
        return state;
    }

    /** States per distance to (in a metric closed under inverses, equally from) the solved state. */
    static long[] histogram(Definition d, Metric metric) {
        return histogram(d, metric, Integer.MAX_VALUE);
    }

    /** States per distance from the solved state, distances up to {@code maxDepth}. */
    static long[] histogram(Definition d, Metric metric, int maxDepth) {
        Set<Key> seen = new HashSet<>();
        List<int[]> level = new ArrayList<>();
        int[] start = solved(d);
        level.add(start);
        seen.add(new Key(start));
        List<Long> counts = new ArrayList<>();
        while (!level.isEmpty()) {
            counts.add((long) level.size());
            if (counts.size() > maxDepth) {
                break;
            }
            List<int[]> next = new ArrayList<>();
            for (int[] x : level) {
                for (DefinedMove m : d.moves()) {
                    List<int[]> cycle = new ArrayList<>();
                    for (int[] y = apply(d, m, x); !Arrays.equals(y, x); y = apply(d, m, y)) {
                        cycle.add(y);
                    }
                    List<int[]> reached = metric == Metric.POWERS || cycle.isEmpty()
                            ? cycle
                            : metric == Metric.LISTED
                                    ? List.of(cycle.get(cycle.size() - 1))
                                    : List.of(cycle.get(0), cycle.get(cycle.size() - 1));
                    for (int[] y : reached) {
                        if (seen.add(new Key(y))) {
                            next.add(y);
                        }
                    }
                }
            }
            level = next;
        }
        return counts.stream().mapToLong(Long::longValue).toArray();
    }
}
