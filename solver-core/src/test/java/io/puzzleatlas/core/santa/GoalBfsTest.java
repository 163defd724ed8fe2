package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GoalBfsTest {
    private static final String DISTINCT = "N0;N1;N2;N3;N4;N5;N6;N7;N8;N9";
    private static final String COLOURS = "A;A;A;B;B;B;C;C;D;D";
    private static final SearchBudget PLENTY = new SearchBudget(10_000_000, 0);

    private static Map<Integer, SantaPuzzle> puzzles(List<String[]> rows) {
        StringBuilder text = new StringBuilder(PuzzlesReader.HEADER + "\n");
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            text.append(i)
                    .append(',')
                    .append(TinyWreath.TYPE)
                    .append(',')
                    .append(r[0])
                    .append(',')
                    .append(r[1])
                    .append(',')
                    .append(r[2])
                    .append('\n');
        }
        return PuzzlesReader.read("puzzles.csv", text.toString(), PuzzleInfoReader.read("info", TinyWreath.infoText()));
    }

    @Test
    void lengthsAreTheIndependentBreadthFirstSearchsAndEverySolutionReplays() {
        List<String[]> rows = TinyWreath.rows(60, 46);
        Map<Integer, SantaPuzzle> puzzles = puzzles(rows);
        for (int id = 0; id < rows.size(); id++) {
            String[] goal = rows.get(id)[0].split(";");
            String[] start = rows.get(id)[1].split(";");
            int wildcards = Integer.parseInt(rows.get(id)[2]);
            SearchOutcome found = GoalBfs.search(puzzles.get(id), PLENTY);
            int optimal = TinyWreath.optimal(start, goal, wildcards);
            int row = id;
            assertTrue(found.solved(), () -> "row " + row);
            assertEquals(optimal, found.moves().length, () -> "row " + row);
            assertEquals(optimal, found.lowerBound(), () -> "row " + row);
            String text = new RowResult(puzzles.get(id), RowStatus.OPTIMAL, found.moves(), 0, 0, 0).movesText();
            assertTrue(TinyWreath.mismatches(TinyWreath.replay(start, text), goal) <= wildcards, () -> "row " + row);
        }
    }

    @Test
    void aSpentBudgetProvesOnlyTheDepthSearchedCompletely() {
        List<String[]> rows = Collections.singletonList(new String[] {DISTINCT, "N3;N4;N5;N0;N1;N2;N6;N7;N8;N9", "0"});
        SantaPuzzle puzzle = puzzles(rows).get(0);
        int optimal = TinyWreath.optimal(rows.get(0)[1].split(";"), rows.get(0)[0].split(";"), 0);
        assertEquals(3, optimal);
        // 4 moves from each side complete depth 1 on both: no path of 2 moves or fewer
        SearchOutcome cut = GoalBfs.search(puzzle, new SearchBudget(8, 0));
        assertNull(cut.moves());
        assertEquals(3, cut.lowerBound());
        assertEquals(8, cut.nodes());
        assertEquals(3, GoalBfs.search(puzzle, new SearchBudget(9, 0)).moves().length);
        SearchOutcome nothing = GoalBfs.search(puzzle, new SearchBudget(1, 0));
        assertEquals(1, nothing.lowerBound());
    }

    @Test
    void aStartAtTheGoalIsZeroMoves() {
        SantaPuzzle puzzle = puzzles(Collections.singletonList(new String[] {COLOURS, COLOURS, "0"}))
                .get(0);
        SearchOutcome found = GoalBfs.search(puzzle, PLENTY);
        assertEquals(0, found.moves().length);
        assertEquals(0, found.nodes());
    }
}
