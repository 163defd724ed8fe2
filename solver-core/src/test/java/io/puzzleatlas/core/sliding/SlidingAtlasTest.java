package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.search.Budget;
import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("slow")
class SlidingAtlasTest {

    @ParameterizedTest(name = "{0}x{1} blank {2}: radius {3}, {4} deepest, {5} states")
    @CsvSource({
        "2, 2, 3,  6,   1,      12",
        "2, 3, 5, 21,   1,     360",
        "2, 4, 7, 36,   1,   20160",
        "2, 5, 9, 55,   2, 1814400",
        "3, 3, 8, 31,   2,  181440",
        "3, 3, 4, 30, 148,  181440",
    })
    void publishedRadii(int rows, int cols, int blank, int radius, long deepest, long states) {
        SpaceSummary s = SlidingAtlas.summary(rows, cols, blank);
        assertEquals(radius, s.radius());
        assertEquals(deepest, s.countAtRadius());
        assertEquals(states, s.states());
        assertEquals(deepest, s.deepest().length);
    }

    @Test
    void eightPuzzleDeepestBoardsAreTheKnownPair() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SpaceSummary s = SlidingAtlas.summary(3, 3, 8);
        String[] boards =
                Arrays.stream(s.deepest()).mapToObj(p::format).sorted().toArray(String[]::new);
        assertArrayEquals(new String[] {"6 4 7 8 5 0 3 2 1", "8 6 7 2 5 4 3 0 1"}, boards);
    }

    @Test
    void deepestBoardsNeedExactlyTheRadius() {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        SlidingSolver solver = new SlidingSolver(p);
        SpaceSummary s = SlidingAtlas.summary(3, 3, 4);
        long goal = p.canonicalGoal(4);
        for (long b : s.deepest()) {
            assertEquals(30, solver.solve(b, goal, Budget.UNLIMITED).moves().length(), p.format(b));
        }
    }

    /** The two-bit search is the code path of the 12-cell spaces: it must agree with the byte table. */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2, 2", "2, 3", "3, 2", "2, 4", "4, 2", "3, 3", "2, 5"})
    void twoBitSearchEqualsTableOnEveryGoalCell(int rows, int cols) {
        for (int blank = 0; blank < rows * cols; blank++) {
            SpaceSummary table = SlidingAtlas.fromTable(rows, cols, blank);
            assertEquals(table, SlidingAtlas.twoBit(rows, cols, blank, 2), "blank " + blank);
            assertEquals(table, SlidingAtlas.twoBit(rows, cols, blank, 1), "blank " + blank);
        }
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2, 3", "3, 3", "2, 4", "3, 2"})
    void goalClassesShareHistograms(int rows, int cols) {
        int[] classes = SlidingAtlas.goalClasses(rows, cols);
        long distinct = Arrays.stream(classes)
                .mapToObj(c ->
                        Arrays.toString(SlidingAtlas.fromTable(rows, cols, c).histogram()))
                .distinct()
                .count();
        assertEquals(classes.length, distinct, "classes should differ");
        for (int blank = 0; blank < rows * cols; blank++) {
            long[] h = SlidingAtlas.fromTable(rows, cols, blank).histogram();
            boolean matches = false;
            for (int c : classes) {
                matches |=
                        Arrays.equals(h, SlidingAtlas.fromTable(rows, cols, c).histogram());
            }
            assertEquals(true, matches, "blank " + blank);
        }
    }

    @Test
    void goalClassRepresentatives() {
        assertArrayEquals(new int[] {0, 1, 4}, SlidingAtlas.goalClasses(3, 3));
        assertArrayEquals(new int[] {0, 1, 4, 5}, SlidingAtlas.goalClasses(3, 4));
        assertArrayEquals(new int[] {0, 1, 2}, SlidingAtlas.goalClasses(2, 6));
        assertArrayEquals(new int[] {0}, SlidingAtlas.goalClasses(2, 2));
    }

    @Test
    void transposedBoardHasTheSameHistogram() {
        assertArrayEquals(
                SlidingAtlas.fromTable(2, 4, 7).histogram(),
                SlidingAtlas.fromTable(4, 2, 7).histogram());
    }
}
