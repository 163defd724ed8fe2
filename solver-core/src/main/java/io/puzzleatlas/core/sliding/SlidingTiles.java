package io.puzzleatlas.core.sliding;

import io.puzzleatlas.core.puzzle.BoardText;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.WideBoards;
import java.util.SplittableRandom;

/**
 * Sliding boards of any size up to 25 cells as tile arrays: {@code tiles[cell]} is the tile on the cell (0 = the
 * blank). The form a board takes where it does not fit a {@code long}: parsed and validated from text, checked for
 * reachability by the same parity rule as {@link SlidingPuzzle#invariant}, drawn at random, relabelled to its goal
 * class, and handed to the IDA* kernel ({@link PdbIdaStar}), which moves tiles in the array in place.
 */
public final class SlidingTiles {
    private SlidingTiles() {}

    /**
     * Parses and validates {@code tokens} as a board of {@code puzzle} (same rules and messages as
     * {@link SlidingPuzzle#parse}).
     */
    public static byte[] parse(SlidingPuzzle puzzle, String[] tokens) {
        int cells = puzzle.cellCount();
        if (tokens.length != cells) {
            throw new InvalidBoardException(
                    "expected " + cells + " tokens for " + puzzle.name() + ", got " + tokens.length);
        }
        byte[] tiles = new byte[cells];
        int seen = 0;
        for (int i = 0; i < cells; i++) {
            String t = tokens[i];
            int v;
            if (t.equals("x") || t.equals("X")) {
                v = 0;
            } else {
                v = BoardText.parseSmallInt(t, i);
                if (v < 0 || v >= cells) {
                    throw new InvalidBoardException("token " + (i + 1) + " '" + t + "' is out of range 0.."
                            + (cells - 1) + " (or x for the blank)");
                }
            }
            if ((seen & (1 << v)) != 0) {
                throw new InvalidBoardException(
                        (v == 0 ? "the blank" : "tile " + v) + " appears twice (token " + (i + 1) + ")");
            }
            seen |= 1 << v;
            tiles[i] = (byte) v;
        }
        return tiles;
    }

    /** Parses a board's text (tokens separated by whitespace). */
    public static byte[] parse(SlidingPuzzle puzzle, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidBoardException("empty board text");
        }
        return parse(puzzle, text.trim().split("\\s+"));
    }

    /** The board's text form: tiles separated by single spaces, the blank written 0. */
    public static String format(byte[] tiles) {
        StringBuilder sb = new StringBuilder(tiles.length * 3);
        for (int i = 0; i < tiles.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(tiles[i]);
        }
        return sb.toString();
    }

    /** The tile array of a packed board of at most 16 cells. */
    public static byte[] of(long board, int cells) {
        byte[] tiles = new byte[cells];
        for (int c = 0; c < cells; c++) {
            tiles[c] = (byte) ((board >>> (c << 2)) & 0xF);
        }
        return tiles;
    }

    /** The canonical goal of the goal class of {@code goalBlank}: tiles in order, the blank on that cell. */
    public static byte[] canonicalGoal(int cells, int goalBlank) {
        byte[] tiles = new byte[cells];
        for (int c = 0; c < cells; c++) {
            tiles[c] = (byte) SlidingPuzzle.goalTile(c, goalBlank);
        }
        return tiles;
    }

    /** The blank's cell. */
    public static int blankCell(byte[] tiles) {
        for (int c = 0; c < tiles.length; c++) {
            if (tiles[c] == 0) {
                return c;
            }
        }
        throw new IllegalArgumentException("no blank on the board");
    }

    /**
     * {@code parity(row-major tile sequence) + (C-1) * row(blank)} mod 2, as {@link SlidingPuzzle#invariant}: equal
     * exactly for mutually reachable boards.
     */
    public static int invariant(byte[] tiles, int cols) {
        int inversions = 0;
        for (int i = 0; i < tiles.length; i++) {
            if (tiles[i] == 0) {
                continue;
            }
            for (int j = i + 1; j < tiles.length; j++) {
                if (tiles[j] != 0 && tiles[j] < tiles[i]) {
                    inversions++;
                }
            }
        }
        return SlidingPuzzle.invariant(inversions & 1, blankCell(tiles), cols);
    }

    /** {@code start} relabelled so that {@code goal} becomes the canonical goal of its blank cell. */
    public static byte[] relabel(byte[] start, byte[] goal) {
        int goalBlank = blankCell(goal);
        byte[] map = new byte[goal.length];
        for (int c = 0; c < goal.length; c++) {
            map[goal[c]] = (byte) SlidingPuzzle.goalTile(c, goalBlank);
        }
        byte[] out = new byte[start.length];
        for (int c = 0; c < start.length; c++) {
            out[c] = map[start[c]];
        }
        return out;
    }

    /** Slides the blank by {@code move} in place; false (board unchanged) at the edge. */
    static boolean apply(SlidingPuzzle puzzle, byte[] tiles, int move) {
        int blank = blankCell(tiles);
        int target = puzzle.neighbour(blank, move);
        if (target < 0) {
            return false;
        }
        tiles[blank] = tiles[target];
        tiles[target] = 0;
        return true;
    }

    /** The text-level operations of {@link SlidingPuzzle#wide()}. */
    static final class Boards implements WideBoards {
        private final SlidingPuzzle puzzle;

        Boards(SlidingPuzzle puzzle) {
            this.puzzle = puzzle;
        }

        @Override
        public String canonical(String text) {
            return format(parse(puzzle, text));
        }

        @Override
        public String defaultGoal() {
            return format(canonicalGoal(puzzle.cellCount(), puzzle.cellCount() - 1));
        }

        @Override
        public boolean reachable(String start, String goal) {
            return invariant(parse(puzzle, start), puzzle.cols()) == invariant(parse(puzzle, goal), puzzle.cols());
        }

        /**
         * A uniform permutation (Fisher-Yates); the wrong parity class is mapped onto the right one by swapping two
         * tiles.
         */
        @Override
        public String random(String goal, SplittableRandom random) {
            int wanted = invariant(parse(puzzle, goal), puzzle.cols());
            int n = puzzle.cellCount();
            byte[] tiles = new byte[n];
            for (int i = 0; i < n; i++) {
                tiles[i] = (byte) i;
            }
            for (int i = n - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                byte t = tiles[i];
                tiles[i] = tiles[j];
                tiles[j] = t;
            }
            if (invariant(tiles, puzzle.cols()) != wanted) {
                int a = tiles[0] == 0 ? 1 : 0;
                int b = tiles[a + 1] == 0 ? a + 2 : a + 1;
                byte t = tiles[a];
                tiles[a] = tiles[b];
                tiles[b] = t;
            }
            return format(tiles);
        }

        @Override
        public String scramble(String from, int steps, SplittableRandom random) {
            byte[] tiles = parse(puzzle, from);
            for (int s = 0; s < steps; s++) {
                while (!apply(puzzle, tiles, random.nextInt(4))) {
                    // an edge: draw again, as the packed scramble does
                }
            }
            return format(tiles);
        }

        @Override
        public String replay(String start, CharSequence moves) {
            byte[] tiles = parse(puzzle, start);
            for (int i = 0; i < moves.length(); i++) {
                int m = SlidingPuzzle.LETTERS.indexOf(moves.charAt(i));
                if (m < 0 || !apply(puzzle, tiles, m)) {
                    return null;
                }
            }
            return format(tiles);
        }
    }
}
