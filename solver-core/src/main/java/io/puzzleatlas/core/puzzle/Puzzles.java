package io.puzzleatlas.core.puzzle;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The puzzles Puzzle Atlas knows, by the names used on the command line and in the data. */
public final class Puzzles {
    private static final Pattern SLIDING = Pattern.compile("sliding-(\\d+)x(\\d+)");

    private Puzzles() {
    }

    /** Names accepted by {@link #byName}; {@code sliding-RxC} stands for every size. */
    public static List<String> names() {
        return List.of("eight-puzzle", "fifteen-puzzle", "sliding-RxC", "magic-board", "rotation-game");
    }

    /**
     * The puzzle of a name: {@code eight-puzzle}, {@code fifteen-puzzle}, {@code sliding-RxC}
     * (2 &lt;= R, C, R*C &lt;= 16; 3x3 and 4x4 resolve to their own names), {@code magic-board},
     * {@code rotation-game}.
     */
    public static Puzzle byName(String name) {
        switch (name) {
            case "eight-puzzle":
                return new SlidingPuzzle(3, 3);
            case "fifteen-puzzle":
                return new SlidingPuzzle(4, 4);
            case "magic-board":
                return new MagicBoard();
            case "rotation-game":
                return new RotationGame();
            default:
                Matcher m = SLIDING.matcher(name);
                if (m.matches() && m.group(1).length() <= 2 && m.group(2).length() <= 2) {
                    return new SlidingPuzzle(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
                }
                throw new IllegalArgumentException("unknown puzzle '" + name + "'; known: " + String.join(", ", names()));
        }
    }
}
