package io.puzzleatlas.core.search;

/**
 * What a solver found for one instance. {@code length} is -1 and {@code moves} null when there is
 * no answer; an already solved board is SOLVED with length 0 and moves "" (not "no solution").
 *
 * @param nodes states generated (IDA*) or looked up (table descent)
 */
public record SolveResult(Status status, int length, String moves, long nodes, String reason) {

    /** A solution written one letter per move ({@code dlru}): its length is its number of letters. */
    public static SolveResult solved(String moves, long nodes) {
        return new SolveResult(Status.SOLVED, moves.length(), moves, nodes, null);
    }

    /** A solution of {@code length} moves, written as the puzzle writes moves (letters, or tokens such as {@code U R2 F'}). */
    public static SolveResult solved(String moves, int length, long nodes) {
        return new SolveResult(Status.SOLVED, length, moves, nodes, null);
    }

    public static SolveResult unsolvable(String reason, long nodes) {
        return new SolveResult(Status.UNSOLVABLE, -1, null, nodes, reason);
    }

    public static SolveResult budgetExceeded(String reason, long nodes) {
        return new SolveResult(Status.BUDGET_EXCEEDED, -1, null, nodes, reason);
    }

    /** This result judged against a step limit: OVER_LIMIT (length kept, moves dropped) when above it. */
    public SolveResult withStepLimit(Integer stepLimit) {
        if (stepLimit == null || status != Status.SOLVED || length <= stepLimit) {
            return this;
        }
        return new SolveResult(Status.OVER_LIMIT, length, null, nodes,
                "optimal length " + length + " exceeds step limit " + stepLimit);
    }
}
