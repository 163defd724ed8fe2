package io.puzzleatlas.jobs.cli;

import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleHandle;
import io.puzzleatlas.jobs.generate.GeneratorSpec;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The generator options {@code generate} and {@code solve} share ({@code --all}, {@code --random N}, {@code --seed},
 * {@code --scramble K}), checked against a puzzle and turned into a {@link GeneratorSpec}.
 */
public final class GeneratorOptions {
    /** Largest space --all enumerates (3x4: 239,500,800 boards fits; the rotation game does not). */
    static final long ALL_LIMIT = 1_000_000_000L;

    @Option(names = "--all", description = "every board of the instance space, instance_id = its rank")
    boolean all;

    @Option(names = "--random", paramLabel = "N", description = "N uniformly random boards, instance_id 0..N-1")
    Long random;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "seed of --random/--scramble; the same seed gives the same rows on any partitioning "
                    + "(default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--scramble",
            paramLabel = "K",
            description = "with --random: each board is a random walk of K moves from the goal instead")
    Integer scramble;

    /** Whether any generator option was given. */
    boolean present() {
        return all || random != null || scramble != null;
    }

    /** Why these options cannot make instances of {@code puzzle}, or null when they can. */
    String problem(Puzzle puzzle) {
        if (all == (random != null)) {
            return "give exactly one of --all and --random N";
        }
        if (scramble != null && (random == null || scramble < 0)) {
            return "--scramble K needs --random N and K >= 0";
        }
        if (random != null && random < 0) {
            return "--random N needs N >= 0";
        }
        if (all) {
            try {
                Puzzle.requirePacked(puzzle, "--all");
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
        }
        if (all && puzzle.boardCount() > ALL_LIMIT) {
            return String.format(
                    Locale.ROOT,
                    "--all: %s has %,d boards, more than %,d; use --random N",
                    puzzle.name(),
                    puzzle.boardCount(),
                    ALL_LIMIT);
        }
        if (scramble != null && !puzzle.hasGoalBoard()) {
            return puzzle.name() + " has no goal board to scramble from";
        }
        return null;
    }

    /** What to draw, once {@link #problem} found nothing wrong; {@code goal} null for the puzzle's. */
    GeneratorSpec spec(PuzzleHandle puzzle, String goal) {
        GeneratorSpec.Mode mode = all
                ? GeneratorSpec.Mode.ALL
                : scramble != null ? GeneratorSpec.Mode.SCRAMBLE : GeneratorSpec.Mode.RANDOM;
        return new GeneratorSpec(
                puzzle,
                goal,
                mode,
                seed,
                scramble == null ? 0 : scramble,
                all ? puzzle.puzzle().boardCount() : random);
    }
}
