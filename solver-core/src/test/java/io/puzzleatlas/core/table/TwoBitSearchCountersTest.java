package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.sliding.SlidingNeighbourRanker;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The counters a two-bit search keeps ({@link TwoBitBreadthFirstSearch#lastCounters}) count what the run did. */
class TwoBitSearchCountersTest {

    /**
     * The 8-puzzle's 181,440 states (one chunk) ranked neighbour by neighbour: one chunk handed out and scanned per
     * level expanded (31 levels found, the 32nd expansion finds nothing), a serial time per level; every new state but
     * the goal marked by compare-and-set on two threads, none on one (plain stores); no block moves.
     */
    @ParameterizedTest(name = "{0} threads")
    @ValueSource(ints = {1, 2})
    void countersCountTheRun(int threads) {
        SlidingPuzzle p = new SlidingPuzzle(3, 3);
        long goal = p.canonicalGoal(8);
        long size = new SlidingNeighbourRanker(p, goal).size();
        TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                size,
                p.rank(goal, goal),
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
                threads);
        TwoBitBreadthFirstSearch.Counters c = TwoBitBreadthFirstSearch.lastCounters();
        assertEquals(181_440, r.reached());
        assertEquals(32, r.histogram().length);
        assertEquals(threads, c.threads());
        assertEquals(32, c.chunksHandedOut());
        assertEquals(32, c.chunksScanned());
        assertEquals(32, c.serialNanosPerLevel().length);
        assertTrue(
                Arrays.stream(c.serialNanosPerLevel()).allMatch(n -> n >= 0), Arrays.toString(c.serialNanosPerLevel()));
        assertEquals(0, c.blockWords());
        if (threads == 1) {
            assertEquals(0, c.casMarks());
            assertEquals(0, c.casRetries());
        } else {
            // each state but the goal is marked once, and more candidates read unseen may be marked by another
            assertTrue(c.casMarks() >= r.reached() - 1, c.toString());
            assertTrue(c.casRetries() <= c.casMarks(), c.toString());
        }
        assertTrue(c.parallelNanos() > 0, c.toString());
    }
}
