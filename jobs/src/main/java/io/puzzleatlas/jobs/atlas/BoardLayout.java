package io.puzzleatlas.jobs.atlas;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.Puzzles;
import io.puzzleatlas.core.puzzle.SlidingPuzzle;

/**
 * Where a puzzle's cells lie on a grid, for drawing boards: {@code cellAt[row * cols + col]} is
 * the cell index shown there, or -1 for a gap (the rotation game's '#' leaves the corners empty).
 */
public record BoardLayout(int rows, int cols, int[] cellAt) {
    private static final String ROTATION = """
            ..0.1..
            ..2.3..
            4567890
            ..1.2..
            3456789
            ..0.1..
            ..2.3..""";

    /** The layout of a puzzle by its command-line name. */
    public static BoardLayout of(String puzzleName) {
        Puzzle p = Puzzles.byName(puzzleName);
        if (p instanceof SlidingPuzzle s) {
            return grid(s.rows(), s.cols());
        }
        if (p.name().equals("magic-board")) {
            return grid(2, 4);
        }
        String[] lines = ROTATION.split("\n");
        int[] at = new int[49];
        int cell = 0;
        for (int r = 0; r < 7; r++) {
            for (int c = 0; c < 7; c++) {
                at[r * 7 + c] = lines[r].charAt(c) == '.' ? -1 : cell++;
            }
        }
        return new BoardLayout(7, 7, at);
    }

    private static BoardLayout grid(int rows, int cols) {
        int[] at = new int[rows * cols];
        for (int i = 0; i < at.length; i++) {
            at[i] = i;
        }
        return new BoardLayout(rows, cols, at);
    }

    public int cell(int row, int col) {
        return cellAt[row * cols + col];
    }
}
