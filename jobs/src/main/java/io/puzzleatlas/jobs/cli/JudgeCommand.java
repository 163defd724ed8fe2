package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.judge.Judge;
import io.puzzleatlas.core.judge.JudgeFormat;
import io.puzzleatlas.core.judge.JudgeInputException;
import io.puzzleatlas.core.kind.JudgeKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.core.search.SolverSettings;
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
@Command(
        name = "judge",
        mixinStandardHelpOptions = true,
        description = "Answer a contest input on stdin with the contest output on stdout (no Spark).")
public final class JudgeCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "PUZZLE",
            converter = PuzzleConverter.class,
            description = "a puzzle with a contest format: eight-puzzle (or sliding-RxC), magic-board or rotation-game")
    PuzzleHandle puzzle;

    @Option(
            names = "--goal",
            paramLabel = "BOARD",
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
            err.println(
                    "judge: standard input cannot be read (" + unreadable.get() + "); give the contest input on stdin");
            err.flush();
            return ExitCode.REFUSED.code();
        }
        Reader in = new InputStreamReader(System.in, StandardCharsets.US_ASCII);
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        try {
            Judge.run(format, puzzle.solver(SolverSettings.fromSystem()), in, out);
            return ExitCode.OK.code();
        } catch (JudgeInputException e) { // the answers before it are written
            err.println("judge: bad input at " + e.getMessage());
            err.flush();
            return ExitCode.USAGE.code();
        }
    }

    private JudgeFormat format() {
        Puzzle.requirePacked(puzzle.puzzle(), "judge");
        if (!(puzzle.kind() instanceof JudgeKind kind)) {
            throw new IllegalArgumentException(puzzle.name() + " has no contest format; solve its boards with solve");
        }
        return kind.judge(puzzle.puzzle(), goal, countOnly);
    }
}
