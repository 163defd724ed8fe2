package io.puzzleatlas.core.search;

/**
 * Which move sequences a search may follow: a finite automaton over move indices, from {@link #START}; a move it
 * refuses ({@link #REFUSED}) leads to a sequence that a shorter one, or an equal one earlier in move order, already
 * covers. The sliding puzzles' duplicate paths and the commuting moves of a permutation puzzle ({@link CanonicalMoves})
 * are two such automata.
 */
public interface MoveAutomaton {
    /** The state before any move. */
    int START = 0;

    /** What {@link #next} answers for a move that must not follow. */
    int REFUSED = -1;

    /** The state after {@code move} from {@code state}, or {@link #REFUSED}. */
    int next(int state, int move);
}
