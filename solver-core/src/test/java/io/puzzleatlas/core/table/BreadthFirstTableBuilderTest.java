package io.puzzleatlas.core.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.puzzleatlas.core.magic.MagicBoard;
import io.puzzleatlas.core.magic.MagicBoardSpace;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.rotation.RotationAbstractSpace;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.search.ForwardBfs;
import io.puzzleatlas.core.sliding.SlidingGoalSpace;
import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Published counts (OEIS A089473 for the 3x3) and agreement with a hash-map search and a plain queue search. */
@Tag("slow")
class BreadthFirstTableBuilderTest {

    /**
     * Every kind's table, on one thread and on two (compare-and-set marking), holds the depth a plain queue search
     * gives every rank; the spaces' own predecessor rankers (sliding: ranks updated in place; rotation: Gosper steps)
     * are the ones used.
     */
    @ParameterizedTest
    @CsvSource({
        "sliding-2x4, 1",
        "eight-puzzle, 1",
        "eight-puzzle, 2",
        "magic-board, 1",
        "rotation-game, 1",
        "rotation-game, 2",
        "pocket-cube, 2",
        "pocket-cube-qtm, 1"
    })
    void everyKindsTableEqualsAPlainQueueSearch(String name, int threads) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        RankedSpace space = PuzzleRegistry.kind(puzzle).space(puzzle, puzzle.defaultGoal());
        int[] expected = ReferenceBfs.depths(space, false);
        DistanceTable t = BreadthFirstTableBuilder.build(
                space.size(), space.rank(space.goal()), i -> space.predecessors(), threads);
        assertArrayEquals(ReferenceBfs.histogram(expected), t.histogram());
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r], t.get(r), name + " rank " + r);
        }
    }

    /**
     * A forward search (successors) of the magic board, which is directed, differs from the backward one and is right.
     */
    @Test
    void forwardSearchOfADirectedSpace() {
        MagicBoardSpace space = new MagicBoardSpace();
        int[] expected = ReferenceBfs.depths(space, true);
        DistanceTable t = BreadthFirstTableBuilder.build(
                space.size(), space.rank(space.goal()), i -> new SpaceNeighbourRanker(space, true), 1);
        for (int r = 0; r < expected.length; r++) {
            assertEquals(expected[r], t.get(r), "rank " + r);
        }
        int[] backward = ReferenceBfs.depths(space, false);
        assertNotEquals(Arrays.toString(backward), Arrays.toString(expected));
    }

    /** Gosper steps and fresh unranks give the rotation abstraction's generic neighbours, in any order of ranks. */
    @Test
    void rotationStepsAgreeWithUnranking() {
        RotationAbstractSpace space = new RotationAbstractSpace();
        NeighbourRanker stepping = space.predecessors();
        NeighbourRanker generic = new SpaceNeighbourRanker(space, false);
        long[] a = new long[stepping.maxNeighbours()];
        long[] b = new long[generic.maxNeighbours()];
        SplittableRandom random = new SplittableRandom(5);
        for (long r = 0; r < space.size(); r += 1 + random.nextInt(random.nextBoolean() ? 3 : 40)) {
            int n = stepping.neighbours(r, a);
            assertEquals(generic.neighbours(r, b), n);
            assertArrayEquals(Arrays.copyOf(b, n), Arrays.copyOf(a, n), "rank " + r);
        }
        for (int i = 0; i < 10_000; i++) {
            long r = random.nextLong(space.size());
            int n = stepping.neighbours(r, a);
            generic.neighbours(r, b);
            assertArrayEquals(Arrays.copyOf(b, n), Arrays.copyOf(a, n), "rank " + r);
        }
    }

    @Test
    void eightPuzzleHistogramIsThePublishedOne() {
        DistanceTable t = BreadthFirstTableBuilder.build(SlidingGoalSpace.canonical(new SlidingPuzzle(3, 3), 8));
        long[] a089473 = {
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993,
            17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2
        };
        assertArrayEquals(a089473, t.histogram());
        assertEquals(181_440, t.reached());
        assertEquals(31, t.radius());
    }

    @ParameterizedTest
    @CsvSource({"2,2,12,6", "2,3,360,21", "2,4,20160,36", "2,5,1814400,55", "3,3,181440,31"})
    void radiusAndSizeOfSlidingSpaces(int rows, int cols, long states, int radius) {
        SlidingPuzzle p = new SlidingPuzzle(rows, cols);
        DistanceTable t = BreadthFirstTableBuilder.build(SlidingGoalSpace.canonical(p, rows * cols - 1));
        assertEquals(states, t.reached());
        assertEquals(states, t.size());
        assertEquals(radius, t.radius());
    }

    @Test
    void twoByFiveHasTwoDeepestStatesAndCentreBlankEightPuzzleHasRadiusThirty() {
        assertEquals(
                2,
                BreadthFirstTableBuilder.build(SlidingGoalSpace.canonical(new SlidingPuzzle(2, 5), 9))
                        .histogram()[55]);
        DistanceTable centre = BreadthFirstTableBuilder.build(SlidingGoalSpace.canonical(new SlidingPuzzle(3, 3), 4));
        assertEquals(30, centre.radius());
        assertEquals(148, centre.histogram()[30]);
    }

    @Test
    void tableEqualsAnIndependentHashMapSearchOnTheTwoByFour() {
        SlidingPuzzle p = new SlidingPuzzle(2, 4);
        SlidingGoalSpace space = SlidingGoalSpace.canonical(p, 3);
        DistanceTable t = BreadthFirstTableBuilder.build(space);
        Map<Long, Integer> expected = ForwardBfs.distances(p, space.goal());
        assertEquals(expected.size(), t.reached());
        expected.forEach((board, d) -> assertEquals(d, t.get(space.rank(board))));
    }

    @Test
    void magicBoardTableCoversAllBoards() {
        MagicBoardSpace space = new MagicBoardSpace();
        DistanceTable t = BreadthFirstTableBuilder.build(space);
        assertEquals(40_320, t.reached());
        // distance to the identity, measured backwards, equals forward distance from each board
        MagicBoard mb = new MagicBoard();
        Map<Long, Integer> fromStart = ForwardBfs.distances(mb, MagicBoard.START);
        long relabelledStart = MagicBoard.relabelToIdentity(MagicBoard.START, MagicBoard.START);
        assertEquals(0, t.get(space.rank(relabelledStart)));
        assertEquals(
                fromStart.values().stream().mapToInt(Integer::intValue).max().orElseThrow(), t.radius());
    }

    @Test
    void rotationAbstractionReachesEveryMask() {
        DistanceTable t = BreadthFirstTableBuilder.build(new RotationAbstractSpace());
        assertEquals(RotationGame.ABSTRACT_STATES, t.reached());
    }
}
