package io.puzzleatlas.jobs.santa;

import io.puzzleatlas.core.santa.RowResult;
import io.puzzleatlas.core.santa.RowStatus;
import io.puzzleatlas.core.santa.SantaPuzzle;
import java.io.Serializable;

/**
 * A puzzle's answer as it travels (from a task to the driver, into the checkpoint and back): the core's
 * {@link RowResult} without its puzzle, which the driver holds.
 */
record SantaAnswer(int id, RowStatus status, int[] moves, int lowerBound, long nodes, long micros)
        implements Serializable {
    private static final long serialVersionUID = 1L;

    static SantaAnswer of(RowResult r) {
        return new SantaAnswer(r.puzzle().id(), r.status(), r.moves(), r.lowerBound(), r.nodes(), r.micros());
    }

    RowResult row(SantaPuzzle puzzle) {
        if (puzzle.id() != id) {
            throw new IllegalStateException("the answer of id " + id + " given to id " + puzzle.id());
        }
        return new RowResult(puzzle, status, moves, lowerBound, nodes, micros);
    }
}
