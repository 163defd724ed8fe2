package io.puzzleatlas.core.sliding;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every entry of small pattern databases against an independent 0-1 BFS over (placement, blank cell). */
class PatternDatabaseBuilderTest {

    @ParameterizedTest
    @CsvSource({
        "3, 3, 8, '1 2 3 4'",
        "3, 3, 8, '5 6 7 8'",
        "3, 3, 0, '1 2 3'",
        "3, 3, 4, '2 7'",
        "2, 4, 7, '1 2 3 4'",
        "2, 4, 0, '5 6 7'",
        "2, 4, 3, '1 5 6'",
        "3, 3, 8, '1 2 3 4 5 6 7 8'",
        "2, 3, 5, '1 2 3 4'",
        "3, 4, 11, '1 2 3 4 5'",
        "5, 5, 24, '1 2 3'",
        "5, 5, 0, '7 13 19'",
        "5, 5, 12, '2 24'",
        "4, 5, 19, '1 6 11'",
        "3, 6, 0, '1 2 3 4'"
    })
    void entriesEqualMinimumOverBlankCells(int rows, int cols, int goalBlank, String tileText) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        int[] tiles =
                Arrays.stream(tileText.split(" ")).mapToInt(Integer::parseInt).toArray();
        for (int threads : new int[] {1, 2}) {
            PatternDatabase pdb = new PatternDatabaseBuilder(puzzle, goalBlank, tiles, threads).build();
            int[] expected = bruteForce(puzzle, goalBlank, tiles);
            int[] goalCells = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
            int[] cellOf = new int[tiles.length];
            for (int r = 0; r < expected.length; r++) {
                if (expected[r] == Integer.MAX_VALUE) {
                    continue;
                }
                pdb.space().unrank(r, cellOf);
                int md = 0;
                for (int j = 0; j < tiles.length; j++) {
                    md += Math.abs(cellOf[j] / cols - goalCells[j] / cols)
                            + Math.abs(cellOf[j] % cols - goalCells[j] % cols);
                }
                assertEquals(expected[r], md + 2 * pdb.excess(r), "rank " + r + " cells " + Arrays.toString(cellOf));
            }
        }
    }

    /**
     * Progress: one report per level, in order, the states reached growing, to every placement by the last level of the
     * placement search.
     */
    @org.junit.jupiter.api.Test
    void progressReachesEveryStateLevelByLevel() {
        SlidingPuzzle puzzle = new SlidingPuzzle(3, 3);
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(puzzle, 8, new int[] {1, 2, 3, 4}, 2);
        for (boolean regions : new boolean[] {false, true}) {
            List<long[]> seen = new ArrayList<>();
            builder.progress((level, reached, of, seconds) -> seen.add(new long[] {level, reached, of}));
            if (regions) {
                builder.buildByRegionStates();
            } else {
                builder.build();
            }
            for (int i = 1; i < seen.size(); i++) {
                assertEquals(seen.get(i - 1)[0] + 1, seen.get(i)[0], "levels in order");
                Assertions.assertTrue(seen.get(i)[1] >= seen.get(i - 1)[1], "reached grows");
            }
            long[] last = seen.get(seen.size() - 1);
            if (regions) { // (placement, blank region) states: some regions are never a blank's
                Assertions.assertTrue(last[1] > 0 && last[1] <= last[2], "reached at most all");
            } else {
                assertEquals(new PatternSpace(9, 4).size(), last[2]);
                assertEquals(last[2], last[1], "every placement reached by the last level");
            }
        }
    }

    /**
     * Tables searched from another blank cell than the goal's ({@link DualLookup}'s), by both searches, against the
     * same 0-1 search started there: one whose goal blank is walled in by the pattern and started on the other side,
     * and ones whose start is in the goal's region.
     */
    @ParameterizedTest
    @CsvSource({
        "3, 3, 8, 0, '5 6 7 8', true",
        "3, 3, 8, 2, '1 2 4 5', false",
        "2, 4, 7, 0, '2 3 4', false",
        "3, 3, 0, 4, '1 2 3', true"
    })
    void tablesSearchedFromAnotherBlankCell(
            int rows, int cols, int goalBlank, int startCell, String tileText, boolean otherRegion) {
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        int[] tiles =
                Arrays.stream(tileText.split(" ")).mapToInt(Integer::parseInt).toArray();
        int[] expected = bruteForce(puzzle, goalBlank, startCell, tiles);
        int[] fromGoal = bruteForce(puzzle, goalBlank, goalBlank, tiles);
        int[] goalCells = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
        PatternDatabaseBuilder builder = new PatternDatabaseBuilder(puzzle, goalBlank, startCell, tiles, 2);
        int differ = 0;
        for (PatternDatabase pdb : new PatternDatabase[] {builder.build(), builder.buildByRegionStates()}) {
            assertEquals(startCell, pdb.startCell());
            int[] cellOf = new int[tiles.length];
            for (int r = 0; r < expected.length; r++) {
                pdb.space().unrank(r, cellOf);
                int md = 0;
                for (int j = 0; j < tiles.length; j++) {
                    md += Math.abs(cellOf[j] / cols - goalCells[j] / cols)
                            + Math.abs(cellOf[j] % cols - goalCells[j] % cols);
                }
                assertEquals(expected[r], md + 2 * pdb.excess(r), "rank " + r + " cells " + Arrays.toString(cellOf));
                differ += expected[r] != fromGoal[r] ? 1 : 0;
            }
        }
        assertEquals(otherRegion, differ > 0, "entries change exactly when the start is in another region");
    }

    /** Min over blank cells of the 0-1 distance (pattern moves cost 1, others 0), per placement rank. */
    static int[] bruteForce(SlidingPuzzle puzzle, int goalBlank, int[] tiles) {
        return bruteForce(puzzle, goalBlank, goalBlank, tiles);
    }

    /** The same, the search started with the blank on {@code startCell} in the goal placement. */
    static int[] bruteForce(SlidingPuzzle puzzle, int goalBlank, int startCell, int[] tiles) {
        int n = puzzle.cellCount();
        PatternSpace space = new PatternSpace(n, tiles.length);
        int size = (int) space.size();
        int[] dist = new int[size * n];
        Arrays.fill(dist, Integer.MAX_VALUE);
        int[] cellOf = PatternDatabase.goalCells(puzzle, goalBlank, tiles);
        ArrayDeque<int[]> deque = new ArrayDeque<>();
        int start = space.rank(cellOf) * n + startCell;
        dist[start] = 0;
        deque.add(new int[] {start, 0});
        while (!deque.isEmpty()) {
            int[] e = deque.poll();
            int s = e[0];
            if (e[1] != dist[s]) {
                continue;
            }
            int blank = s % n;
            space.unrank(s / n, cellOf);
            for (int m = 0; m < 4; m++) {
                int target = puzzle.neighbour(blank, m);
                if (target < 0) {
                    continue;
                }
                int cost = 0;
                int[] next = cellOf.clone();
                for (int j = 0; j < next.length; j++) {
                    if (next[j] == target) {
                        next[j] = blank;
                        cost = 1;
                    }
                }
                int t = space.rank(next) * n + target;
                int d = dist[s] + cost;
                if (d < dist[t]) {
                    dist[t] = d;
                    if (cost == 0) {
                        deque.addFirst(new int[] {t, d});
                    } else {
                        deque.addLast(new int[] {t, d});
                    }
                }
            }
        }
        int[] min = new int[size];
        for (int r = 0; r < size; r++) {
            min[r] = Integer.MAX_VALUE;
            for (int b = 0; b < n; b++) {
                min[r] = Math.min(min[r], dist[r * n + b]);
            }
        }
        return min;
    }
}
