package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A defined puzzle's state as text: each set's pieces by their texts in slot order, then the set's orientations when it
 * has some, all separated by blanks; read into and written from global label and orientation arrays.
 */
final class StateText {
    private final Definition definition;
    private final MoveSet moves;
    private final int[] solvedLabels;
    /** Per set: piece text to label. */
    private final List<Map<String, Integer>> labelsByText = new ArrayList<>();

    private final int tokenCount;

    StateText(Definition definition, MoveSet moves, int[] solvedLabels) {
        this.definition = definition;
        this.moves = moves;
        this.solvedLabels = solvedLabels;
        int tokens = 0;
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            tokens += set.orientations() > 1 ? 2 * set.slots() : set.slots();
            Map<String, Integer> byText = new HashMap<>();
            String[] texts = definition.labelTexts[s];
            for (int l = 0; l < texts.length; l++) {
                byText.put(texts[l], l);
            }
            labelsByText.add(byText);
        }
        tokenCount = tokens;
    }

    /** Tokens in a state's text: one per slot and one per orientation. */
    int tokenCount() {
        return tokenCount;
    }

    /**
     * Reads a board's tokens into global label and orientation arrays: every token known, each set holding the solved
     * state's pieces (as many of each), orientations in range.
     */
    void parse(String[] tokens, int[] labels, int[] orientations) {
        if (tokens.length != tokenCount) {
            throw new InvalidBoardException("expected " + tokenCount
                    + " tokens (each set's pieces, then its orientations), got " + tokens.length);
        }
        int t = 0;
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            int off = moves.offset(s);
            int[] count = new int[definition.labelTexts[s].length];
            for (int i = 0; i < set.slots(); i++) {
                Integer l = labelsByText.get(s).get(tokens[t++]);
                if (l == null) {
                    throw new InvalidBoardException("no piece " + tokens[t - 1] + " in set " + set.name());
                }
                labels[off + i] = l;
                count[l]++;
            }
            for (int i = 0; i < set.slots(); i++) {
                count[solvedLabels[off + i]]--;
            }
            for (int l = 0; l < count.length; l++) {
                if (count[l] != 0) {
                    throw new InvalidBoardException("set " + set.name() + " holds piece " + definition.labelTexts[s][l]
                            + " " + Math.abs(count[l]) + (Math.abs(count[l]) == 1 ? " time" : " times")
                            + (count[l] > 0 ? " too often" : " too few"));
                }
            }
            if (set.orientations() > 1) {
                for (int i = 0; i < set.slots(); i++) {
                    String token = tokens[t++];
                    int o;
                    try {
                        o = Integer.parseInt(token);
                    } catch (NumberFormatException e) {
                        o = -1;
                    }
                    if (o < 0 || o >= set.orientations()) {
                        throw new InvalidBoardException("orientation " + token + " of set " + set.name()
                                + " is not in 0.." + (set.orientations() - 1));
                    }
                    orientations[off + i] = o;
                }
            } else {
                for (int i = 0; i < set.slots(); i++) {
                    orientations[off + i] = 0;
                }
            }
        }
    }

    /** The text of a state given by global label and orientation arrays. */
    String format(int[] labels, int[] orientations) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < definition.sets().size(); s++) {
            PieceSet set = definition.sets().get(s);
            int off = moves.offset(s);
            for (int i = 0; i < set.slots(); i++) {
                sb.append(sb.length() == 0 ? "" : " ").append(definition.labelTexts[s][labels[off + i]]);
            }
            if (set.orientations() > 1) {
                for (int i = 0; i < set.slots(); i++) {
                    sb.append(' ').append(orientations[off + i]);
                }
            }
        }
        return sb.toString();
    }
}
