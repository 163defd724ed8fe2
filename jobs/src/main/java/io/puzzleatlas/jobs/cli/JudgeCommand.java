package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.judge.Judge;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInputException;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.registry.Solvers;
import io.puzzleatlas.jobs.ExitCode;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code judge PUZZLE}: the contest's stdin to the contest's stdout, byte for byte, no Spark. */
@Command(name = "judge", mixinStandardHelpOptions = true,
        description = "Answer a contest input on stdin with the contest output on stdout (no Spark).")
public final class JudgeCommand implements Callable<Integer> {
    /** Exit status for bad input: the answers before it are written, the message goes to stderr. */
    public static final int BAD_INPUT = 2; // ExitCode.USAGE (a constant for the Javadoc and tests)

    @Parameters(index = "0", paramLabel = "PUZZLE",
            description = "a puzzle with a contest format: eight-puzzle (or sliding-RxC), magic-board or rotation-game")
    String puzzleName;

    @Option(names = "--goal", paramLabel = "BOARD",
            description = "sliding puzzles: the target board, e.g. \"1 2 3 4 x 5 6 7 8\" (default: blank last)")
    String goal;

    @Option(names = "--count", description = "sliding puzzles: print only the optimal length, or -1")
    boolean countOnly;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        JudgeFormat format;
        try {
            format = format();
        } catch (IllegalArgumentException e) {
            err.println("judge: " + e.getMessage());
            err.flush();
            return ExitCode.USAGE.code();
        }
        Optional<String> unreadable = StandardInput.unreadable();
        if (unreadable.isPresent()) {
            err.println("judge: standard input cannot be read (" + unreadable.get() + "); give the contest input on stdin");
            err.flush();
            return ExitCode.REFUSED.code();
        }
        Reader in = new InputStreamReader(System.in, StandardCharsets.US_ASCII);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        try {
            Judge.run(format, Solvers.forName(format.puzzle().name()), in, out);
            return ExitCode.OK.code();
        } catch (JudgeInputException e) {
            err.println("judge: bad input at " + e.getMessage());
            err.flush();
            return ExitCode.USAGE.code();
        }
    }

    private JudgeFormat format() {
        Puzzle puzzle = PuzzleRegistry.puzzle(puzzleName);
        Puzzle.requirePacked(puzzle, "judge");
        if (!(PuzzleRegistry.kind(puzzle) instanceof JudgeKind kind)) {
            throw new IllegalArgumentException(puzzle.name() + " has no contest format; solve its boards with solve");
        }
        return kind.judge(puzzle, goal, countOnly);
    }
}
