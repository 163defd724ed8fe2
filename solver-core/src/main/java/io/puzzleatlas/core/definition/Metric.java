package io.puzzleatlas.core.definition;

import java.util.Locale;

/**
 * What one move is: every power of a listed move, each listed move and its inverse, or each listed move alone (a
 * directed graph).
 */
public enum Metric {
    /** Every power of a listed move is one move (twsearch's default; the face-turn metric of cubes). */
    POWERS,
    /** Each listed move and its inverse (twsearch {@code -q}, Cayley graphs; the quarter-turn metric). */
    GENERATORS,
    /**
     * Each listed move as it is, neither its inverse nor another power (a directed Cayley graph: the magic board's A, B
     * and C, whose inverses are no moves). Distances are measured TO the goal.
     */
    LISTED;

    /** The metric named {@code powers}, {@code generators} or {@code listed}. */
    public static Metric of(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "powers" -> POWERS;
            case "generators" -> GENERATORS;
            case "listed" -> LISTED;
            default -> throw new IllegalArgumentException("unknown metric " + name + " (powers, generators, listed)");
        };
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
