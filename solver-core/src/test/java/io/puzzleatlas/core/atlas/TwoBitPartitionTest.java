package io.puzzleatlas.core.atlas;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.puzzleatlas.core.puzzle.SlidingPuzzle;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The partitioned steps, run the way a Spark job would (owners, routed ranks), equal the in-core search. */
class TwoBitPartitionTest {
    @ParameterizedTest(name = "{0}x{1} blank {2} in {3} partitions")
    @CsvSource({"2, 4, 7, 5", "3, 3, 4, 7", "3, 3, 0, 1", "2, 3, 1, 3"})
    void partitionedSearchEqualsInCoreSearch(int rows, int cols, int blank, int partitions) {
        SlidingNeighbourRanker ranker = new SlidingNeighbourRanker(rows, cols, blank);
        SlidingPuzzle puzzle = new SlidingPuzzle(rows, cols);
        long goal = puzzle.canonicalGoal(blank);
        long goalRank = puzzle.rank(goal, goal);
        long size = ranker.size();
        int wordsPer = (int) ((size + 32L * partitions - 1) / (32L * partitions));
        long[][] slices = new long[partitions][];
        for (int p = 0; p < partitions; p++) {
            slices[p] = TwoBitPartition.start(32L * wordsPer * p, wordsPer, goalRank);
        }
        long[] histogram = new long[256];
        histogram[0] = 1;
        long[] lastFrontier = {goalRank};
        int level = 0;
        while (true) {
            LongList[] inbox = new LongList[partitions];
            Arrays.setAll(inbox, i -> new LongList());
            for (int p = 0; p < partitions; p++) {
                for (long r : TwoBitPartition.expand(slices[p], 32L * wordsPer * p, level, ranker)) {
                    inbox[(int) (r / (32L * wordsPer))].add(r);
                }
            }
            long added = 0;
            for (int p = 0; p < partitions; p++) {
                long[] block = Arrays.stream(inbox[p].toArray()).sorted().distinct().toArray();
                added += TwoBitPartition.absorb(slices[p], 32L * wordsPer * p, level, block);
            }
            if (added == 0) {
                break;
            }
            level++;
            histogram[level] = added;
            lastFrontier = new long[0];
            for (int p = 0; p < partitions; p++) {
                long[] f = TwoBitPartition.frontier(slices[p], 32L * wordsPer * p, level);
                long[] merged = Arrays.copyOf(lastFrontier, lastFrontier.length + f.length);
                System.arraycopy(f, 0, merged, lastFrontier.length, f.length);
                lastFrontier = merged;
            }
        }
        TwoBitBreadthFirstSearch.Result expected = TwoBitBreadthFirstSearch.run(size, goalRank, t -> ranker, 1);
        assertArrayEquals(expected.histogram(), Arrays.copyOf(histogram, level + 1));
        assertArrayEquals(expected.deepestRanks(), lastFrontier);
    }
}
