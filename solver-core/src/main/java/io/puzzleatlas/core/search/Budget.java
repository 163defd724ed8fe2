package io.puzzleatlas.core.search;

/** Per-instance limits on search effort; a search that reaches one ends with BUDGET_EXCEEDED. */
public record Budget(long maxNodes, long maxMillis) {
    public static final Budget UNLIMITED = new Budget(Long.MAX_VALUE, Long.MAX_VALUE);

    public Budget {
        if (maxNodes <= 0 || maxMillis <= 0) {
            throw new IllegalArgumentException("budget limits must be positive: " + maxNodes + ", " + maxMillis);
        }
    }

    /**
     * How often a search reads the clock: when {@code (nodes & CLOCK_CHECK_MASK) == 0}, every 16,384 nodes (well under
     * a millisecond), so the time limit costs nothing measurable.
     */
    public static final long CLOCK_CHECK_MASK = 0x3FFF;

    /** The {@link System#nanoTime} after which a search that starts now must stop. */
    public long deadlineNanos() {
        return maxMillis >= Long.MAX_VALUE / 2_000_000 ? Long.MAX_VALUE : System.nanoTime() + maxMillis * 1_000_000L;
    }

    /**
     * The BUDGET_EXCEEDED result of an iterative-deepening search that stopped in the iteration under {@code bound}
     * after {@code nodes}, {@code nodesBefore} of them in the iterations before it.
     */
    public SolveResult exceeded(int bound, long nodes, long nodesBefore) {
        return SolveResult.budgetExceeded(
                "gave up at bound " + bound + " after " + nodes + " nodes (limit "
                        + (nodes >= maxNodes ? maxNodes + " nodes" : "time") + ")",
                nodes,
                new SolveResult.ResumePoint(bound, nodesBefore));
    }

    public static Budget of(Long maxNodes, Long maxMillis) {
        return new Budget(maxNodes == null ? Long.MAX_VALUE : maxNodes, maxMillis == null ? Long.MAX_VALUE : maxMillis);
    }
}
