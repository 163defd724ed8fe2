package io.puzzleatlas.core.definition;

import java.util.Locale;

/** What one move is: every power of a listed move, or only each listed move and its inverse. */
public enum Metric {
    /** Every power of a listed move is one move (twsearch's default; the face-turn metric of cubes). */
    POWERS,
    /** Each listed move and its inverse (twsearch {@code -q}, Cayley graphs; the quarter-turn metric). */
    GENERATORS;

    /** The metric named {@code powers} or {@code generators}. */
    public static Metric of(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "powers" -> POWERS;
            case "generators" -> GENERATORS;
            default -> throw new IllegalArgumentException("unknown metric " + name + " (powers, generators)");
        };
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
