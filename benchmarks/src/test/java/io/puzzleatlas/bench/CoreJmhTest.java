package io.puzzleatlas.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Each JMH benchmark, called once outside JMH, measures what it says it measures. */
class CoreJmhTest {
    private final CoreJmh bench = new CoreJmh();

    @ParameterizedTest
    @CsvSource({
        "eight-puzzle, 181440",
        "magic-board, 40320",
        "rotation-game, 735471",
        "pocket-cube, 3674160",
        "pocket-cube-qtm, 3674160"
    })
    void tableBuildReachesTheWholeSpace(String puzzle, long states) {
        CoreJmh.Tables t = new CoreJmh.Tables();
        t.puzzle = puzzle;
        t.setUp();
        assertEquals(states, bench.tableBuild(t));
    }

    @ParameterizedTest
    @ValueSource(strings = {"eight-puzzle", "magic-board", "rotation-game", "pocket-cube"})
    void descentSolvesEveryBoard(String puzzle) {
        CoreJmh.Descent d = new CoreJmh.Descent();
        d.puzzle = puzzle;
        d.setUp();
        long total = bench.descent(d);
        // random boards are at depth 1 or more on average: every solve returned a length
        assertTrue(total > CoreJmh.Descent.BOARDS, puzzle + " total length " + total);
    }

    @Test
    void idaStarCountsTheNodesOfItsThreeBoards() {
        for (boolean lc : new boolean[] {false, true}) {
            CoreJmh.Fifteen f = new CoreJmh.Fifteen();
            f.linearConflict = lc;
            f.setUp();
            CoreJmh.Nodes n = new CoreJmh.Nodes();
            long nodes = bench.idaStar(f, n);
            assertEquals(nodes, n.nodes);
            // the node counts the docs quote for these three boards (seed 2024)
            assertEquals(lc ? 2_396_392 : 19_263_676, nodes);
        }
    }
}
