package io.puzzleatlas.core.santa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GoalTest {
    @Test
    void anExactBoardIsReachedOnlyByItself() {
        Goal goal = Goal.exact(new short[] {0, 1, 2, 3});
        assertFalse(goal.isColouring());
        assertEquals(0, goal.mismatches(new short[] {0, 1, 2, 3}));
        assertTrue(goal.reached(new short[] {0, 1, 2, 3}));
        assertEquals(2, goal.mismatches(new short[] {1, 0, 2, 3}));
        assertFalse(goal.reached(new short[] {1, 0, 2, 3}));
    }

    @Test
    void aColouringIsReachedByEveryStateWithItsColours() {
        short[] target = {0, 0, 1, 1};
        Goal goal = Goal.exact(target);
        assertTrue(goal.isColouring());
        target[0] = 1;
        assertTrue(goal.reached(new short[] {0, 0, 1, 1}), "the goal keeps its own copy");
        assertEquals(4, goal.mismatches(new short[] {1, 1, 0, 0}));
    }

    @Test
    void wildcardsLetAtMostKStickersDiffer() {
        Goal two = Goal.of(new short[] {0, 1, 2, 3, 4}, 2);
        assertEquals(2, two.wildcards());
        assertTrue(two.reached(new short[] {1, 0, 2, 3, 4}));
        assertFalse(two.reached(new short[] {1, 2, 0, 3, 4}));
        assertEquals(3, two.mismatches(new short[] {1, 2, 0, 3, 4}));
        assertThrows(IllegalArgumentException.class, () -> Goal.of(new short[] {0}, -1));
    }
}
