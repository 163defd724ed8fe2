package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.concurrent.ProgressReporter;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.NeighbourRanker;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

/**
 * Chooses a defined puzzle's plan by its cost for the job's number of positions ({@link SolverSettings#positions()}),
 * before anything is built: table descent (build the whole space's distance table, then microseconds a position) or
 * IDA* with pattern databases, at the pattern size that costs least, whichever is expected to take less time.
 *
 * <p>The model, in expansions (one state's neighbours ranked): a breadth-first build of a table of S ranks expands each
 * rank once, S expansions, nothing when its file is already there; a descent expands one state a move, about d (the
 * depth of a typical position, log n / log b for n states and b moves); IDA* with pattern databases of m entries in all
 * expands about 2 (d + 1) max(1, n / m) states a position (Korf 1997: the nodes generated are about n / m; Korf, Reid
 * and Edelkamp 2001 sum that over the d + 1 depths of the search; twice, as all b children are looked up where a
 * descent stops at the first closer one), each expansion stepping every pattern. The choice compares these counts only,
 * so the same input on the same machine always gets the same plan (a measured time would let noise flip it, and a
 * resume would then be refused as another plan); the one measured figure, an expansion's time on 2,048 ranks of the
 * largest pattern, turns the counts into the times the line prints. Pattern sizes are tried from the memory's cap down,
 * a factor of 8 at a time to 2^16 ranks: more positions pay for larger tables (the optimum of S + p n / S is near
 * sqrt(p n)).
 */
final class PlanCost {
    /** The smallest cap on one pattern table's ranks that is tried. */
    static final long SMALLEST_CAP = 1L << 16;

    private static final int SAMPLE = 2048;

    private PlanCost() {}

    /** Estimated work in expansions: building the missing tables (spread over the cores), searching every position. */
    private record Estimate(double build, double search, long ranksToBuild) {
        double total() {
            return build + search;
        }
    }

    /** The plan toward {@code goal} (text, null: the solved state) for {@code settings}, chosen by cost. */
    static SolvePlan plan(DefinitionPuzzle puzzle, SolverSettings settings, String goal) {
        long positions = settings.positions();
        long memory = settings.tablesMemoryBytes();
        DefinitionSolver.Method fits = DefinitionSolver.choose(puzzle, memory);
        if (positions <= 0) { // not known: table descent wherever it fits, as before
            SolvePlan p = new DefinitionSolver(puzzle, settings).plan(goal);
            return p.because(p.method()
                    + (fits == DefinitionSolver.Method.DESCENT
                            ? ": the space's table fits the tables' memory (the number of positions is not known)"
                            : ": " + whyNoDescent(puzzle, memory)));
        }
        DefinitionSolver.plansMadeHere();
        int threads = Runtime.getRuntime().availableProcessors();
        double states = states(puzzle);
        int b = Math.max(2, puzzle.moves().count());
        double depth = Math.max(1, Math.log(states) / Math.log(b));
        Path dir = Paths.get(settings.tables());

        SolvePlan bestIda = null;
        Estimate ida = null;
        long capMax = PatternSpaces.cap(puzzle.moves(), memory);
        // seconds of one expansion, for the words only: measured once, on the smallest cap's patterns (the candidates
        // below get no move tables: tabulating the largest took seconds, on every solve of a definition)
        double unit = 0;
        List<PatternSpaces.Pattern> smallest = PatternSpaces.of(puzzle.moves(), Math.min(capMax, SMALLEST_CAP));
        for (PatternSpaces.Pattern p : smallest) {
            unit += secondsPerExpansion(p.space()) / smallest.size();
        }
        for (long cap = capMax; ; cap /= 8) {
            DefinitionSolver solver = new DefinitionSolver(puzzle, settings, DefinitionSolver.Method.IDA, false, cap);
            SolvePlan candidate = solver.plan(goal);
            Estimate e = idaCost(solver.patternList(), candidate, dir, positions, states, depth, threads, 1);
            if (ida == null || e.total() < ida.total()) {
                ida = e;
                bestIda = candidate;
            }
            if (cap / 8 < SMALLEST_CAP) {
                break;
            }
        }
        if (fits != DefinitionSolver.Method.DESCENT) {
            return bestIda.because(head(bestIda, positions) + ": " + whyNoDescent(puzzle, memory) + "; "
                    + words(ida, threads, unit, depth));
        }
        SolvePlan descent =
                new DefinitionSolver(puzzle, settings, DefinitionSolver.Method.DESCENT, false, 0).plan(goal);
        RankedSpace space = puzzle.rankedSpace(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
        long toBuild = missing(dir, descent.tables().get(0)) ? space.size() : 0;
        Estimate d = new Estimate((double) toBuild / threads, positions * depth, toBuild);
        boolean descend = d.total() <= ida.total();
        SolvePlan chosen = descend ? descent : bestIda;
        return chosen.because(head(chosen, positions) + ": " + words(descend ? d : ida, threads, unit, depth)
                + ", rather than " + (descend ? bestIda.method() : descent.method()) + ": "
                + words(descend ? ida : d, threads, unit, depth));
    }

    /** The plan line's start: the method for the number of positions. */
    private static String head(SolvePlan plan, long positions) {
        return String.format(Locale.ROOT, "%s for %,d position%s", plan.method(), positions, positions == 1 ? "" : "s");
    }

    private static String whyNoDescent(DefinitionPuzzle puzzle, long memory) {
        if (puzzle.wide() != null) {
            return "its states do not fit a long, so no table of the whole space";
        }
        long size = puzzle.boardCount();
        return size > TwoBitBreadthFirstSearch.MAX_RANKS
                ? String.format(Locale.ROOT, "the space's %,d ranks are past one two-bit search", size)
                : String.format(
                        Locale.ROOT,
                        "the space's table (%,d ranks) does not fit the tables' memory (%,d bytes)",
                        size,
                        memory);
    }

    private static Estimate idaCost(
            List<PatternSpaces.Pattern> patterns,
            SolvePlan plan,
            Path dir,
            long positions,
            double states,
            double depth,
            int threads,
            double perPattern) {
        double build = 0;
        double perNode = 0;
        double entries = 0;
        long toBuild = 0;
        int t = 0;
        for (PatternSpaces.Pattern p : patterns) {
            double each = perPattern;
            perNode += each;
            if (p.tabled()) {
                long size = p.space().size();
                entries += size;
                if (missing(dir, plan.tables().get(t))) {
                    build += size * each / threads;
                    toBuild += size;
                }
                t++;
            }
        }
        // every child of an expanded node is generated and looked up, where a descent stops at the first closer one
        // (half the moves on average): twice a descent's work a position even with a perfect heuristic
        double nodes = 2 * (depth + 1) * Math.max(1, states / Math.max(1, entries));
        return new Estimate(build, positions * nodes * perNode, toBuild);
    }

    private static boolean missing(Path dir, SolvePlan.Table table) {
        return !Files.isRegularFile(dir.resolve(table.file()));
    }

    /** The number of states: the group's order with distinct pieces, else the ranks (at most that many). */
    private static double states(DefinitionPuzzle puzzle) {
        if (!puzzle.definition().hasIdenticalPieces()) {
            return puzzle.stateCount().doubleValue();
        }
        // identical pieces: at most the ranks; past a long, more than any table can hold
        return puzzle.wide() != null ? Math.pow(2, 63) : puzzle.boardCount();
    }

    /** Seconds one expansion of {@code space} takes on one core, measured on {@link #SAMPLE} spread ranks. */
    static double secondsPerExpansion(RankedSpace space) {
        NeighbourRanker ranker = space.predecessors();
        long[] out = new long[ranker.maxNeighbours()];
        long size = space.size();
        int k = (int) Math.min(SAMPLE, size);
        long step = Math.max(1, size / k);
        long sink = 0;
        for (int i = 0; i < k; i++) { // warm-up
            sink += ranker.neighbours((i * step + step / 2) % size, out, 0);
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < k; i++) {
            sink += ranker.neighbours(i * step, out, 0);
        }
        long elapsed = Math.max(1, System.nanoTime() - t0);
        return sink < 0 ? 0 : elapsed / 1e9 / k;
    }

    /**
     * An estimate in words, its expansions at {@code unit} seconds each. The search's time is for positions of the
     * model's depth ({@code depth}, a random position's): IDA* on a shallower one takes a small fraction of it.
     */
    private static String words(Estimate e, int threads, double unit, double depth) {
        return String.format(
                Locale.ROOT,
                "%,d ranks to build (about %s on %d cores), then about %s of search for positions %d moves deep",
                e.ranksToBuild(),
                duration(e.build() * unit),
                threads,
                duration(e.search() * unit),
                Math.round(depth));
    }

    /** Seconds in words ({@link ProgressReporter#duration}). */
    static String duration(double seconds) {
        return ProgressReporter.duration(seconds);
    }
}
