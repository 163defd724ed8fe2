package io.puzzleatlas.core.search;

/** Per-instance limits on search effort; a search that reaches one ends with BUDGET_EXCEEDED. */
public record Budget(long maxNodes, long maxMillis) {
    public static final Budget UNLIMITED = new Budget(Long.MAX_VALUE, Long.MAX_VALUE);

    public Budget {
        if (maxNodes <= 0 || maxMillis <= 0) {
            throw new IllegalArgumentException("budget limits must be positive: " + maxNodes + ", " + maxMillis);
        }
    }

    public static Budget of(Long maxNodes, Long maxMillis) {
        return new Budget(maxNodes == null ? Long.MAX_VALUE : maxNodes, maxMillis == null ? Long.MAX_VALUE : maxMillis);
    }
}
