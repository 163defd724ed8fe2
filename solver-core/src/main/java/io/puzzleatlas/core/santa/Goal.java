package io.puzzleatlas.core.santa;

import java.io.Serializable;

/**
 * A goal as a value: a target board of labels and a number of wildcards {@code k}; a state reaches it when at most
 * {@code k} stickers differ from the target. It covers the three goals a puzzle may have: one exact board (labels all
 * distinct, {@code k = 0}), a colouring (identical labels: every state with the same colours reaches it) and either
 * with wildcards. Immutable; the target is handed out as a copy.
 */
public final class Goal implements Serializable {
    private static final long serialVersionUID = 1L;

    private final short[] target;
    private final int wildcards;
    private final boolean colouring;

    private Goal(short[] target, int wildcards) {
        this.target = target;
        this.wildcards = wildcards;
        this.colouring = hasRepeats(target);
    }

    /** The goal "at most {@code wildcards} stickers differ from {@code target}". */
    public static Goal of(short[] target, int wildcards) {
        if (wildcards < 0) {
            throw new IllegalArgumentException("wildcards " + wildcards + " < 0");
        }
        return new Goal(target.clone(), wildcards);
    }

    /** Exactly {@code target} (a colouring when its labels repeat). */
    public static Goal exact(short[] target) {
        return of(target, 0);
    }

    public int width() {
        return target.length;
    }

    /** Stickers allowed to differ. */
    public int wildcards() {
        return wildcards;
    }

    /** Whether labels repeat, so that many states have the goal's colours. */
    public boolean isColouring() {
        return colouring;
    }

    /** The target board (a copy). */
    public short[] target() {
        return target.clone();
    }

    /** Stickers of {@code state} that differ from the target. */
    public int mismatches(short[] state) {
        int n = 0;
        for (int i = 0; i < target.length; i++) {
            if (state[i] != target[i]) {
                n++;
            }
        }
        return n;
    }

    /** Whether {@code state} has at most {@link #wildcards} mismatches; stops at the first one too many. */
    public boolean reached(short[] state) {
        int left = wildcards;
        for (int i = 0; i < target.length; i++) {
            if (state[i] != target[i] && --left < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean hasRepeats(short[] labels) {
        int max = 0;
        for (short l : labels) {
            max = Math.max(max, l);
        }
        boolean[] seen = new boolean[max + 1];
        for (short l : labels) {
            if (l < 0 || seen[l]) {
                return true;
            }
            seen[l] = true;
        }
        return false;
    }
}
