package io.puzzleatlas.bench;

import io.puzzleatlas.core.definition.DefinitionKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The core's cost of a definition position, no job around it: scrambles (one per line) played from the solved state,
 * solved, and the start written as text, one thread, three rounds over the same lines. Arguments: the definition file,
 * the scramble file, optionally the metric (default the file's) and the table directory (default the solver's).
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.puzzleatlas.bench.DefinitionSolveBench \
 *     benchmarks/definitions/dino.tws scrambles.txt powers out/bench-tables
 * </pre>
 */
public final class DefinitionSolveBench {
    private DefinitionSolveBench() {}

    public static void main(String[] args) throws IOException {
        DefinitionKind kind = DefinitionKind.of(Path.of(args[0]));
        String name = args.length > 2 ? kind.stem() + "-" + args[2] : kind.stem();
        Puzzle puzzle = kind.puzzle(name);
        SolverSettings settings = SolverSettings.fromSystem();
        if (args.length > 3) {
            settings = settings.withTables(args[3]);
        }
        PuzzleSolver solver = kind.solver(puzzle, settings);
        long t0 = System.nanoTime();
        solver.prepare(null);
        System.out.printf(
                Locale.ROOT, "%s: %s, ready in %.2f s%n", name, solver.describe(), (System.nanoTime() - t0) / 1e9);
        List<String> lines = Files.readAllLines(Path.of(args[1]));
        for (int round = 1; round <= 3; round++) {
            long scramble = 0;
            long solve = 0;
            long text = 0;
            long lengths = 0;
            for (String line : lines) {
                long a = System.nanoTime();
                long board = puzzle.scrambled(line);
                long b = System.nanoTime();
                SolveResult r = solver.solve(board, puzzle.defaultGoal(), Budget.UNLIMITED);
                long c = System.nanoTime();
                lengths += r.length() + puzzle.format(board).length();
                long d = System.nanoTime();
                scramble += b - a;
                solve += c - b;
                text += d - c;
            }
            double n = lines.size() * 1e3;
            System.out.printf(
                    Locale.ROOT,
                    "round %d: %.1f us a position: scramble %.1f, solve %.1f, text %.1f (checksum %d)%n",
                    round,
                    (scramble + solve + text) / n,
                    scramble / n,
                    solve / n,
                    text / n,
                    lengths);
        }
    }
}
