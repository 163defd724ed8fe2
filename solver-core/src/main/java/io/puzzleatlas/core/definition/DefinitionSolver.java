package io.puzzleatlas.core.definition;

import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.kind.TooLargeException;
import io.puzzleatlas.core.puzzle.MoveText;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.puzzle.WideBoards;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolvePlan;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.SplitSearch;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Solves a defined puzzle optimally, the smallest move string in move order among the shortest, by one of two methods
 * ({@link #method()}):
 *
 * <ul>
 *   <li><b>table descent</b> when the boards are numbered in a long, their space fits one distance table and the table
 *       fits the memory: every distance, then from each state the first move one step closer (microseconds a position);
 *   <li><b>IDA* with pattern databases</b> otherwise ({@link PatternSpaces}, {@link DefinitionIdaStar}).
 * </ul>
 *
 * The method, the projections and the table files are the plan's ({@link SolvePlan}): the one in the settings, made
 * once on a job's driver, used as is (the projections rebuilt for its table cap and checked against it; this JVM's heap
 * never looked at); without one, this solver makes its own from {@link SolverSettings#tablesMemoryBytes()}
 * ({@link #plan}). Tables are read from the table directory or built there once (on all cores) and kept for the JVM
 * ({@link DefinitionTables}). Every IDA* answer is replayed on the start before it is returned.
 */
final class DefinitionSolver implements PuzzleSolver {
    /** How a solver answers. */
    enum Method {
        DESCENT("table descent"),
        IDA("IDA* with pattern databases");

        final String words;

        Method(String words) {
            this.words = words;
        }

        /** The method a plan names. */
        static Method of(String words) {
            for (Method m : values()) {
                if (m.words.equals(words)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("a plan names no method of a definition: " + words);
        }
    }

    /** Plans made by solvers without one (a test seam: a job makes one, on its driver). */
    private static final AtomicLong PLANS_MADE = new AtomicLong();

    private final DefinitionPuzzle puzzle;
    private final SolverSettings settings;
    private final Method method;
    /** The bytes the tables are chosen for: the given plan's, else this JVM's settings'. */
    private final long memory;
    /** The plan given in the settings, or null. */
    private final SolvePlan given;

    private final MoveText text;
    /** Per goal board, the table descent. */
    private final ConcurrentHashMap<Long, TableDescent> descents = new ConcurrentHashMap<>();
    /** Per goal text, the IDA* toward it. */
    private final ConcurrentHashMap<String, Goal> searches = new ConcurrentHashMap<>();

    /** The most ranks of one projection's table: the given plan's, else chosen for {@link #memory}. */
    private final Lazy<Long> cap;

    private final Lazy<List<PatternSpaces.Pattern>> patterns;

    /** Whether every table's file is read back, and written again when damaged ({@code tables build}). */
    private final boolean checkFiles;

    /** Whether the projections get move tables: not for a solver that only plans ({@link PlanCost}). */
    private final boolean tabulate;

    DefinitionSolver(DefinitionPuzzle puzzle, SolverSettings settings) {
        this(puzzle, settings, null, false);
    }

    DefinitionSolver(DefinitionPuzzle puzzle, SolverSettings settings, Method forced) {
        this(puzzle, settings, forced, false);
    }

    /**
     * @param forced this method whatever the sizes (tests search small puzzles with IDA*); null: chosen. A plan in the
     *     settings decides instead.
     * @param checkFiles read every table's file back, writing it again when missing or damaged
     */
    DefinitionSolver(DefinitionPuzzle puzzle, SolverSettings settings, Method forced, boolean checkFiles) {
        this(puzzle, settings, forced, checkFiles, -1);
    }

    /**
     * @param forcedCap with a forced method and no plan: the cap on one pattern table's ranks ({@link PlanCost} tries
     *     several: such a solver only plans, its projections are numbered but get no move tables), -1: chosen for the
     *     memory
     */
    DefinitionSolver(
            DefinitionPuzzle puzzle, SolverSettings settings, Method forced, boolean checkFiles, long forcedCap) {
        this.checkFiles = checkFiles;
        this.puzzle = puzzle;
        this.settings = settings;
        this.given = settings.plan();
        if (given != null) {
            this.memory = given.memoryBytes();
            this.method = Method.of(given.method());
            this.cap = Lazy.of(given::tableCap);
        } else {
            if (forcedCap < 0) {
                PLANS_MADE.incrementAndGet();
            }
            this.memory = settings.tablesMemoryBytes();
            this.method = forced != null ? forced : choose(puzzle, memory);
            this.cap = forcedCap >= 0
                    ? Lazy.of(() -> forcedCap)
                    : Lazy.of(() -> PatternSpaces.cap(puzzle.moves(), memory));
        }
        this.text = new MoveText(puzzle);
        this.tabulate = given != null || forcedCap < 0;
        this.patterns = Lazy.of(this::projections);
    }

    /** How many solvers of this JVM made their own plan (none is given one). */
    static long plansMade() {
        return PLANS_MADE.get();
    }

    /** Counts a plan made by its cost ({@link PlanCost}), whose candidate solvers count none. */
    static void plansMadeHere() {
        PLANS_MADE.incrementAndGet();
    }

    /** The projections searched with (IDA*). */
    List<PatternSpaces.Pattern> patternList() {
        return patterns.get();
    }

    /** The projections of the cap; those of a given plan must be the ones it names. */
    private List<PatternSpaces.Pattern> projections() {
        return fitting(PatternSpaces.of(puzzle.moves(), cap.get(), tabulate));
    }

    /** {@code list}, when it is the given plan's projections (there is no plan, or they are the ones it names). */
    private List<PatternSpaces.Pattern> fitting(List<PatternSpaces.Pattern> list) {
        if (given != null && !specs(list).equals(given.projections())) {
            throw new IllegalStateException(puzzle.name() + ": the plan's projections (" + given.projections()
                    + ") are not this definition's for its cap (" + specs(list) + ")");
        }
        return list;
    }

    private static List<String> specs(List<PatternSpaces.Pattern> list) {
        List<String> specs = new ArrayList<>();
        for (PatternSpaces.Pattern p : list) {
            specs.add(p.spec());
        }
        return specs;
    }

    /** Table descent where the boards' space has one table within {@code memory} bytes, else IDA*. */
    static Method choose(DefinitionPuzzle puzzle, long memory) {
        if (puzzle.wide() != null) {
            return Method.IDA;
        }
        long size = puzzle.boardCount();
        return size <= TwoBitBreadthFirstSearch.MAX_RANKS && size <= memory ? Method.DESCENT : Method.IDA;
    }

    /**
     * The plan of this solver toward {@code goal} (text; null: the solved state): its method, projections, table files
     * with their keys' digests, memory and cap. What a job's driver ships to its executors.
     */
    SolvePlan plan(String goal) {
        List<SolvePlan.Table> tables = new ArrayList<>();
        for (String key : tableKeys(goal)) {
            tables.add(new SolvePlan.Table(
                    DefinitionTables.fileName(puzzle.name(), key), DefinitionTables.keyDigest(key)));
        }
        String why = given == null ? "" : given.why();
        return method == Method.DESCENT
                ? new SolvePlan(method.words, List.of(), tables, memory, 0, why)
                : new SolvePlan(method.words, specs(patterns.get()), tables, memory, cap.get(), why);
    }

    @Override
    public Puzzle puzzle() {
        return puzzle;
    }

    /** The method of this solver, as the solve summary names it. */
    Method method() {
        return method;
    }

    /**
     * The method and its tables, for the summary line: {@code IDA* with pattern databases: CORNER: all; ...}. The
     * projections are named and counted without their move tables: a job's driver describes with a solver of its own,
     * whose tables would be tabulated only for this line (seconds, on a 3x3x3).
     */
    @Override
    public String describe() {
        if (method == Method.DESCENT) {
            return method.words + " (" + String.format(Locale.ROOT, "%,d", puzzle.boardCount()) + " states)";
        }
        List<String> described = new ArrayList<>();
        for (PatternSpaces.Pattern p : fitting(PatternSpaces.of(puzzle.moves(), cap.get(), false))) {
            described.add(
                    p.spec() + String.format(Locale.ROOT, " (%,d)", p.space().size()));
        }
        return method.words + ": " + String.join("; ", described);
    }

    @Override
    public boolean costVaries() {
        return method == Method.IDA;
    }

    private Path directory() {
        return Paths.get(settings.tables());
    }

    @Override
    public void prepare(String goal) {
        if (checkFiles) { // every place a table goes checked before any is built
            for (String f : tableFiles(goal)) {
                DefinitionTables.checkWritable(
                        directory().resolve(f).toAbsolutePath().normalize());
            }
        }
        if (method == Method.DESCENT) {
            descent(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal));
        } else {
            search(goal == null ? defaultGoalText() : goal);
        }
    }

    /** The table files solving toward {@code goal} (text; null: the solved state) reads. */
    List<String> tableFiles(String goal) {
        List<String> files = new ArrayList<>();
        for (String key : tableKeys(goal)) {
            files.add(DefinitionTables.fileName(puzzle.name(), key));
        }
        return files;
    }

    private List<String> tableKeys(String goal) {
        if (method == Method.DESCENT) {
            return List.of(descentKey(goal == null ? puzzle.defaultGoal() : puzzle.parse(goal)));
        }
        int[][] g = goalState(goal == null ? defaultGoalText() : goal);
        List<String> keys = new ArrayList<>();
        for (PatternSpaces.Pattern p : patterns.get()) {
            if (p.tabled()) {
                keys.add(patternKey(p, p.space().rank(g[0], g[1])));
            }
        }
        return keys;
    }

    private String descentKey(long goal) {
        return puzzle.fingerprint() + "\ndistances of every state to board " + goal;
    }

    private String patternKey(PatternSpaces.Pattern p, long goalRank) {
        return puzzle.fingerprint() + "\npattern " + p.spec() + " (" + p.space().size() + " ranks) to rank " + goalRank;
    }

    private String defaultGoalText() {
        WideBoards wide = puzzle.wide();
        return wide != null ? wide.defaultGoal() : puzzle.format(puzzle.defaultGoal());
    }

    private int[][] goalState(String goal) {
        WideBoards wide = puzzle.wide();
        if (wide != null) {
            return ((DefinitionWideBoards) wide).parse(goal);
        }
        int[] labels = new int[puzzle.moves().slotCount];
        int[] orientations = new int[labels.length];
        puzzle.state(puzzle.parse(goal), labels, orientations);
        return new int[][] {labels, orientations};
    }

    /** The descent toward {@code goal} over the space whose ranks are the boards (per orbit or chain). */
    private TableDescent descent(long goal) {
        return descents.computeIfAbsent(goal, g -> {
            RankedSpace space = puzzle.rankedSpace(g);
            DistanceTable table = table(descentKey(g), file -> {
                TooLargeException.checkHeap("the distance table of " + puzzle.name(), space.size() + space.size() / 4);
                return BreadthFirstTableBuilder.build(
                        space, Runtime.getRuntime().availableProcessors(), file, settings.progressSeconds());
            });
            // per orbit: every move of a state stepped at once (one unrank of an untabled orbit for all of them)
            return space instanceof DefinitionSpace ds
                    ? new TableDescent(space, table, puzzle, ds::successors)
                    : new TableDescent(space, table, puzzle);
        });
    }

    /**
     * The table of {@code key}: in memory, else its file, else built ({@link DefinitionTables}) by {@code build} given
     * the file's name (its progress lines name it).
     */
    private DistanceTable table(String key, Function<String, DistanceTable> build) {
        String name = DefinitionTables.fileName(puzzle.name(), key);
        Supplier<DistanceTable> builder = () -> build.apply(name);
        return checkFiles
                ? DefinitionTables.getChecked(directory(), puzzle.name(), key, builder, System.err)
                : DefinitionTables.get(
                        directory(), puzzle.name(), key, settings.buildTables(), buildCommand(), builder, System.err);
    }

    /** The start of the {@code tables build} that writes this puzzle's tables: {@code 'tables build --puzzle F.tws}. */
    private String buildCommand() {
        Definition d = puzzle.definition();
        return "'tables build --puzzle " + d.file()
                + (puzzle.moves().metric() == d.defaultMetric()
                        ? ""
                        : " --metric " + puzzle.moves().metric().word());
    }

    /** The IDA* toward a goal and the goal's state. */
    private record Goal(DefinitionIdaStar search, DefinitionSpace[] spaces, int[] labels, int[] orientations) {}

    private Goal search(String goalText) {
        return searches.computeIfAbsent(goalText, t -> {
            int[][] g = goalState(t);
            List<PatternSpaces.Pattern> list = patterns.get();
            DefinitionSpace[] spaces = new DefinitionSpace[list.size()];
            DistanceTable[] tables = new DistanceTable[list.size()];
            long[] goalRanks = new long[list.size()];
            for (int p = 0; p < spaces.length; p++) {
                PatternSpaces.Pattern pattern = list.get(p);
                goalRanks[p] = pattern.space().rank(g[0], g[1]);
                DefinitionSpace space = pattern.space().toward(goalRanks[p]);
                spaces[p] = space;
                if (pattern.tabled()) {
                    tables[p] = table(
                            patternKey(pattern, goalRanks[p]),
                            file -> BreadthFirstTableBuilder.build(
                                    space,
                                    Runtime.getRuntime().availableProcessors(),
                                    file,
                                    settings.progressSeconds()));
                }
            }
            return new Goal(new DefinitionIdaStar(puzzle.moves(), spaces, tables, goalRanks), spaces, g[0], g[1]);
        });
    }

    @Override
    public SolveResult solve(long start, long goal, Budget budget) {
        if (!puzzle.reachable(start, goal)) {
            return SolveResult.unsolvable("goal is not reachable from this board: no sequence of moves links them", 0);
        }
        if (method == Method.DESCENT) {
            return descent(goal).solve(start);
        }
        int[] labels = new int[puzzle.moves().slotCount];
        int[] orientations = new int[labels.length];
        puzzle.state(start, labels, orientations);
        return searchFrom(labels, orientations, search(puzzle.format(goal)), budget, null);
    }

    @Override
    public SolveResult solveText(String start, String goal, Budget budget) {
        WideBoards wide = puzzle.wide();
        if (wide == null) {
            return PuzzleSolver.super.solveText(start, goal, budget);
        }
        int[][] s = ((DefinitionWideBoards) wide).parse(start);
        Goal g = search(goal == null ? wide.defaultGoal() : wide.canonical(goal));
        if (!puzzle.reachable(s[0], s[1], g.labels(), g.orientations())) {
            return SolveResult.unsolvable("goal is not reachable from this board: no sequence of moves links them", 0);
        }
        return searchFrom(s[0], s[1], g, budget, null);
    }

    /**
     * The IDA* of a board given as text cut into pieces ({@link SplitSearch}); null for table descent, a start at the
     * goal or an unreachable goal (which {@link #solveText} answers at once).
     */
    @Override
    public SplitSearch split(String start, String goal) {
        if (method != Method.IDA) {
            return null;
        }
        WideBoards wide = puzzle.wide();
        int[][] s;
        Goal g;
        if (wide != null) {
            s = ((DefinitionWideBoards) wide).parse(start);
            g = search(goal == null ? wide.defaultGoal() : wide.canonical(goal));
        } else {
            s = new int[2][puzzle.moves().slotCount];
            puzzle.state(puzzle.parse(start), s[0], s[1]);
            g = search(goal == null ? defaultGoalText() : puzzle.format(puzzle.parse(goal)));
        }
        if (!puzzle.reachable(s[0], s[1], g.labels(), g.orientations())
                || (Arrays.equals(s[0], g.labels()) && Arrays.equals(s[1], g.orientations()))) {
            return null;
        }
        long[] ranks = ranks(s[0], s[1], g);
        return g.search().split(ranks, puzzle.moveNames(), (moves, nodes) -> {
            int[] path = moves.isEmpty() ? new int[0] : puzzle.moveIndices(moves);
            return replayed(s[0], s[1], g, path, nodes);
        });
    }

    private static long[] ranks(int[] labels, int[] orientations, Goal g) {
        long[] ranks = new long[g.spaces().length];
        for (int p = 0; p < ranks.length; p++) {
            ranks[p] = g.spaces()[p].rank(labels, orientations);
        }
        return ranks;
    }

    /** IDA* from a state toward {@code g}, the answer replayed before it is returned. */
    private SolveResult searchFrom(
            int[] labels, int[] orientations, Goal g, Budget budget, SolveResult.ResumePoint from) {
        DefinitionIdaStar.Answer a = g.search().solve(ranks(labels, orientations, g), puzzle.moveNames(), budget, from);
        if (a.failure() != null) {
            return a.failure();
        }
        return replayed(labels, orientations, g, a.path(), a.nodes());
    }

    /** The answer {@code path} from a state, after checking that it reaches the goal of {@code g}. */
    private SolveResult replayed(int[] labels, int[] orientations, Goal g, int[] path, long nodes) {
        int[] l = labels.clone();
        int[] o = orientations.clone();
        int[] l2 = new int[l.length];
        int[] o2 = new int[l.length];
        for (int m : path) {
            puzzle.moves().apply(m, l, o, l2, o2);
            System.arraycopy(l2, 0, l, 0, l.length);
            System.arraycopy(o2, 0, o, 0, o.length);
        }
        if (!Arrays.equals(l, g.labels()) || !Arrays.equals(o, g.orientations())) {
            throw new IllegalStateException(
                    puzzle.name() + ": the answer " + text.of(path, path.length) + " does not replay to the goal");
        }
        return SolveResult.solved(text.of(path, path.length), path.length, nodes);
    }
}
