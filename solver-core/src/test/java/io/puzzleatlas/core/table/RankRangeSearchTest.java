package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.magic.MagicBoard;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A search built from {@link RankRangeSearch} steps over several ranges equals the in-core BFS. */
class RankRangeSearchTest {

    @ParameterizedTest
    @CsvSource({"sliding-2x3, 1", "sliding-2x3, 5", "sliding-2x4, 3", "eight-puzzle, 4", "magic-board, 3",
            "rotation-game, 2"})
    void rangesEqualBreadthFirstTableBuilder(String name, int ranges) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        RankedSpace space = PuzzleRegistry.kind(puzzle).space(puzzle, puzzle.defaultGoal());
        DistanceTable expected = BreadthFirstTableBuilder.build(space);

        int size = (int) space.size();
        List<byte[]> parts = new ArrayList<>();
        long[] lo = new long[ranges];
        for (int p = 0; p < ranges; p++) {
            lo[p] = (long) size * p / ranges;
            long hi = (long) size * (p + 1) / ranges;
            parts.add(RankRangeSearch.newRange((int) (hi - lo[p])));
        }
        long goalRank = space.rank(space.goal());
        int owner = ownerOf(lo, goalRank);
        parts.get(owner)[(int) (goalRank - lo[owner])] = 0;
        List<Long> histogram = new ArrayList<>(List.of(1L));
        for (int level = 0; histogram.get(level) > 0; level++) {
            List<Long> found = new ArrayList<>();
            for (int p = 0; p < ranges; p++) {
                RankRangeSearch.expand(new SpaceNeighbourRanker(space, false), parts.get(p), lo[p], level, found::add);
            }
            long fresh = 0;
            for (long r : found) {
                int o = ownerOf(lo, r);
                if (RankRangeSearch.mark(parts.get(o), (int) (r - lo[o]), level + 1)) {
                    fresh++;
                }
            }
            histogram.add(fresh);
        }
        histogram.remove(histogram.size() - 1);
        assertArrayEquals(expected.histogram(), histogram.stream().mapToLong(Long::longValue).toArray());
        for (int p = 0; p < ranges; p++) {
            byte[] part = parts.get(p);
            for (int i = 0; i < part.length; i++) {
                assertEquals(expected.get(lo[p] + i), part[i] == RankRangeSearch.UNSEEN ? DistanceTable.UNREACHED : part[i]);
            }
        }
        if (puzzle instanceof MagicBoard) {
            assertEquals(40_320, expected.reached());
        }
    }

    private static int ownerOf(long[] lo, long rank) {
        int o = lo.length - 1;
        while (lo[o] > rank) {
            o--;
        }
        return o;
    }
}
