package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.puzzle.BoardText;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import java.util.List;

/**
 * The pocket cube (2x2x2), its D-B-L corner fixed. Text form: 24 sticker letters from {@code URFDLB}, faces in the
 * order U R F D L B, each face's four stickers in reading order as the face is seen from outside (whitespace between
 * letters is ignored); solved is {@code UUUURRRRFFFFDDDDLLLLBBBB}. Two metrics: {@code pocket-cube} (half turns: U U2
 * U' R R2 R' F F2 F') and {@code pocket-cube-qtm} (quarter turns: U U' R R' F F'), moves listed in tie-break order. A
 * twisted corner (twists not summing to 0 mod 3) parses but is unreachable.
 */
public final class PocketCube implements Puzzle {
    static final String FACES = "URFDLB";
    /**
     * The three sticker positions (face * 4 + reading position) of each corner position, U or D sticker first, then
     * clockwise: URF = U4 R1 F2, UFL = U3 F1 L2, ULB = U1 L1 B2, UBR = U2 B1 R2, DFR = D2 F4 R3, DLF = D1 L4 F3, DBL =
     * D3 B4 L3, DRB = D4 R4 B3.
     */
    static final int[][] STICKERS = {
        {3, 4, 9}, {2, 8, 17}, {0, 16, 21}, {1, 20, 5}, {13, 11, 6}, {12, 19, 10}, {14, 23, 18}, {15, 7, 22},
    };

    static final String[] CORNER_NAMES = {"URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"};
    private static final List<String> HALF_TURNS = List.of("U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'");
    private static final List<String> QUARTER_TURNS = List.of("U", "U'", "R", "R'", "F", "F'");

    private final boolean quarterTurns;
    /** The cubie state of each move, by move number. */
    private final long[] moves;
    /** The move number of each move's inverse. */
    private final int[] inverse;

    public PocketCube(boolean quarterTurns) {
        this.quarterTurns = quarterTurns;
        long[] faces = {Cubies.U, Cubies.R, Cubies.F};
        int[] powers = quarterTurns ? new int[] {1, 3} : new int[] {1, 2, 3};
        this.moves = new long[faces.length * powers.length];
        this.inverse = new int[moves.length];
        for (int f = 0; f < faces.length; f++) {
            for (int p = 0; p < powers.length; p++) {
                moves[f * powers.length + p] = Cubies.power(faces[f], powers[p]);
                inverse[f * powers.length + p] = f * powers.length + (powers.length - 1 - p);
            }
        }
    }

    @Override
    public String name() {
        return quarterTurns ? "pocket-cube-qtm" : "pocket-cube";
    }

    @Override
    public int cellCount() {
        return 24;
    }

    @Override
    public List<String> moveNames() {
        return quarterTurns ? QUARTER_TURNS : HALF_TURNS;
    }

    /** The cubie state of move {@code m}. */
    long move(int m) {
        return moves[m];
    }

    /** The move that undoes move {@code m}. */
    int inverse(int m) {
        return inverse[m];
    }

    @Override
    public boolean tokenPerCell() {
        return false;
    }

    @Override
    public long parse(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidBoardException("empty cube");
        }
        StringBuilder letters = new StringBuilder(24);
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                letters.append(text.charAt(i));
            }
        }
        return parseLetters(letters.toString());
    }

    @Override
    public long parse(String[] tokens) {
        return parse(String.join("", tokens));
    }

    private static String position(int sticker) {
        return "" + FACES.charAt(sticker / 4) + (sticker % 4 + 1);
    }

    private long parseLetters(String s) {
        if (s.length() != 24) {
            throw new InvalidBoardException("expected 24 sticker letters, got " + s.length());
        }
        int[] counts = new int[6];
        int[] colour = new int[24];
        for (int i = 0; i < 24; i++) {
            int c = FACES.indexOf(s.charAt(i));
            if (c < 0) {
                throw new InvalidBoardException("sticker " + position(i) + " '"
                        + BoardText.abbreviate(s.substring(i, i + 1)) + "' is not one of U R F D L B");
            }
            colour[i] = c;
            counts[c]++;
        }
        for (int c = 0; c < 6; c++) {
            if (counts[c] != 4) {
                throw new InvalidBoardException(
                        "colour " + FACES.charAt(c) + " appears " + counts[c] + " times, not 4");
            }
        }
        int[] cp = new int[8];
        int[] co = new int[8];
        int[] foundAt = {-1, -1, -1, -1, -1, -1, -1, -1};
        for (int i = 0; i < 8; i++) {
            int[] at = STICKERS[i];
            String where = position(at[0]) + " " + position(at[1]) + " " + position(at[2]);
            String seen = "" + FACES.charAt(colour[at[0]]) + FACES.charAt(colour[at[1]]) + FACES.charAt(colour[at[2]]);
            int ori = -1;
            for (int k = 0; k < 3; k++) {
                int c = colour[at[k]];
                if (c == 0 || c == 3) { // U or D
                    if (ori >= 0) {
                        ori = -2;
                        break;
                    }
                    ori = k;
                }
            }
            int corner = ori < 0 ? -1 : cornerOf(colour[at[ori]], colour[at[(ori + 1) % 3]], colour[at[(ori + 2) % 3]]);
            if (corner < 0) {
                throw new InvalidBoardException("stickers " + where + " (" + seen + ") are no corner of the cube");
            }
            if (foundAt[corner] >= 0) {
                throw new InvalidBoardException("corner " + CORNER_NAMES[corner] + " appears twice (at "
                        + CORNER_NAMES[foundAt[corner]] + " and " + CORNER_NAMES[i] + ")");
            }
            foundAt[corner] = i;
            cp[i] = corner;
            co[i] = ori;
        }
        if (cp[Cubies.DBL] != Cubies.DBL || co[Cubies.DBL] != 0) {
            throw new InvalidBoardException(
                    "the D-B-L corner must stay at D3 B4 L3 with D down (it never moves); found "
                            + CORNER_NAMES[cp[Cubies.DBL]] + (cp[Cubies.DBL] == Cubies.DBL ? " twisted" : ""));
        }
        return Cubies.pack(cp, co);
    }

    /** The corner whose stickers, U/D first and clockwise, have these colours; -1 if none. */
    private static int cornerOf(int first, int second, int third) {
        for (int j = 0; j < 8; j++) {
            int[] home = STICKERS[j];
            if (home[0] / 4 == first && home[1] / 4 == second && home[2] / 4 == third) {
                return j;
            }
        }
        return -1;
    }

    @Override
    public String format(long board) {
        char[] text = new char[24];
        for (int i = 0; i < 8; i++) {
            int corner = Cubies.cp(board, i);
            int ori = Cubies.co(board, i);
            for (int k = 0; k < 3; k++) {
                text[STICKERS[i][(k + ori) % 3]] = FACES.charAt(STICKERS[corner][k] / 4);
            }
        }
        return new String(text);
    }

    @Override
    public long applyMove(long board, int move) {
        return Cubies.multiply(board, moves[move]);
    }

    @Override
    public boolean hasGoalBoard() {
        return true;
    }

    @Override
    public long defaultGoal() {
        return Cubies.SOLVED;
    }

    @Override
    public boolean isGoal(long board, long goal) {
        return board == goal;
    }

    /** Every untwisted cube reaches every other (the D-B-L corner home in both). */
    @Override
    public boolean reachable(long start, long goal) {
        return Cubies.twist(start) == 0 && Cubies.twist(goal) == 0;
    }

    @Override
    public long boardCount() {
        return Cubies.STATES;
    }

    /** The cube of coordinate {@code index} (the same for every reference: all cubes reach each other). */
    @Override
    public long board(long index, long reference) {
        return Cubies.state((int) index);
    }

    @Override
    public long rank(long board, long reference) {
        return Cubies.coordinate(board);
    }
}
