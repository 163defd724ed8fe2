package io.puzzleatlas.core.cube;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.atlas.SpaceSummary;
import io.puzzleatlas.core.atlas.TableSummaries;
import io.puzzleatlas.core.kind.AtlasPart;
import io.puzzleatlas.core.kind.BoardDrawing;
import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.DistanceTable;
import io.puzzleatlas.core.table.RankedSpace;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The pocket cube in two metrics, {@code pocket-cube} (half turns) and {@code pocket-cube-qtm} (quarter turns): solved
 * by a full distance table over its 3,674,160 coordinates (docs/pocket-cube.md).
 */
public final class PocketCubeKind implements PuzzleKind {
    @Override
    public List<String> names() {
        return List.of("pocket-cube", "pocket-cube-qtm");
    }

    @Override
    public Puzzle puzzle(String name) {
        return switch (name) {
            case "pocket-cube" -> new PocketCube(false);
            case "pocket-cube-qtm" -> new PocketCube(true);
            default -> null;
        };
    }

    @Override
    public PuzzleSolver solver(Puzzle puzzle, SolverSettings settings) {
        return new CubeSolver((PocketCube) puzzle);
    }

    @Override
    public RankedSpace space(Puzzle puzzle, long goal) {
        return new CubeSpace((PocketCube) puzzle, goal == -1 ? Cubies.SOLVED : goal);
    }

    @Override
    public String stateText(Puzzle puzzle, long state) {
        return puzzle.format(Cubies.state((int) state));
    }

    /** Every cube's distance from the solved one (or from {@code goal}): histogram and the deepest cubes. */
    @Override
    public List<AtlasPart> atlas(Puzzle puzzle, String goal, int threads, SearchControl control) {
        PocketCube cube = (PocketCube) puzzle;
        long g = goal == null ? Cubies.SOLVED : cube.parse(goal);
        if (!cube.reachable(g, g)) {
            throw new IllegalArgumentException("--goal: a corner is twisted: the twists do not sum to 0 mod 3");
        }
        CubeSolver solver = new CubeSolver(cube);
        DistanceTable table = solver.table();
        long[] deepest = TableSummaries.deepestRanks(table);
        for (int i = 0; i < deepest.length; i++) {
            // a cube s at distance d from solved is, relabelled by g, at distance d from g
            long s = Cubies.state((int) deepest[i]);
            deepest[i] = g == Cubies.SOLVED ? s : Cubies.multiply(g, s);
        }
        String space = cube.name() + (g == Cubies.SOLVED ? "" : "-goal-" + cube.format(g));
        return List.of(new AtlasPart(new SpaceSummary(space, cube.name(), table.histogram(), deepest), cube.format(g)));
    }

    /** An unfolded net: U above F, then L F R B, D below F; each sticker in its face's colour. */
    @Override
    public BoardDrawing drawing(Puzzle puzzle) {
        int[] at = new int[6 * 8];
        Arrays.fill(at, -1);
        int[][] origin = {{0, 2}, {2, 4}, {2, 2}, {4, 2}, {2, 0}, {2, 6}}; // U R F D L B: top-left cell
        for (int face = 0; face < 6; face++) {
            for (int k = 0; k < 4; k++) {
                at[(origin[face][0] + k / 2) * 8 + origin[face][1] + k % 2] = face * 4 + k;
            }
        }
        return new BoardDrawing(
                6,
                8,
                at,
                Map.of("U", "#ffffff", "R", "#d62828", "F", "#2a9d3f", "D", "#f7d716", "L", "#f48c06", "B", "#1d4ed8"),
                null);
    }
}
