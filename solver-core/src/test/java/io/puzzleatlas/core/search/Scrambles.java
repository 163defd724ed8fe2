package io.puzzleatlas.core.search;

import io.puzzleatlas.core.sliding.SlidingPuzzle;
import java.util.SplittableRandom;

/** Random walks of the blank from a goal, never undoing the previous move. */
public final class Scrambles {
    private Scrambles() {}

    public static long scramble(SlidingPuzzle puzzle, long goal, int moves, SplittableRandom random) {
        long board = goal;
        int previous = -1;
        for (int i = 0; i < moves; ) {
            int m = random.nextInt(4);
            long next = puzzle.applyMove(board, m);
            if (next != -1 && (previous < 0 || m != SlidingPuzzle.opposite(previous))) {
                board = next;
                previous = m;
                i++;
            }
        }
        return board;
    }
}
