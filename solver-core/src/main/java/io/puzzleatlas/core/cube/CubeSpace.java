package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.table.CoordinateSpace;

/**
 * Every pocket cube as a coordinate (placement of the seven moving corners x twists of six; 3,674,160 states): a state
 * is its own rank, the instance id of {@code generate --all}, and a move is two table lookups (placement and twist move
 * independently), so a breadth-first search or a table descent never touches stickers or cubies.
 */
final class CubeSpace implements CoordinateSpace {
    private final PocketCube puzzle;
    private final int goal;
    /** perm[m][p]: placement after move m; twist[m][t]: twists after move m. */
    private final short[][] perm;

    private final short[][] twist;

    CubeSpace(PocketCube puzzle, long goalBoard) {
        this.puzzle = puzzle;
        this.goal = Cubies.coordinate(goalBoard);
        int moves = puzzle.moveCount();
        this.perm = new short[moves][Cubies.PERMS];
        this.twist = new short[moves][Cubies.TWISTS];
        for (int m = 0; m < moves; m++) {
            long move = puzzle.move(m);
            for (int p = 0; p < Cubies.PERMS; p++) {
                perm[m][p] = (short)
                        (Cubies.coordinate(Cubies.multiply(Cubies.state(p * Cubies.TWISTS), move)) / Cubies.TWISTS);
            }
            for (int t = 0; t < Cubies.TWISTS; t++) {
                twist[m][t] = (short) (Cubies.coordinate(Cubies.multiply(Cubies.state(t), move)) % Cubies.TWISTS);
            }
        }
    }

    @Override
    public long size() {
        return Cubies.STATES;
    }

    @Override
    public int moveCount() {
        return perm.length;
    }

    @Override
    public long move(long state, int m) {
        int s = (int) state;
        return perm[m][s / Cubies.TWISTS] * Cubies.TWISTS + twist[m][s % Cubies.TWISTS];
    }

    @Override
    public long unmove(long state, int m) {
        return move(state, puzzle.inverse(m));
    }

    /** Every move has its opposite among the moves. */
    @Override
    public boolean reversible() {
        return true;
    }

    @Override
    public long goal() {
        return goal;
    }
}
