package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.sliding.SlidingGoalSpace;
import io.puzzleatlas.core.sliding.SlidingNeighbourRanker;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("slow")
class TwoBitBreadthFirstSearchTest {

    /** Stopped after L levels, the snapshot resumed (on other threads) gives the whole search's result. */
    @ParameterizedTest(name = "{0}x{1} stopped after {2} levels")
    @CsvSource({"2, 4, 1", "2, 4, 17", "3, 3, 12", "3, 3, 30", "2, 5, 40"})
    void aResumedSearchEqualsAWholeOne(int rows, int cols, int stopAt) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        long goal = p.canonicalGoal(rows * cols - 1);
        SlidingNeighbourRanker ranker = new SlidingNeighbourRanker(p, goal);
        long goalRank = p.rank(goal, goal);
        TwoBitBreadthFirstSearch.Result whole =
                TwoBitBreadthFirstSearch.run(ranker.size(), goalRank, t -> new SlidingNeighbourRanker(p, goal), 2);
        List<long[]> levels = new ArrayList<>();
        TwoBitBreadthFirstSearch.Snapshot[] saved = new TwoBitBreadthFirstSearch.Snapshot[1];
        TwoBitBreadthFirstSearch.Observer observer = new TwoBitBreadthFirstSearch.Observer() {
            @Override
            public void level(int level, long count, long reached) {
                levels.add(new long[] {level, count, reached});
            }

            @Override
            public void between(TwoBitBreadthFirstSearch.Snapshot s) {
                // what a checkpoint keeps: copies, taken between two levels
                saved[0] = new TwoBitBreadthFirstSearch.Snapshot(
                        s.level(), s.histogram().clone(), s.words().clone());
            }
        };
        TwoBitBreadthFirstSearch.Result first = TwoBitBreadthFirstSearch.run(
                ranker.size(), goalRank, t -> new SlidingNeighbourRanker(p, goal), 2, null, stopAt, observer);
        assertFalse(first.complete());
        assertEquals(stopAt, saved[0].level());
        assertArrayEquals(Arrays.copyOf(whole.histogram(), stopAt + 1), first.histogram());
        assertEquals(stopAt + 1, levels.size());
        TwoBitBreadthFirstSearch.Result resumed = TwoBitBreadthFirstSearch.run(
                ranker.size(),
                goalRank,
                t -> new SlidingNeighbourRanker(p, goal),
                1,
                saved[0],
                Integer.MAX_VALUE,
                TwoBitBreadthFirstSearch.Observer.NONE);
        assertTrue(resumed.complete());
        assertArrayEquals(whole.histogram(), resumed.histogram());
        assertArrayEquals(whole.deepestRanks(), resumed.deepestRanks());
        assertEquals(ranker.size(), resumed.reached());
    }

    /**
     * Sideways moves marked a word at a time ({@link BlockMoves}) find what ranking every neighbour one by one finds:
     * the same histogram, deepest states and every level's frontier, on one thread and on two (atomic ORs beside other
     * threads' marks), with the same counts.
     */
    @ParameterizedTest(name = "{0}x{1} on {2} threads")
    @CsvSource({"3, 3, 1", "3, 3, 2", "2, 5, 2", "5, 2, 1", "3, 4, 2"})
    void blockMovesFindWhatRankingEveryNeighbourFinds(int rows, int cols, int threads) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        long goal = p.canonicalGoal(0);
        SlidingNeighbourRanker ranker = new SlidingNeighbourRanker(p, goal);
        assertTrue(ranker.blockMoves() != null, "9 cells and more have block moves");
        long goalRank = p.rank(goal, goal);
        int levels = rows * cols == 12 ? 30 : Integer.MAX_VALUE; // the 3x4's first 30 levels (9 M states)
        List<Queue<Long>> withBlocks = new ArrayList<>();
        List<Queue<Long>> oneByOne = new ArrayList<>();
        TwoBitBreadthFirstSearch.Result blocks = TwoBitBreadthFirstSearch.run(
                ranker.size(),
                goalRank,
                t -> new SlidingNeighbourRanker(p, goal),
                threads,
                null,
                levels,
                frontiers(withBlocks));
        TwoBitBreadthFirstSearch.Result plain = TwoBitBreadthFirstSearch.run(
                ranker.size(),
                goalRank,
                t -> {
                    SlidingNeighbourRanker all = new SlidingNeighbourRanker(p, goal);
                    return new NeighbourRanker() { // every neighbour ranked, no block moves
                        @Override
                        public int maxNeighbours() {
                            return all.maxNeighbours();
                        }

                        @Override
                        public int neighbours(long rank, long[] out, int at) {
                            return all.neighbours(rank, out, at);
                        }
                    };
                },
                threads,
                null,
                levels,
                frontiers(oneByOne));
        assertArrayEquals(plain.histogram(), blocks.histogram());
        assertArrayEquals(plain.deepestRanks(), blocks.deepestRanks());
        assertEquals(plain.complete(), blocks.complete());
        assertEquals(levels == Integer.MAX_VALUE, blocks.complete());
        assertEquals(oneByOne.size(), withBlocks.size());
        for (int d = 0; d < oneByOne.size(); d++) {
            assertArrayEquals(sorted(oneByOne.get(d)), sorted(withBlocks.get(d)), "level " + d);
        }
    }

    /** An observer that collects the frontier ranks of each of the first 13 levels into {@code into}. */
    private static TwoBitBreadthFirstSearch.Observer frontiers(List<Queue<Long>> into) {
        return new TwoBitBreadthFirstSearch.Observer() {
            @Override
            public TwoBitLevel.RankSink frontier(int level) {
                if (level > 12) {
                    return null;
                }
                Queue<Long> ranks = new ConcurrentLinkedQueue<>();
                into.add(ranks);
                return ranks::add;
            }
        };
    }

    private static long[] sorted(Queue<Long> ranks) {
        return ranks.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /**
     * The fast ranker keeps the blank cell and the high part of the last rank it read, and moves tiles on the Lehmer
     * digits alone: ranks in random order, in runs with small gaps, repeated, and across blank cells (other parities)
     * give the neighbours of unrank-move-rank, on spaces up to 14 cells.
     */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"3, 3", "3, 4", "2, 6", "2, 7", "4, 3"})
    void slidingRankerAgreesInAnyOrderOfRanks(int rows, int cols) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        Random random = new Random(rows * 131L + cols);
        long goal = p.canonicalGoal(rows * cols - 1);
        SlidingGoalSpace space = new SlidingGoalSpace(p, goal);
        SlidingNeighbourRanker fast = new SlidingNeighbourRanker(p, goal);
        SpaceNeighbourRanker generic = new SpaceNeighbourRanker(space, false);
        long half = space.size() / (rows * cols);
        for (int run = 0; run < 2000; run++) {
            long r = random.nextLong(space.size());
            int steps = 1 + random.nextInt(20);
            for (int i = 0; i < steps && r < space.size(); i++) {
                assertSameNeighbours(generic, fast, r, "rank " + r);
                // next: a small gap, the same rank, or the same tiles with the blank elsewhere
                int what = random.nextInt(8);
                r = what == 0
                        ? r
                        : what == 1
                                ? (r + half * (1 + random.nextInt(3))) % space.size()
                                : r + 1 + random.nextInt(what == 2 ? 5000 : 40);
            }
        }
    }

    /** The fast ranker gives the same neighbour ranks as unrank-move-rank, for goals of any class and parity. */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"2, 3", "3, 2", "2, 4", "3, 3", "4, 2"})
    void slidingRankerAgreesWithTheGenericOneForAnyGoal(int rows, int cols) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        Random random = new Random(rows * 31L + cols);
        for (int g = 0; g < 4; g++) {
            long goal = p.board(random.nextLong(p.boardCount()), p.canonicalGoal(random.nextInt(rows * cols)));
            SlidingGoalSpace space = new SlidingGoalSpace(p, goal);
            SlidingNeighbourRanker fast = new SlidingNeighbourRanker(p, goal);
            SpaceNeighbourRanker generic = new SpaceNeighbourRanker(space, false);
            assertEquals(space.size(), fast.size());
            for (long r = 0; r < space.size(); r++) {
                assertSameNeighbours(generic, fast, r, p.format(goal) + " rank " + r);
            }
            // and the search from the goal matches a plain queue search of the same space
            TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                    fast.size(), space.rank(goal), t -> new SlidingNeighbourRanker(p, goal), 2);
            assertArrayEquals(ReferenceBfs.histogram(ReferenceBfs.depths(space, false)), r.histogram());
        }
    }

    /** The two rankers give rank {@code r} the same neighbours, in any order. */
    private static void assertSameNeighbours(NeighbourRanker expected, NeighbourRanker actual, long r, String what) {
        long[] a = new long[expected.maxNeighbours()];
        long[] b = new long[actual.maxNeighbours()];
        long[] x = Arrays.copyOf(a, expected.neighbours(r, a));
        long[] y = Arrays.copyOf(b, actual.neighbours(r, b));
        Arrays.sort(x);
        Arrays.sort(y);
        assertArrayEquals(x, y, what);
    }
}
