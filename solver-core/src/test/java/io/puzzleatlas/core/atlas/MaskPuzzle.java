package io.puzzleatlas.core.atlas;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * A small rotation-game analogue for tests: n cells, moves given as cell permutations ({@code target[m][c]} = where
 * cell c's value goes), goal "one colour fills {@code goal}". Its one-colour abstraction is searched with the core's
 * table builder.
 */
record MaskPuzzle(int cells, int[][] target, long goal) implements RankedSpace {

    /** A mask after a move. */
    int apply(int mask, int m) {
        int out = 0;
        for (int c = 0; c < cells; c++) {
            if ((mask >>> c & 1) != 0) {
                out |= 1 << target[m][c];
            }
        }
        return out;
    }

    byte[] depthTable() {
        DistanceTable t = BreadthFirstTableBuilder.build(this);
        byte[] depth = new byte[(int) t.size()];
        for (int r = 0; r < depth.length; r++) {
            depth[r] = (byte) t.get(r);
        }
        return depth;
    }

    @Override
    public long size() {
        return Combinations.binomial(cells, cells / 3);
    }

    @Override
    public long rank(long state) {
        return Combinations.rank(state);
    }

    @Override
    public long unrank(long rank) {
        return Combinations.unrank(rank, cells, cells / 3);
    }

    @Override
    public int moveCount() {
        return target.length;
    }

    @Override
    public long move(long state, int m) {
        return apply((int) state, m);
    }

    @Override
    public long unmove(long state, int m) {
        int out = 0;
        for (int c = 0; c < cells; c++) {
            if ((state >>> target[m][c] & 1) != 0) {
                out |= 1 << c;
            }
        }
        return out;
    }

    @Override
    public long goal() {
        return goal;
    }

    /** Moves that pull each line one step either way (the rotation game's kind of move). */
    static int[][] lineMoves(int cells, int[][] lines) {
        int[][] moves = new int[2 * lines.length][cells];
        for (int l = 0; l < lines.length; l++) {
            int[] line = lines[l];
            for (int c = 0; c < cells; c++) {
                moves[2 * l][c] = c;
                moves[2 * l + 1][c] = c;
            }
            for (int i = 0; i < line.length; i++) {
                moves[2 * l][line[i]] = line[(i + 1) % line.length];
                moves[2 * l + 1][line[(i + 1) % line.length]] = line[i];
            }
        }
        return moves;
    }

    /**
     * A '#' of two rows and two columns of four cells on a 4 x 4 grid without its corners: 12 cells, four colours each,
     * the goal the four crossing cells.
     */
    static MaskPuzzle smallHash() {
        return new MaskPuzzle(12, lineMoves(12, smallHashLines()), (1 << 3) | (1 << 4) | (1 << 7) | (1 << 8));
    }

    /** Cells of the small '#' in reading order on a 4 x 4 grid: (row, col). */
    static final int[][] SMALL_HASH_GRID = {
        {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2},
    };

    static int[][] smallHashLines() {
        return new int[][] {{0, 3, 7, 10}, {1, 4, 8, 11}, {2, 3, 4, 5}, {6, 7, 8, 9}};
    }

    /** The eight symmetries of the small '#' as cell permutations. */
    static int[][] smallHashSymmetries() {
        int[][] perms = new int[8][12];
        for (int g = 0; g < 8; g++) {
            for (int c = 0; c < 12; c++) {
                int r = SMALL_HASH_GRID[c][0];
                int k = SMALL_HASH_GRID[c][1];
                int[] to = switch (g) {
                    case 0 -> new int[] {r, k};
                    case 1 -> new int[] {k, 3 - r};
                    case 2 -> new int[] {3 - r, 3 - k};
                    case 3 -> new int[] {3 - k, r};
                    case 4 -> new int[] {r, 3 - k};
                    case 5 -> new int[] {3 - r, k};
                    case 6 -> new int[] {k, r};
                    default -> new int[] {3 - k, 3 - r};
                };
                for (int d = 0; d < 12; d++) {
                    if (SMALL_HASH_GRID[d][0] == to[0] && SMALL_HASH_GRID[d][1] == to[1]) {
                        perms[g][c] = d;
                    }
                }
            }
        }
        return perms;
    }
}
