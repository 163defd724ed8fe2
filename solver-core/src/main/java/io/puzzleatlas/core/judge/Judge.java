package io.puzzleatlas.core.judge;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Runs a judge: reads instances, solves each, writes the contest output. Output is flushed before a
 * {@link JudgeInputException} propagates, so every answer before the bad input is kept.
 */
public final class Judge {
    private Judge() {}

    /** Answers every instance of {@code input}; returns the number answered. */
    public static long run(JudgeFormat format, PuzzleSolver solver, Reader input, Writer output) {
        TokenReader in = new TokenReader(input);
        StringBuilder out = new StringBuilder(1 << 12);
        long answered = 0;
        try {
            JudgeInstance instance;
            while ((instance = format.next(in)) != null) {
                SolveResult result = solver.solve(instance.start(), instance.goal(), Budget.UNLIMITED);
                format.answer(instance, result, out);
                answered++;
                if (out.length() > 1 << 15) {
                    output.append(out);
                    out.setLength(0);
                }
            }
            return answered;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                output.append(out);
                output.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
