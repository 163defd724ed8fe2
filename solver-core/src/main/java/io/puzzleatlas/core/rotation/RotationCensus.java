package io.puzzleatlas.core.rotation;

import io.puzzleatlas.core.atlas.CensusPart;
import io.puzzleatlas.core.atlas.MaskCensus;
import io.puzzleatlas.core.concurrent.ChunkedWork;
import io.puzzleatlas.core.concurrent.Lazy;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.LongList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;

/**
 * The rotation game's full space, all 24!/(8!8!8!) = 9,465,511,770 boards, counted by exact optimal distance with
 * {@link MaskCensus} over the one-colour abstraction table of {@link RotationGameSolver} and the eight symmetries of
 * the '#' board (rotations and reflections of the square map the four lines, both directions, onto each other; checked
 * here on the moves and by the census on the table). In-core, units are spread over threads in small chunks; a Spark
 * job uses {@link #engine()}'s {@code census} per partition and {@link #finish} on the driver.
 */
public final class RotationCensus {
    /** Work units per chunk handed to a thread. */
    private static final int CHUNK_UNITS = 64;
    /** Row and column of each cell on the 7 x 7 grid the '#' lies in. */
    private static final int[][] GRID = {
        {0, 2}, {0, 4}, {1, 2}, {1, 4}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6}, {3, 2}, {3, 4}, {4, 0},
        {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {5, 2}, {5, 4}, {6, 2}, {6, 4},
    };

    private static final Lazy<RotationCensus> STANDARD = Lazy.of(() -> {
        DistanceTable t = new RotationGameSolver().table();
        byte[] depth = new byte[(int) t.size()];
        for (int r = 0; r < depth.length; r++) {
            depth[r] = (byte) t.get(r);
        }
        return new RotationCensus(new MaskCensus(RotationGame.CELLS, depth, symmetries()));
    });

    private final MaskCensus engine;

    /** The census's outcome: boards per optimal distance and every board at the radius, sorted. */
    public record Result(long[] histogram, long[] deepest) {
        public int radius() {
            return histogram.length - 1;
        }
    }

    private RotationCensus(MaskCensus engine) {
        this.engine = engine;
    }

    /** The census over {@link RotationGameSolver}'s table (built once per JVM). */
    public static RotationCensus standard() {
        return STANDARD.get();
    }

    public MaskCensus engine() {
        return engine;
    }

    /** The eight symmetries of the board as cell permutations, each checked to permute the moves. */
    public static int[][] symmetries() {
        int[][] perms = new int[8][RotationGame.CELLS];
        for (int g = 0; g < 8; g++) {
            for (int c = 0; c < RotationGame.CELLS; c++) {
                int r = GRID[c][0];
                int k = GRID[c][1];
                int[] to = switch (g) {
                    case 0 -> new int[] {r, k};
                    case 1 -> new int[] {k, 6 - r};
                    case 2 -> new int[] {6 - r, 6 - k};
                    case 3 -> new int[] {6 - k, r};
                    case 4 -> new int[] {r, 6 - k};
                    case 5 -> new int[] {6 - r, k};
                    case 6 -> new int[] {k, r};
                    default -> new int[] {6 - k, 6 - r};
                };
                perms[g][c] = cellAt(to[0], to[1]);
            }
            checkMapsMovesToMoves(perms[g]);
        }
        return perms;
    }

    private static int cellAt(int row, int col) {
        for (int c = 0; c < GRID.length; c++) {
            if (GRID[c][0] == row && GRID[c][1] == col) {
                return c;
            }
        }
        throw new IllegalStateException("no cell at " + row + "," + col);
    }

    /** g m g^-1 must be one of the eight moves for every move m. */
    private static void checkMapsMovesToMoves(int[] g) {
        for (int m = 0; m < RotationGame.MOVES; m++) {
            boolean found = false;
            for (int m2 = 0; m2 < RotationGame.MOVES && !found; m2++) {
                boolean same = true;
                for (int c = 0; c < RotationGame.CELLS && same; c++) {
                    int target = Integer.numberOfTrailingZeros(RotationGame.moveMask(1 << c, m));
                    int mapped = Integer.numberOfTrailingZeros(RotationGame.moveMask(1 << g[c], m2));
                    same = mapped == g[target];
                }
                found = same;
            }
            if (!found) {
                throw new IllegalStateException("symmetry does not map move " + m + " to a move");
            }
        }
    }

    /** The whole census on {@code threads} threads. */
    public Result run(int threads) {
        int units = engine.unitCount();
        int chunks = (units + CHUNK_UNITS - 1) / CHUNK_UNITS;
        ExecutorService pool = ChunkedWork.pool(threads, "rotation-census");
        try {
            List<CensusPart> all = new ArrayList<>();
            for (List<CensusPart> parts : ChunkedWork.run(
                    pool,
                    threads,
                    chunks,
                    w -> new ArrayList<CensusPart>(),
                    (parts, c) -> parts.add(engine.census(c * CHUNK_UNITS, Math.min(units, (c + 1) * CHUNK_UNITS))),
                    "rotation census")) {
                all.addAll(parts);
            }
            return finish(engine, all);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Merges parts covering every unit: sums the histograms, keeps the representatives of the parts that reached the
     * radius (asking a truncated one again), expands them by symmetry.
     */
    public static Result finish(MaskCensus engine, List<CensusPart> parts) {
        long[] histogram = new long[0];
        int radius = -1;
        for (CensusPart p : parts) {
            histogram = CensusPart.addHistograms(histogram, p.histogram());
            radius = Math.max(radius, p.maxDepth());
        }
        LongList reps = new LongList();
        for (CensusPart p : parts) {
            if (p.maxDepth() == radius) {
                long[] boards = p.truncated() ? engine.deepestAt(p.fromUnit(), p.toUnit(), radius) : p.deepest();
                for (long b : boards) {
                    reps.add(b);
                }
            }
        }
        return new Result(Arrays.copyOf(histogram, radius + 1), engine.expand(reps.toArray()));
    }
}
