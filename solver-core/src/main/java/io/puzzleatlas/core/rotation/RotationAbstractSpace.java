package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.encoding.Combinations;
import io.puzzleatlas.core.rotation.RotationGame;
import io.puzzleatlas.core.table.RankedSpace;

/**
 * The rotation game's one-colour abstraction: where the eight cells of one colour are
 * (C(24,8) = 735,471 masks, colex-ranked), with distances to the mask of the centre.
 */
public final class RotationAbstractSpace implements RankedSpace {
    @Override
    public long size() {
        return RotationGame.ABSTRACT_STATES;
    }

    @Override
    public long rank(long state) {
        return Combinations.rank24((int) state);
    }

    @Override
    public long unrank(long rank) {
        return Combinations.unrank(rank, RotationGame.CELLS, 8);
    }

    @Override
    public int moveCount() {
        return RotationGame.MOVES;
    }

    @Override
    public long move(long state, int m) {
        return RotationGame.moveMask((int) state, m);
    }

    @Override
    public long unmove(long state, int m) {
        return RotationGame.moveMask((int) state, RotationGame.INVERSE[m]);
    }

    @Override
    public long goal() {
        return RotationGame.CENTRE;
    }
}
