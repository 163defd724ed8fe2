package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.TableKind;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The puzzles of one definition file: {@code NAME} in the file's default metric, and {@code NAME-powers},
 * {@code NAME-generators} and {@code NAME-listed}. Solved by table descent or IDA* ({@link DefinitionSolver}); its
 * space ({@link #space}, what {@code explore} searches) and its atlas (the in-core two-bit breadth-first search) are
 * the space whose ranks are the puzzle's boards ({@link DefinitionPuzzle#rankedSpace}): the stabiliser chain's ranks
 * ({@link ChainSpace}) when the pieces are distinct and the group is smaller than the per-orbit ranks or these do not
 * fit a long, else the per-orbit ranks ({@link DefinitionSpace}).
 */
public final class DefinitionKind implements TableKind {
    private final Definition definition;
    private final ConcurrentHashMap<String, DefinitionPuzzle> puzzles = new ConcurrentHashMap<>();
    private final String name;

    /** The kind of {@code definition}, its puzzles named {@code name} (a file's stem: {@code 2x2x2}). */
    public DefinitionKind(Definition definition, String name) {
        this.definition = definition;
        this.name = name;
    }

    /** The kind of a file, named after the file without its extension. */
    public static DefinitionKind of(Path file) {
        return new DefinitionKind(DefinitionReader.read(file), stem(file.toString()));
    }

    /** The kind of a file's content ({@code file} names it in messages and gives the kind its name). */
    public static DefinitionKind of(String file, byte[] content) {
        return new DefinitionKind(DefinitionReader.parse(file, content), stem(file));
    }

    /** A file's name without its directories and extension: the name of its puzzles before their metric. */
    public static String stem(String file) {
        String stem = file.substring(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
        int dot = stem.lastIndexOf('.');
        return dot > 0 ? stem.substring(0, dot) : stem;
    }

    /** The name of the kind's puzzles before their metric: the file's stem. */
    public String stem() {
        return name;
    }

    public Definition definition() {
        return definition;
    }

    @Override
    public List<String> names() {
        return List.of(name, name + "-powers", name + "-generators", name + "-listed");
    }

    @Override
    public Puzzle puzzle(String puzzleName) {
        Metric metric = puzzleName.equals(name) ? definition.defaultMetric() : null;
        for (Metric m : Metric.values()) {
            metric = puzzleName.equals(name + "-" + m.word()) ? m : metric;
        }
        if (metric == null) {
            return null;
        }
        Metric chosen = metric;
        // one puzzle per name: its lazily built ranks, group and tables are shared by every task of the JVM
        return puzzles.computeIfAbsent(puzzleName, n -> new DefinitionPuzzle(n, definition, chosen));
    }

    @Override
    public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
        return new DefinitionSolver((DefinitionPuzzle) puzzle, settings);
    }

    /** The distance table (table descent) or pattern databases (IDA*) solving toward {@code goal} reads. */
    @Override
    public List<String> tableFiles(Puzzle puzzle, SolverSettings settings, String goal) {
        return new DefinitionSolver((DefinitionPuzzle) puzzle, settings).tableFiles(goal);
    }

    /**
     * The method, projections and table files solving toward {@code goal}: the settings' plan, else one made here from
     * {@link SolverSettings#tablesMemoryBytes()} (on a job's driver, once).
     */
    @Override
    public SolvePlan plan(Puzzle puzzle, SolverSettings settings, String goal) {
        return settings.plan() != null
                ? new DefinitionSolver((DefinitionPuzzle) puzzle, settings).plan(goal)
                : PlanCost.plan((DefinitionPuzzle) puzzle, settings, goal);
    }

    /** Builds the tables of {@link #tableFiles}: each file read back whole, written where missing or damaged. */
    @Override
    public void buildTables(Puzzle puzzle, SolverSettings settings, String goal) {
        new DefinitionSolver((DefinitionPuzzle) puzzle, settings.withBuild(true), null, true).prepare(goal);
    }

    @Override
    public RankedSpace space(Puzzle puzzle, long goal) {
        DefinitionPuzzle p = (DefinitionPuzzle) puzzle;
        return p.rankedSpace(goal == -1 ? p.defaultGoal() : goal);
    }

    /**
     * The ranks' scheme and how many states they hold: the group's order by Schreier-Sims where the pieces are distinct
     * (then it is the number of states), else at most the ranks (a coset space: its states are counted by the search).
     */
    @Override
    public String describeSpace(Puzzle puzzle) {
        DefinitionPuzzle p = (DefinitionPuzzle) puzzle;
        String ranks = p.ranksThroughChain()
                ? p.chainSpace().describe()
                : "per orbit, " + p.space().describe();
        String states = definition.hasIdenticalPieces()
                ? "identical pieces: a coset space of at most that many states, counted by the search"
                : String.format(
                        Locale.ROOT,
                        "group order %,d (Schreier-Sims): the number of states",
                        p.group().order());
        return "ranks: " + ranks + "; " + states + "; metric "
                + p.moves().metric().word();
    }

    /** Every state's distance to the solved state (or to {@code goal}): the histogram and the deepest states. */
    @Override
    public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        DefinitionPuzzle p = (DefinitionPuzzle) puzzle;
        long g = goal == null ? p.defaultGoal() : p.parse(goal);
        RankedSpace space = p.rankedSpace(g);
        long size = space.size();
        long goalRank = space.goal();
        if (size > TwoBitBreadthFirstSearch.MAX_RANKS) {
            throw new TooLargeException(p.name() + ": " + size + " ranks, more than the "
                    + TwoBitBreadthFirstSearch.MAX_RANKS + " one two-bit array holds");
        }
        String spaceName = p.name() + (g == p.defaultGoal() ? "" : "-goal-" + g);
        long heap = TwoBitBreadthFirstSearch.checkpointBytes(size) + (64L << 20);
        TooLargeException.checkHeap("the atlas of " + p.name(), heap);
        control.planned(spaceName, size, heap, TwoBitBreadthFirstSearch.checkpointBytes(size));
        TwoBitBreadthFirstSearch.Result r = TwoBitBreadthFirstSearch.run(
                size,
                goalRank,
                t -> space.predecessors(),
                threads,
                control.resume(spaceName, size, goalRank),
                control.maxLevel(),
                control.observer(spaceName, size, goalRank));
        if (!r.complete()) {
            throw new SearchControl.StoppedException(spaceName, r.histogram().length - 1);
        }
        // the ranks are the boards
        return List.of(
                new AtlasPart(new SpaceSummary(spaceName, p.name(), r.histogram(), r.deepestRanks()), p.format(g)));
    }

    /** One row per set for its pieces and one for its orientations (where it has some). */
    @Override
    public BoardDrawing drawing(Puzzle puzzle) {
        int rows = 0;
        int cols = 1;
        for (PieceSet s : definition.sets()) {
            rows += s.orientations() > 1 ? 2 : 1;
            cols = Math.max(cols, s.slots());
        }
        int[] at = new int[rows * cols];
        Arrays.fill(at, -1);
        int row = 0;
        int token = 0;
        for (PieceSet s : definition.sets()) {
            for (int r = 0; r < (s.orientations() > 1 ? 2 : 1); r++, row++) {
                for (int c = 0; c < s.slots(); c++) {
                    at[row * cols + c] = token++;
                }
            }
        }
        return new BoardDrawing(rows, cols, at, Map.of(), null);
    }
}
