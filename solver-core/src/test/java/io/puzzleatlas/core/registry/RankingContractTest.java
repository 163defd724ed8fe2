package io.puzzleatlas.core.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every kind whose explored space is its puzzle's instance space ranks in one place: the space's rank r is the instance
 * id r of {@code generate --all} ({@link Puzzle#board}) for the same goal, and the space's rank of that state is r
 * again (the rotation game explores an abstraction, so it is not listed).
 */
class RankingContractTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sliding-2x2",
                "sliding-2x3",
                "eight-puzzle",
                "sliding-3x4",
                "fifteen-puzzle",
                "magic-board",
                "pocket-cube",
                "pocket-cube-qtm"
            })
    void spaceRanksAreInstanceIds(String name) {
        Puzzle puzzle = PuzzleRegistry.puzzle(name);
        PuzzleKind kind = PuzzleRegistry.kind(puzzle);
        SplittableRandom random = new SplittableRandom(name.hashCode());
        long otherGoal = puzzle.board(random.nextLong(puzzle.boardCount()), puzzle.defaultGoal());
        for (long goal : new long[] {puzzle.defaultGoal(), otherGoal}) {
            RankedSpace space = kind.space(puzzle, goal);
            assertEquals(puzzle.boardCount(), space.size(), name);
            for (int i = 0; i < 5_000; i++) {
                long r = i < Math.min(100, space.size()) ? i : random.nextLong(space.size());
                long state = space.unrank(r);
                assertEquals(puzzle.format(puzzle.board(r, goal)), kind.stateText(puzzle, state), name + " rank " + r);
                assertEquals(r, space.rank(state), name + " rank " + r);
                assertEquals(r, puzzle.rank(puzzle.board(r, goal), goal), name + " rank " + r);
            }
        }
    }
}
