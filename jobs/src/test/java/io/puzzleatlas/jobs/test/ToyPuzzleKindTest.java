package io.puzzleatlas.jobs.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.encoding.Permutations;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.InvalidBoardException;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.registry.PuzzleRegistry;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.search.TableDescent;
import io.puzzleatlas.core.table.BreadthFirstTableBuilder;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A puzzle kind added through the registry alone works in every command: a toy puzzle defined in this test (four
 * numbered cells, moves {@code r} = rotate left, {@code s} = swap the first two; 24 boards) is registered at run time
 * and driven through generate, solve (both engines), explore (both engines), atlas and report, with no change anywhere
 * else.
 */
@Tag("slow")
class ToyPuzzleKindTest extends SparkSuite {
    @TempDir
    Path tmp;

    @Test
    void aToyKindWorksInEveryCommand() throws Exception {
        try (AutoCloseable registered = PuzzleRegistry.register(new ToyKind())) {
            Assertions.assertTrue(PuzzleRegistry.names().contains("toy-four"));

            run("generate", "--puzzle", "toy-four", "--all", "--output", tmp.resolve("gen"));
            assertEquals(24, parquet(tmp.resolve("gen"), "instances").count());

            Path csv = Files.writeString(tmp.resolve("in.csv"), "start\n2 1 3 4\n2 3 4 1\n1 2 3 4\n1 1 2 3\n");
            for (String engine : List.of("local", "spark")) {
                Path out = tmp.resolve("solve-" + engine);
                CliRun r =
                        CliRun.of("solve", "--puzzle", "toy-four", "--input", csv, "--engine", engine, "--output", out);
                assertEquals(0, r.status(), r.err());
                Assertions.assertTrue(
                        r.out().contains("solve: read 4 | results 3 | errors 1 | reconciles yes"), r.out());
                List<Row> rows = parquet(out, "results").orderBy("instance_id").collectAsList();
                // 2 1 3 4: one swap; 2 3 4 1: three left rotations (no shorter way; r before s in the tie-break)
                assertEquals(List.of("s", "rrr", ""), strings(rows, rows.get(0).fieldIndex("moves")));
                Row error = parquet(out, "errors").collectAsList().get(0);
                Assertions.assertTrue(error.getString(3).contains("tile 1 twice"), error.toString());
            }
            run("solve", "--puzzle", "toy-four", "--all", "--output", tmp.resolve("all"));
            assertEquals(
                    24,
                    parquet(tmp.resolve("all"), "results")
                            .where("status = 'SOLVED'")
                            .count());

            long[] expected = new ToyKind().table().histogram();
            for (String engine : List.of("local", "spark")) {
                Path out = tmp.resolve("explore-" + engine);
                run("explore", "--puzzle", "toy-four", "--engine", engine, "--output", out);
                long[] histogram = parquet(out, "histogram").orderBy("depth").collectAsList().stream()
                        .mapToLong(r -> r.getLong(r.fieldIndex("count")))
                        .toArray();
                Assertions.assertArrayEquals(expected, histogram, engine);
            }

            Path atlas = tmp.resolve("atlas");
            run("atlas", "--puzzle", "toy-four", "--output", atlas);
            run("report", "--input", atlas, "--output", tmp.resolve("report"));
            String page = Files.readString(tmp.resolve("report").resolve("index.html"));
            Assertions.assertTrue(page.contains("toy-four-space"), "the toy space is in the report");
            Assertions.assertTrue(
                    page.contains("title=\"" + new ToyPuzzle().format(new ToyKind().deepest()) + "\""),
                    "its deepest board is drawn");
        }
        Assertions.assertFalse(PuzzleRegistry.names().contains("toy-four"));
        CliRun.of("solve", "--puzzle", "toy-four", "--random", 1, "--output", tmp.resolve("x"))
                .expectOneLine(2, "unknown puzzle 'toy-four'", "eight-puzzle");
    }

    /** Boards: four nibbles, cell c holding tile t (1..4) at bits 4c..4c+3. */
    static final class ToyPuzzle implements Puzzle {
        static final long SOLVED = pack(new int[] {1, 2, 3, 4});

        static long pack(int[] tiles) {
            long b = 0;
            for (int c = 0; c < 4; c++) {
                b |= (long) tiles[c] << (4 * c);
            }
            return b;
        }

        static int tile(long board, int cell) {
            return (int) (board >>> (4 * cell)) & 0xF;
        }

        @Override
        public String name() {
            return "toy-four";
        }

        @Override
        public int cellCount() {
            return 4;
        }

        @Override
        public List<String> moveNames() {
            return List.of("r", "s");
        }

        @Override
        public long parse(String[] tokens) {
            if (tokens.length != 4) {
                throw new InvalidBoardException("expected 4 tiles, got " + tokens.length);
            }
            int[] tiles = new int[4];
            boolean[] seen = new boolean[5];
            for (int c = 0; c < 4; c++) {
                if (!tokens[c].matches("[1-4]")) {
                    throw new InvalidBoardException("cell " + (c + 1) + ": '" + tokens[c] + "' is not a tile 1-4");
                }
                tiles[c] = Integer.parseInt(tokens[c]);
                if (seen[tiles[c]]) {
                    throw new InvalidBoardException("tile " + tiles[c] + " twice");
                }
                seen[tiles[c]] = true;
            }
            return pack(tiles);
        }

        @Override
        public String format(long board) {
            return tile(board, 0) + " " + tile(board, 1) + " " + tile(board, 2) + " " + tile(board, 3);
        }

        @Override
        public long applyMove(long board, int move) {
            int[] t = {tile(board, 0), tile(board, 1), tile(board, 2), tile(board, 3)};
            return move == 0 ? pack(new int[] {t[1], t[2], t[3], t[0]}) : pack(new int[] {t[1], t[0], t[2], t[3]});
        }

        @Override
        public boolean hasGoalBoard() {
            return true;
        }

        @Override
        public long defaultGoal() {
            return SOLVED;
        }

        @Override
        public boolean isGoal(long board, long goal) {
            return board == goal;
        }

        @Override
        public boolean reachable(long start, long goal) {
            return true; // a rotation and a transposition generate every permutation
        }

        @Override
        public long boardCount() {
            return 24;
        }

        @Override
        public long board(long index, long reference) {
            return Permutations.unrank(index, 4) + 0x1111; // tiles 1..4 are the permutation's 0..3 plus one
        }

        @Override
        public long rank(long board, long reference) {
            return Permutations.rank(board - 0x1111, 4);
        }
    }

    /** The toy's boards as a ranked space, distances to the solved board (moves undone backwards). */
    static final class ToySpace implements RankedSpace {
        private final ToyPuzzle puzzle = new ToyPuzzle();

        @Override
        public long size() {
            return 24;
        }

        @Override
        public long rank(long state) {
            return puzzle.rank(state, ToyPuzzle.SOLVED);
        }

        @Override
        public long unrank(long rank) {
            return puzzle.board(rank, ToyPuzzle.SOLVED);
        }

        @Override
        public int moveCount() {
            return 2;
        }

        @Override
        public long move(long state, int m) {
            return puzzle.applyMove(state, m);
        }

        @Override
        public long unmove(long state, int m) {
            return m == 0
                    ? puzzle.applyMove(puzzle.applyMove(puzzle.applyMove(state, 0), 0), 0)
                    : puzzle.applyMove(state, 1);
        }

        @Override
        public long goal() {
            return ToyPuzzle.SOLVED;
        }
    }

    static final class ToyKind implements PuzzleKind {
        DistanceTable table() {
            return BreadthFirstTableBuilder.build(new ToySpace());
        }

        long deepest() {
            return new ToySpace().unrank(TableSummaries.deepestRanks(table())[0]);
        }

        @Override
        public List<String> names() {
            return List.of("toy-four");
        }

        @Override
        public Puzzle puzzle(String name) {
            return name.equals("toy-four") ? new ToyPuzzle() : null;
        }

        @Override
        public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
            ToySpace space = new ToySpace();
            TableDescent descent = new TableDescent(space, table(), puzzle);
            return new PuzzleSolver() {
                @Override
                public Puzzle puzzle() {
                    return puzzle;
                }

                @Override
                public SolveResult solve(long start, long goal, Budget budget) {
                    if (goal != ToyPuzzle.SOLVED) {
                        return SolveResult.unsolvable("the toy solves to 1 2 3 4 only", 0);
                    }
                    return descent.solve(start);
                }
            };
        }

        @Override
        public RankedSpace space(Puzzle puzzle, long goal) {
            return new ToySpace();
        }

        @Override
        public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
            DistanceTable t = table();
            long[] deepest = Arrays.stream(TableSummaries.deepestRanks(t))
                    .map(new ToySpace()::unrank)
                    .toArray();
            return List.of(new AtlasPart(
                    new SpaceSummary("toy-four-space", "toy-four", t.histogram(), deepest),
                    puzzle.format(ToyPuzzle.SOLVED)));
        }

        @Override
        public BoardDrawing drawing(Puzzle puzzle) {
            return BoardDrawing.grid(1, 4, null);
        }
    }
}
