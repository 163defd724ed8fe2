package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.CanonicalMoves;
import io.puzzleatlas.core.search.MoveAutomaton;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.SplitIda;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * IDA* over projections ({@link DefinitionSolver.Method#IDA}) against table descent, which reads every distance from a
 * breadth-first search: the same answers, string for string (optimal, and the smallest in move order), on puzzles small
 * enough for both; and on the 3x3x3, lengths against a meet-in-the-middle search over {@link BruteForceBfs}'s states.
 */
class DefinitionIdaStarTest {
    @TempDir
    Path tables;

    private SolverSettings settings(long memory) {
        return SolverSettings.fromSystem().withTables(tables.toString()).withTablesMemory(memory);
    }

    private static Definition definition(String file) {
        return switch (file) {
            case "lrx7" -> DefinitionExamples.lrx(7);
            case "pancake9" -> DefinitionExamples.pancake(9);
            default -> DefinitionBruteForceTest.example(file);
        };
    }

    /**
     * Memory for a sixteenth of the space: projections of some pieces, not whole orbits (the pocket cube: its corners
     * in two groups).
     */
    @ParameterizedTest
    @CsvSource({
        "twisty-small.tws, POWERS",
        "twisty-small.tws, GENERATORS",
        "pocket-cube.tws, POWERS",
        "pocket-cube.tws, GENERATORS",
        "lrx7, GENERATORS",
        "pancake9, GENERATORS",
        "magic-board.tws, LISTED",
        "m12.json, GENERATORS"
    })
    void idaStarGivesTheDescentsAnswers(String file, Metric metric) {
        DefinitionPuzzle puzzle = new DefinitionPuzzle("t-" + file + "-" + metric, definition(file), metric);
        DefinitionSolver descent = new DefinitionSolver(puzzle, settings(0), DefinitionSolver.Method.DESCENT);
        DefinitionSolver ida = new DefinitionSolver(
                puzzle, settings(Math.max(64, puzzle.boardCount() / 16)), DefinitionSolver.Method.IDA);
        assertTrue(ida.describe().startsWith("IDA* with pattern databases: "), ida.describe());
        SplittableRandom random = new SplittableRandom(11);
        int solved = 0;
        for (int i = 0; i < 150; i++) {
            long start = random.nextLong(puzzle.boardCount());
            SolveResult want = descent.solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
            if (want.status() != Status.SOLVED) {
                continue; // a rank of a coset space that is no state
            }
            SolveResult got = ida.solve(start, puzzle.defaultGoal(), Budget.UNLIMITED);
            assertEquals(want.moves(), got.moves(), () -> "from " + puzzle.format(start));
            assertEquals(want.length(), got.length());
            solved++;
        }
        assertTrue(solved >= 40, solved + " states solved");
    }

    @Test
    void pocketCubeProjectionsTrackCornersInGroups() {
        DefinitionPuzzle puzzle = new DefinitionPuzzle("pocket", definition("pocket-cube.tws"), Metric.POWERS);
        String d = new DefinitionSolver(puzzle, settings(1 << 20), DefinitionSolver.Method.IDA).describe();
        assertTrue(d.contains("pieces"), d);
        assertEquals(DefinitionSolver.Method.DESCENT, new DefinitionSolver(puzzle, settings(0)).method());
    }

    /** The 3x3x3's canonical sequences in the half-turn metric: 18, 243, 3,240 (twsearch counts the same). */
    @Test
    void canonicalPairsOfTheCube() {
        MoveSet moves = new MoveSet(DefinitionBruteForceTest.example("3x3x3.tws"), Metric.POWERS);
        CanonicalMoves canonical = DefinitionIdaStar.canonical(moves);
        long[] total = new long[4];
        long[] ending = new long[moves.count() + 1]; // paths by their last move + 1 (0: the start)
        ending[0] = 1;
        for (int length = 1; length <= 3; length++) {
            long[] next = new long[moves.count() + 1];
            for (int prev = 0; prev <= moves.count(); prev++) {
                for (int m = 0; m < moves.count(); m++) {
                    if (canonical.next(prev, m) != MoveAutomaton.REFUSED) {
                        next[m + 1] += ending[prev];
                    }
                }
            }
            ending = next;
            total[length] = Arrays.stream(next).sum();
        }
        assertArrayEquals(new long[] {0, 18, 243, 3240}, total);
    }

    /** A projection's rank, unrank and stepping agree with the moves applied to whole states. */
    @Test
    void projectedCoordinatesStepAsTheMovesDo() {
        MoveSet moves = new MoveSet(DefinitionBruteForceTest.example("3x3x3.tws"), Metric.POWERS);
        List<PatternSpaces.Pattern> patterns = PatternSpaces.choose(moves, 1 << 25);
        DefinitionSpace edges = patterns.stream()
                .filter(p -> p.spec().startsWith("EDGE"))
                .findFirst()
                .orElseThrow()
                .space();
        SplittableRandom random = new SplittableRandom(3);
        int n = moves.slotCount;
        int[] labels = new int[n];
        int[] orientations = new int[n];
        int[] l2 = new int[n];
        int[] o2 = new int[n];
        long[] out = new long[moves.count()];
        for (int i = 0; i < 300; i++) {
            long r = random.nextLong(edges.size());
            edges.unrank(r, labels, orientations);
            assertEquals(r, edges.rank(labels, orientations));
            edges.successors().neighbours(r, out, 0);
            for (int m = 0; m < moves.count(); m++) {
                moves.apply(m, labels, orientations, l2, o2);
                assertEquals(edges.rank(l2, o2), out[m]);
            }
        }
    }

    /**
     * 3x3x3 scrambles of eight moves, solved with small tables (memory for corners and edges four at a time): each
     * answer replays to the solved state under {@link BruteForceBfs}'s moves and is as long as the distance a search of
     * four moves from each end finds.
     */
    @Test
    void cubeScramblesAreSolvedOptimally() {
        Definition d = DefinitionBruteForceTest.example("3x3x3.tws");
        DefinitionPuzzle puzzle = new DefinitionPuzzle("cube3", d, Metric.POWERS);
        DefinitionSolver solver = new DefinitionSolver(puzzle, settings(32L << 20));
        assertEquals(DefinitionSolver.Method.IDA, solver.method());
        Map<BruteForceBfs.Key, Integer> fromSolved = ball(d, BruteForceBfs.solved(d), 4);
        List<String> names = puzzle.moveNames();
        SplittableRandom random = new SplittableRandom(12);
        for (int i = 0; i < 4; i++) {
            StringBuilder scramble = new StringBuilder();
            for (int k = 0; k < 8; k++) {
                scramble.append(names.get(random.nextInt(names.size()))).append(' ');
            }
            String start = puzzle.wide().scrambled(scramble.toString());
            SolveResult r = solver.solveText(start, null, Budget.UNLIMITED);
            assertEquals(Status.SOLVED, r.status());
            int[] state = BruteForceBfs.solved(d);
            state = replay(d, state, scramble.toString());
            Map<BruteForceBfs.Key, Integer> fromStart = ball(d, state, 4);
            int best = Integer.MAX_VALUE;
            for (Map.Entry<BruteForceBfs.Key, Integer> e : fromStart.entrySet()) {
                Integer other = fromSolved.get(e.getKey());
                if (other != null) {
                    best = Math.min(best, other + e.getValue());
                }
            }
            assertEquals(best, r.length(), () -> "optimal length of " + scramble);
            assertArrayEquals(BruteForceBfs.solved(d), replay(d, state, r.moves()), r.moves());
        }
    }

    /**
     * The search cut into prefixes ({@link SplitIda}, the hard-instance path) gives the unsplit answer and node count,
     * from the start and from where a budget stopped it.
     */
    @Test
    void theSplitSearchMatchesTheUnsplitOne() {
        DefinitionPuzzle puzzle =
                new DefinitionPuzzle("cube3", DefinitionBruteForceTest.example("3x3x3.tws"), Metric.POWERS);
        DefinitionSolver solver = new DefinitionSolver(puzzle, settings(32L << 20));
        String start = puzzle.wide().scrambled("R U2 F' L D2 B R' U F2");
        SolveResult whole = solver.solveText(start, null, Budget.UNLIMITED);
        SplitSearch split = solver.split(start, null);
        SplitIda.Runner runner = (prefixes, bound, budget) ->
                prefixes.stream().map(p -> split.subtree(p, bound, budget)).toList();
        for (int depth = 1; depth <= 4; depth++) {
            SolveResult r = SplitIda.solve(split, depth, Budget.UNLIMITED, runner, null);
            assertEquals(whole.moves(), r.moves());
            assertEquals(whole.length(), r.length());
            assertEquals(whole.nodes(), r.nodes(), "depth " + depth);
        }
        SolveResult cut = solver.solveText(start, null, new Budget(whole.nodes() / 2, Long.MAX_VALUE));
        assertEquals(Status.BUDGET_EXCEEDED, cut.status());
        SolveResult resumed = SplitIda.solve(split, 3, Budget.UNLIMITED, runner, null, cut.resumeAt());
        assertEquals(whole.moves(), resumed.moves());
        assertEquals(whole.nodes(), resumed.nodes());
    }

    /** Every state within {@code radius} powers of a listed move of {@code from}, with its distance. */
    private static Map<BruteForceBfs.Key, Integer> ball(Definition d, int[] from, int radius) {
        Map<BruteForceBfs.Key, Integer> seen = new HashMap<>();
        seen.put(new BruteForceBfs.Key(from), 0);
        List<int[]> level = List.of(from);
        for (int depth = 1; depth <= radius; depth++) {
            List<int[]> next = new ArrayList<>();
            for (int[] x : level) {
                for (DefinedMove m : d.moves()) {
                    for (int[] y = BruteForceBfs.apply(d, m, x);
                            !Arrays.equals(y, x);
                            y = BruteForceBfs.apply(d, m, y)) {
                        if (seen.putIfAbsent(new BruteForceBfs.Key(y), depth) == null) {
                            next.add(y);
                        }
                    }
                }
            }
            level = next;
        }
        return seen;
    }

    /** Plays move names (NAME, NAMEk, NAME', NAMEk') as powers of the listed moves. */
    private static int[] replay(Definition d, int[] state, String moves) {
        for (String token : moves.trim().split("\\s+")) {
            if (token.isEmpty()) {
                continue;
            }
            boolean inverse = token.endsWith("'");
            String body = inverse ? token.substring(0, token.length() - 1) : token;
            DefinedMove move = null;
            int k = 1;
            for (DefinedMove m : d.moves()) {
                if (body.equals(m.name())) {
                    move = m;
                } else if (move == null
                        && body.startsWith(m.name())
                        && body.substring(m.name().length()).matches("\\d+")) {
                    move = m;
                    k = Integer.parseInt(body.substring(m.name().length()));
                }
            }
            int order = 1;
            for (int[] y = BruteForceBfs.apply(d, move, state);
                    !Arrays.equals(y, state);
                    y = BruteForceBfs.apply(d, move, y)) {
                order++;
            }
            int times = inverse ? order - k : k;
            for (int t = 0; t < times; t++) {
                state = BruteForceBfs.apply(d, move, state);
            }
        }
        return state;
    }
}
