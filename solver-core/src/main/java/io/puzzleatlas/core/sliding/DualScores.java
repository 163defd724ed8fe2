package io.puzzleatlas.core.sliding;

/**
 * The dual terms of one {@link PdbIdaStar} search ({@link DualLookup}), kept per depth and per view (0: the board, 1:
 * its reflection): each pattern's dual rank, excess and table. A move changes the dual cells of two pieces only, the
 * ones whose goal cells are the blank's old and new cells, so the other patterns keep their ranks, and their excesses
 * too unless the blank's new cell makes them read another table. Scratch of one search: not shared between threads.
 */
final class DualScores {
    private final AdditivePatternHeuristic heuristic;
    private final int patterns;
    private final int[] ranks;
    private final int[] excesses;
    private final PatternDatabase[] tables;

    /** State for depths 0 to {@code maxDepth}. */
    DualScores(AdditivePatternHeuristic heuristic, int maxDepth) {
        this.heuristic = heuristic;
        this.patterns = heuristic.patternCount();
        int slots = (maxDepth + 1) * 2 * patterns;
        this.ranks = new int[slots];
        this.excesses = new int[slots];
        this.tables = new PatternDatabase[slots];
    }

    /**
     * The dual sum of one view of the state at depth {@code g + 1}, whose board {@code b} is already moved and whose
     * blank went from {@code oldBlank} to {@code newBlank} (the view's cells); stored for that depth. With {@code g =
     * -1}, the start, scored from scratch.
     */
    int score(int g, int view, byte[] b, int oldBlank, int newBlank) {
        int from = (g * 2 + view) * patterns;
        int to = ((g + 1) * 2 + view) * patterns;
        int p1 = -1;
        int p2 = -1;
        if (g >= 0) {
            int x1 = heuristic.goalTile(oldBlank);
            int x2 = heuristic.goalTile(newBlank);
            p1 = x1 == 0 ? -1 : heuristic.patternOf(x1);
            p2 = x2 == 0 ? -1 : heuristic.patternOf(x2);
        }
        int sum = 0;
        for (int p = 0; p < patterns; p++) {
            PatternDatabase db = heuristic.dualDatabase(newBlank, p);
            int r = 0;
            int e = 0;
            if (db != null) {
                if (g < 0 || p == p1 || p == p2 || tables[from + p] == null) {
                    r = heuristic.dualRank(b, newBlank, p);
                    e = db.excess(r);
                } else {
                    r = ranks[from + p];
                    e = db == tables[from + p] ? excesses[from + p] : db.excess(r);
                }
            }
            ranks[to + p] = r;
            excesses[to + p] = e;
            tables[to + p] = db;
            sum += e;
        }
        return sum;
    }
}
