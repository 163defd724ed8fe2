package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A search made of {@link TwoBitLevel} steps over several rank ranges, as the Spark engine runs it (expand each range's
 * frontier, route the neighbours to their owners, retire, mark), gives every state the depth of a plain queue search
 * ({@link ReferenceBfs}), taken as each level is the frontier.
 */
@Tag("slow")
class TwoBitLevelTest {

    @ParameterizedTest
    @CsvSource({
        "sliding-2x3, 1",
        "sliding-2x3, 5",
        "sliding-2x4, 3",
        "eight-puzzle, 4",
        "magic-board, 3",
        "rotation-game, 2",
        "pocket-cube, 7"
    })
    void rangesEqualAPlainQueueSearch(String name, int ranges) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        RankedSpace space = PuzzleRegistry.kind(puzzle).space(puzzle, puzzle.defaultGoal());
        int[] expected = ReferenceBfs.depths(space, false);
        long size = space.size();
        long[] lo = new long[ranges + 1];
        List<long[]> parts = new ArrayList<>();
        for (int p = 0; p <= ranges; p++) {
            lo[p] = size * p / ranges;
            if (p < ranges) {
                parts.add(new long[(int) TwoBitLevel.words(size * (p + 1) / ranges - lo[p])]);
            }
        }
        long goalRank = space.rank(space.goal());
        int owner = ownerOf(lo, goalRank);
        TwoBitWords.of(parts.get(owner)).set(goalRank - lo[owner], TwoBitLevel.frontierCode(0));
        int[] depth = new int[(int) size];
        Arrays.fill(depth, DistanceTable.UNREACHED);
        List<Long> histogram = new ArrayList<>(List.of(1L));
        NeighbourRanker ranker = new SpaceNeighbourRanker(space, false);
        long[] buffer = TwoBitLevel.buffer(ranker);
        for (int level = 0; ; level++) {
            LongStream.Builder found = LongStream.builder();
            long frontier = 0;
            for (int p = 0; p < ranges; p++) {
                int d = level;
                long[] words = parts.get(p);
                frontier += TwoBitLevel.expand(
                        TwoBitWords.of(words),
                        0,
                        words.length,
                        lo[p],
                        level,
                        ranker,
                        buffer,
                        r -> depth[(int) r] = d,
                        (ranks, n) -> {
                            for (int k = 0; k < n; k++) {
                                found.accept(ranks[k]);
                            }
                        },
                        null,
                        null,
                        true,
                        p % 2 == 1); // both ways of reading and retiring the words
            }
            assertEquals(histogram.get(level), frontier, "frontier of level " + level);
            TwoBitWords.Count count = new TwoBitWords.Count();
            int next = TwoBitLevel.nextCode(level);
            found.build().forEach(r -> {
                int o = ownerOf(lo, r);
                TwoBitWords.of(parts.get(o)).mark(r - lo[o], next, count);
            });
            long fresh = count.count();
            if (fresh == 0) {
                break;
            }
            histogram.add(fresh);
        }
        assertArrayEquals(
                ReferenceBfs.histogram(expected),
                histogram.stream().mapToLong(Long::longValue).toArray());
        assertArrayEquals(expected, depth, "every rank's depth");
        for (int p = 0; p < ranges; p++) { // every reached state ends expanded, every other unseen
            for (long r = lo[p]; r < lo[p + 1]; r++) {
                assertEquals(
                        depth[(int) r] == DistanceTable.UNREACHED ? TwoBitLevel.UNSEEN : TwoBitLevel.EXPANDED,
                        TwoBitWords.of(parts.get(p)).code(r - lo[p]));
            }
        }
    }

    private static int ownerOf(long[] lo, long rank) {
        int p = 0;
        while (p + 2 < lo.length && lo[p + 1] <= rank) {
            p++;
        }
        return p;
    }
}
