package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.WideBoards;
import java.util.SplittableRandom;

/**
 * The boards of a defined puzzle whose states cannot be numbered in a long (the 3x3x3: 4.3e19), as text: each set's
 * pieces, then its orientations ({@link DefinitionPuzzle}'s board text), checked token by token and, for distinct
 * pieces, reachability decided by the group ({@link SchreierSims#contains}).
 */
final class DefinitionWideBoards implements WideBoards {
    private final DefinitionPuzzle puzzle;
    private final int slots;

    DefinitionWideBoards(DefinitionPuzzle puzzle) {
        this.puzzle = puzzle;
        this.slots = puzzle.moves().slotCount;
    }

    @Override
    public String canonical(String text) {
        int[][] s = parse(text);
        return puzzle.formatState(s[0], s[1]);
    }

    /** A board's labels and orientations by global slot. */
    int[][] parse(String text) {
        int[] labels = new int[slots];
        int[] orientations = new int[slots];
        String t = text.strip();
        puzzle.parseState(t.isEmpty() ? new String[0] : t.split("\\s+"), labels, orientations);
        return new int[][] {labels, orientations};
    }

    @Override
    public String defaultGoal() {
        int[][] s = puzzle.solvedState();
        return puzzle.formatState(s[0], s[1]);
    }

    @Override
    public boolean reachable(String start, String goal) {
        int[][] s = parse(start);
        int[][] g = parse(goal);
        return puzzle.reachable(s[0], s[1], g[0], g[1]);
    }

    @Override
    public String random(String goal, SplittableRandom random) {
        int[][] g = parse(goal);
        int[] labels = new int[slots];
        int[] orientations = new int[slots];
        puzzle.group().stateOf(puzzle.group().random(random), g[0], g[1], labels, orientations);
        return puzzle.formatState(labels, orientations);
    }

    @Override
    public String scramble(String from, int steps, SplittableRandom random) {
        int[][] s = parse(from);
        int[] labels = s[0];
        int[] orientations = s[1];
        MoveSet moves = puzzle.moves();
        int[] path = new int[steps];
        for (int i = 0; i < steps; i++) {
            path[i] = random.nextInt(moves.count());
        }
        moves.play(path, labels, orientations);
        return puzzle.formatState(labels, orientations);
    }

    @Override
    public String replay(String start, CharSequence moves) {
        try {
            return puzzle.replayState(start, moves.toString());
        } catch (InvalidBoardException e) {
            return null;
        }
    }

    @Override
    public String scrambled(String moves) {
        return puzzle.replayState(defaultGoal(), moves);
    }
}
