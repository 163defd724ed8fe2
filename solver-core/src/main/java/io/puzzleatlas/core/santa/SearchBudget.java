package io.puzzleatlas.core.santa;

import java.io.Serializable;

/**
 * What one puzzle's search may spend: at most {@code maxNodes} states generated (moves applied) and at most
 * {@code maxMillis} of wall time (0: no time limit). The node limit also bounds the memory: every state kept was
 * generated.
 */
public record SearchBudget(long maxNodes, long maxMillis) implements Serializable {
    public SearchBudget {
        if (maxNodes < 1 || maxMillis < 0) {
            throw new IllegalArgumentException("budget: nodes " + maxNodes + " < 1 or millis " + maxMillis + " < 0");
        }
    }
}
