package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SantaSolverTest {
    private static final SearchBudget PLENTY = new SearchBudget(1_000_000, 0);
    private final SantaData data = new SantaData(TinyFiles.types(), TinyFiles.puzzles());

    private List<RowResult> solve(String incumbent, boolean searched, SearchBudget budget) {
        return SantaSolver.solve(data, "mine.csv", TinyFiles.submission(incumbent), t -> searched, budget);
    }

    @Test
    void theShorterOfOursAndTheIncumbentsIsKeptWithItsStatus() {
        List<RowResult> rows = solve("0,b.-b.a\n1,a.-a\n", true, PLENTY);
        assertEquals(RowStatus.OPTIMAL, rows.get(0).status());
        assertEquals("a", rows.get(0).movesText());
        assertEquals(1, rows.get(0).lowerBound());
        assertEquals(RowStatus.OPTIMAL, rows.get(1).status());
        assertEquals(0, rows.get(1).length());
        List<RowResult> kept = solve("0,b.-b.a\n", false, PLENTY);
        assertEquals(RowStatus.INCUMBENT, kept.get(0).status());
        assertEquals("b.-b.a", kept.get(0).movesText());
        assertEquals(0, kept.get(0).lowerBound());
        assertEquals(RowStatus.UNSOLVED, kept.get(2).status());
        assertEquals(-1, kept.get(2).length());
    }

    @Test
    void anIncumbentMissingItsGoalIsRefusedUnlessOursReplacesIt() {
        List<String> searchedTypes = new ArrayList<>();
        SantaFormatException early = assertThrows(
                SantaFormatException.class,
                () -> SantaSolver.solve(
                        data,
                        "mine.csv",
                        TinyFiles.submission("2,b\n"),
                        t -> {
                            searchedTypes.add(t);
                            return false;
                        },
                        PLENTY));
        assertEquals(
                "mine.csv: id 2: the moves do not reach the goal (2 stickers differ, 0 wildcards allowed)",
                early.getMessage());
        assertEquals(List.of("tiny"), searchedTypes); // refused at the incumbent's row, before any puzzle is searched
        assertThrows(SantaFormatException.class, () -> solve("2,b\n", true, new SearchBudget(1, 0)));
        assertEquals("-a", solve("2,b\n", true, PLENTY).get(2).movesText());
    }

    @Test
    void theInputsAreNotChanged() {
        Map<Integer, int[]> incumbent = TinyFiles.submission("0,a\n");
        SantaSolver.solve(data, "mine.csv", incumbent, t -> true, PLENTY);
        assertArrayEquals(new int[] {0}, incumbent.get(0));
    }
}
