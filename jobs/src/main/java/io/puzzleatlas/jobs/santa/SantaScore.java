package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.RowResult;
import io.puzzleatlas.core.santa.RowStatus;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A report line: the score (moves kept, summed) of one type's puzzles or of all, the puzzles by status and the
 * incumbent's score on the same puzzles. An unsolved puzzle adds nothing to the score and is counted apart.
 */
final class SantaScore {
    private SantaScore() {}

    /** The line for puzzles of {@code type} (null: every puzzle). */
    static String of(String type, List<RowResult> rows, Map<Integer, int[]> incumbent) {
        long score = 0;
        long before = 0;
        int puzzles = 0;
        Map<RowStatus, Integer> by = new EnumMap<>(RowStatus.class);
        for (RowStatus s : RowStatus.values()) {
            by.put(s, 0);
        }
        for (RowResult r : rows) {
            if (type == null || r.puzzle().type().name().equals(type)) {
                puzzles++;
                score += Math.max(0, r.length());
                int[] old = incumbent.get(r.puzzle().id());
                before += old == null ? 0 : old.length;
                by.merge(r.status(), 1, Integer::sum);
            }
        }
        return (type == null ? "" : type + " ") + "score " + score + " (" + puzzles + " puzzles: "
                + by.get(RowStatus.OPTIMAL) + " optimal, " + by.get(RowStatus.IMPROVED) + " improved, "
                + by.get(RowStatus.INCUMBENT) + " incumbent, " + by.get(RowStatus.UNSOLVED) + " unsolved; incumbent "
                + before + ")";
    }
}
