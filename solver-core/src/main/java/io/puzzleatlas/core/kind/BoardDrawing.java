package io.puzzleatlas.core.kind;

import java.util.Map;

/**
 * How to draw a board on a grid: {@code cellAt[row * cols + col]} is the index of the board's text token shown there,
 * or -1 for a gap. With {@code colours} (token to CSS colour) each cell is painted in its token's colour (colour
 * puzzles); without, tokens are written as tiles and a {@code blank} token as the empty square.
 */
public record BoardDrawing(int rows, int cols, int[] cellAt, Map<String, String> colours, String blank) {
    public BoardDrawing {
        if (cellAt.length != rows * cols) {
            throw new IllegalArgumentException("cellAt has " + cellAt.length + " cells for " + rows + "x" + cols);
        }
        cellAt = cellAt.clone();
        colours = Map.copyOf(colours);
    }

    /** A plain grid of tiles: token i at row i / cols, column i % cols. */
    public static BoardDrawing grid(int rows, int cols, String blank) {
        int[] at = new int[rows * cols];
        for (int i = 0; i < at.length; i++) {
            at[i] = i;
        }
        return new BoardDrawing(rows, cols, at, Map.of(), blank);
    }

    /**
     * A drawing from a picture: one string per row, a character per column, {@code .} for a gap and anything else for
     * the next token (in reading order).
     */
    public static BoardDrawing picture(Map<String, String> colours, String... rows) {
        int cols = rows[0].length();
        int[] at = new int[rows.length * cols];
        int token = 0;
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < cols; c++) {
                at[r * cols + c] = rows[r].charAt(c) == '.' ? -1 : token++;
            }
        }
        return new BoardDrawing(rows.length, cols, at, colours, null);
    }

    /**
     * The tokens of a board's text: its whitespace-separated words, or its characters when the text is one word and the
     * board has several cells (a sticker string such as a cube's).
     */
    public String[] tokens(String text) {
        String[] words = text.trim().split("\\s+");
        return words.length == 1 && text.trim().length() > 1 && cellCount() > 1
                ? text.trim().split("")
                : words;
    }

    /** Number of drawn cells. */
    public int cellCount() {
        int n = 0;
        for (int c : cellAt) {
            n += c >= 0 ? 1 : 0;
        }
        return n;
    }

    /** The token index at (row, col), or -1. */
    public int cell(int row, int col) {
        return cellAt[row * cols + col];
    }

    @Override
    public int[] cellAt() {
        return cellAt.clone();
    }
}
