package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.puzzle.BoardText;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import java.util.List;

/**
 * The rotation game of UVa 1063: 24 cells on a '#'-shaped board, eight each of 1, 2 and 3. A board packs cell
 * {@code i}'s value in bits {@code 2i..2i+1}. Moves A..H pull one line of seven cells one step; the goal is the eight
 * centre cells all equal.
 *
 * <p>For search, a colour's cells form a 24-bit mask with eight bits (C(24,8) = 735,471 of them); moves act on masks
 * through three byte-indexed lookup tables each. {@link #rank} numbers the full space of 24!/(8!8!8!) boards: the rank
 * of the 1-mask, then of the 2-mask among the sixteen remaining cells.
 */
public final class RotationGame implements Puzzle {
    private static final List<String> MOVE_NAMES = List.of("A", "B", "C", "D", "E", "F", "G", "H");
    public static final int CELLS = 24;
    public static final int MOVES = 8;
    public static final long ABSTRACT_STATES = 735_471;
    public static final long STATES = 9_465_511_770L;
    private static final long REST_STATES = 12_870; // C(16, 8)
    /** The centre cells 6 7 8 11 12 15 16 17 as a mask. */
    public static final int CENTRE =
            (1 << 6) | (1 << 7) | (1 << 8) | (1 << 11) | (1 << 12) | (1 << 15) | (1 << 16) | (1 << 17);
    /** Inverse move of each move: A-F, B-E, C-H, D-G. */
    public static final int[] INVERSE = {5, 4, 7, 6, 1, 0, 3, 2};

    private static final int[][] LINES = {
        {0, 2, 6, 11, 15, 20, 22}, // A: left column, pulled up
        {1, 3, 8, 12, 17, 21, 23}, // B: right column, pulled up
        {10, 9, 8, 7, 6, 5, 4}, // C: upper row, pulled right
        {19, 18, 17, 16, 15, 14, 13}, // D: lower row, pulled right
        {23, 21, 17, 12, 8, 3, 1}, // E: right column, pulled down
        {22, 20, 15, 11, 6, 2, 0}, // F: left column, pulled down
        {13, 14, 15, 16, 17, 18, 19}, // G: lower row, pulled left
        {4, 5, 6, 7, 8, 9, 10}, // H: upper row, pulled left
    };
    /** SOURCE[m][c]: the cell whose value cell c takes under move m. */
    private static final int[][] SOURCE = new int[MOVES][CELLS];
    /** MASK_MOVE[m][chunk][byte]: where the bits of one byte of a mask go under move m. */
    private static final int[][][] MASK_MOVE = new int[MOVES][3][256];

    static {
        for (int m = 0; m < MOVES; m++) {
            for (int c = 0; c < CELLS; c++) {
                SOURCE[m][c] = c;
            }
            int[] line = LINES[m];
            for (int i = 0; i < 7; i++) {
                SOURCE[m][line[i]] = line[(i + 1) % 7];
            }
            int[] target = new int[CELLS];
            for (int c = 0; c < CELLS; c++) {
                target[SOURCE[m][c]] = c;
            }
            for (int chunk = 0; chunk < 3; chunk++) {
                for (int b = 0; b < 256; b++) {
                    int out = 0;
                    for (int bit = 0; bit < 8; bit++) {
                        if ((b & (1 << bit)) != 0) {
                            out |= 1 << target[chunk * 8 + bit];
                        }
                    }
                    MASK_MOVE[m][chunk][b] = out;
                }
            }
        }
    }

    /** A colour mask after move {@code m}. */
    public static int moveMask(int mask, int m) {
        int[][] t = MASK_MOVE[m];
        return t[0][mask & 0xFF] | t[1][(mask >>> 8) & 0xFF] | t[2][mask >>> 16];
    }

    /** The mask of the cells holding {@code colour}. */
    public static int colourMask(long board, int colour) {
        int mask = 0;
        for (int c = 0; c < CELLS; c++) {
            if (((board >>> (c << 1)) & 3) == colour) {
                mask |= 1 << c;
            }
        }
        return mask;
    }

    /** The value of cell {@code c}. */
    public static int cell(long board, int c) {
        return (int) (board >>> (c << 1)) & 3;
    }

    @Override
    public String name() {
        return "rotation-game";
    }

    @Override
    public int cellCount() {
        return CELLS;
    }

    @Override
    public List<String> moveNames() {
        return MOVE_NAMES;
    }

    @Override
    public long applyMove(long board, int move) {
        long out = 0;
        int[] source = SOURCE[move];
        for (int c = 0; c < CELLS; c++) {
            out |= ((board >>> (source[c] << 1)) & 3) << (c << 1);
        }
        return out;
    }

    @Override
    public long parse(String[] tokens) {
        if (tokens.length != CELLS) {
            throw new InvalidBoardException("expected 24 tokens for rotation-game, got " + tokens.length);
        }
        long board = 0;
        int[] count = new int[4];
        for (int i = 0; i < CELLS; i++) {
            int v = BoardText.parseSmallInt(tokens[i], i);
            if (v < 1 || v > 3) {
                throw new InvalidBoardException("token " + (i + 1) + " '" + tokens[i] + "' is out of range 1..3");
            }
            count[v]++;
            board |= (long) v << (i << 1);
        }
        for (int v = 1; v <= 3; v++) {
            if (count[v] != 8) {
                throw new InvalidBoardException("digit " + v + " appears " + count[v] + " times, expected 8");
            }
        }
        return board;
    }

    @Override
    public String format(long board) {
        StringBuilder sb = new StringBuilder(47);
        for (int i = 0; i < CELLS; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append((board >>> (i << 1)) & 3);
        }
        return sb.toString();
    }

    @Override
    public boolean hasGoalBoard() {
        return false;
    }

    @Override
    public long defaultGoal() {
        return -1;
    }

    @Override
    public boolean isGoal(long board, long goal) {
        int centre = cell(board, 6);
        return (colourMask(board, centre) & CENTRE) == CENTRE;
    }

    /** Every board can reach a goal (the abstraction's table reaches all 735,471 masks). */
    @Override
    public boolean reachable(long start, long goal) {
        return true;
    }

    @Override
    public long boardCount() {
        return STATES;
    }

    @Override
    public long board(long index, long reference) {
        int ones = (int) Combinations.unrank(index / REST_STATES, CELLS, 8);
        int twosAmongRest = (int) Combinations.unrank(index % REST_STATES, 16, 8);
        long board = 0;
        int k = 0;
        for (int c = 0; c < CELLS; c++) {
            int v;
            if ((ones & (1 << c)) != 0) {
                v = 1;
            } else {
                v = (twosAmongRest & (1 << k)) != 0 ? 2 : 3;
                k++;
            }
            board |= (long) v << (c << 1);
        }
        return board;
    }

    @Override
    public long rank(long board, long reference) {
        int ones = colourMask(board, 1);
        int twosAmongRest = 0;
        int k = 0;
        for (int c = 0; c < CELLS; c++) {
            if ((ones & (1 << c)) == 0) {
                if (cell(board, c) == 2) {
                    twosAmongRest |= 1 << k;
                }
                k++;
            }
        }
        return Combinations.rank24(ones) * REST_STATES
                + Combinations.rank24(twosAmongRest); // the abstraction's mask ranking
    }
}
