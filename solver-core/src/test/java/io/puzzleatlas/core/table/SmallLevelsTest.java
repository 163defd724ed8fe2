package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("slow")
class SmallLevelsTest {

    /**
     * Each level holds exactly the ranks a plain queue search puts at that depth, ascending; the caps stop it where
     * documented.
     */
    @ParameterizedTest
    @CsvSource({
        "eight-puzzle, 1000000, 100",
        "eight-puzzle, 5000, 100",
        "eight-puzzle, 1000000, 7",
        "magic-board, 1000000, 100",
        "pocket-cube-qtm, 20000, 100",
        "rotation-game, 1, 100"
    })
    void levelsAreThoseOfAPlainSearch(String name, long maxStates, int maxLevel) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        RankedSpace space = PuzzleRegistry.kind(puzzle).space(puzzle, puzzle.defaultGoal());
        int[] depth = ReferenceBfs.depths(space, false);
        long[] histogram = ReferenceBfs.histogram(depth);
        List<long[]> levels = SmallLevels.first(space.rank(space.goal()), space.predecessors(), maxStates, maxLevel);
        long reached = 0;
        for (int d = 0; d < levels.size(); d++) {
            long[] level = levels.get(d);
            final int dd = d;
            long[] expected = IntStream.range(0, depth.length)
                    .filter(r -> depth[r] == dd)
                    .asLongStream()
                    .toArray();
            assertArrayEquals(expected, level, name + " depth " + d);
            reached += level.length;
        }
        int last = levels.size() - 1;
        assertTrue(last <= maxLevel);
        // it stopped for a reason: the state cap, the level cap, or the level after the last is empty
        assertTrue(
                last == maxLevel
                        || last == histogram.length - 1
                        || (reached >= maxStates && reached - levels.get(last).length < maxStates),
                name + ": stopped at level " + last + " with " + reached + " states");
        if (maxStates >= space.size() && maxLevel >= histogram.length) {
            assertEquals(histogram.length - 1, last, "the whole space, the last level kept as the frontier");
            assertEquals(Arrays.stream(histogram).sum(), reached);
        }
    }

    /**
     * From any two consecutive levels of a reversible space, the rest are those of a plain queue search, the deepest
     * last.
     */
    @ParameterizedTest
    @CsvSource({
        "eight-puzzle, 1",
        "eight-puzzle, 25",
        "eight-puzzle, 30",
        "sliding-2x4, 20",
        "pocket-cube-qtm, 9",
        "pocket-cube, 10"
    })
    void lastLevelsFromTwoAreThoseOfAPlainSearch(String name, int from) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        RankedSpace space = PuzzleRegistry.kind(puzzle).space(puzzle, puzzle.defaultGoal());
        assertTrue(space.reversible());
        int[] depth = ReferenceBfs.depths(space, false);
        int radius = ReferenceBfs.histogram(depth).length - 1;
        List<long[]> rest = SmallLevels.last(level(depth, from - 1), level(depth, from), space.predecessors());
        assertEquals(radius - from, rest.size());
        for (int i = 0; i < rest.size(); i++) {
            assertArrayEquals(level(depth, from + 1 + i), rest.get(i), name + " depth " + (from + 1 + i));
        }
    }

    private static long[] level(int[] depth, int d) {
        return IntStream.range(0, depth.length)
                .filter(r -> depth[r] == d)
                .asLongStream()
                .toArray();
    }
}
