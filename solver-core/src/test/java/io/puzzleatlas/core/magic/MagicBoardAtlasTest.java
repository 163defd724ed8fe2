package io.puzzleatlas.core.magic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.table.SpaceNeighbourRanker;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MagicBoardAtlasTest {
    private static final MagicBoard BOARD = new MagicBoard();

    @Test
    void fromTheJudgesStart() {
        SpaceSummary s = MagicBoardAtlas.summary(MagicBoard.START);
        assertEquals(40_320, s.states());
        assertEquals(22, s.radius());
        assertEquals(s.countAtRadius(), s.deepest().length);
        Direct direct = direct(MagicBoard.START);
        assertArrayEquals(direct.histogram, s.histogram());
        assertArrayEquals(direct.deepest, s.deepest());
    }

    @Test
    void fromRandomStartsEqualsAForwardSearchFromThatStart() {
        SplittableRandom random = new SplittableRandom(1151);
        for (int i = 0; i < 3; i++) {
            long start = Permutations.unrank(random.nextLong(MagicBoard.STATES), MagicBoard.CELLS);
            SpaceSummary s = MagicBoardAtlas.summary(start);
            Direct direct = direct(start);
            assertArrayEquals(direct.histogram, s.histogram(), BOARD.format(start));
            assertArrayEquals(direct.deepest, s.deepest(), BOARD.format(start));
        }
    }

    @Test
    void deepestTargetsNeedTheRadiusFromTheStart() {
        long start = BOARD.parse("3 4 7 8 6 5 2 1");
        MagicBoardSolver solver = new MagicBoardSolver();
        SpaceSummary s = MagicBoardAtlas.summary(start);
        for (long target : s.deepest()) {
            assertEquals(
                    s.radius(), solver.solve(start, target, Budget.UNLIMITED).length());
        }
    }

    @Test
    void twoBitSearchOverAnyRankedSpaceAgrees() {
        MagicBoardSpace space = new MagicBoardSpace();
        TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                space.size(), space.rank(space.goal()), t -> new SpaceNeighbourRanker(space, true), 2);
        SpaceSummary s = MagicBoardAtlas.summary(MagicBoard.IDENTITY);
        assertArrayEquals(s.histogram(), r.histogram());
        long[] boards =
                Arrays.stream(r.deepestRanks()).map(space::unrank).sorted().toArray();
        assertArrayEquals(s.deepest(), boards);
    }

    record Direct(long[] histogram, long[] deepest) {}

    /** Plain forward breadth-first search from {@code start} over boards as map keys. */
    static Direct direct(long start) {
        Map<Long, Integer> dist = new HashMap<>();
        ArrayDeque<Long> queue = new ArrayDeque<>();
        dist.put(start, 0);
        queue.add(start);
        while (!queue.isEmpty()) {
            long b = queue.poll();
            for (int m = 0; m < 3; m++) {
                long n = BOARD.applyMove(b, m);
                if (!dist.containsKey(n)) {
                    dist.put(n, dist.get(b) + 1);
                    queue.add(n);
                }
            }
        }
        int radius = dist.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        long[] h = new long[radius + 1];
        dist.values().forEach(d -> h[d]++);
        long[] deepest = dist.entrySet().stream()
                .filter(e -> e.getValue() == radius)
                .mapToLong(Map.Entry::getKey)
                .sorted()
                .toArray();
        return new Direct(h, Arrays.copyOf(deepest, deepest.length));
    }
}
