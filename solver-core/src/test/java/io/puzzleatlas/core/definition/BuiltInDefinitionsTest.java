package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.puzzleatlas.core.atlas.SearchControl;
import io.puzzleatlas.core.cube.PocketCubeKind;
import io.puzzleatlas.core.kind.PuzzleKind;
import io.puzzleatlas.core.magic.MagicBoardKind;
import io.puzzleatlas.core.puzzle.Puzzle;
import io.puzzleatlas.core.rotation.RotationGameKind;
import io.puzzleatlas.core.search.Budget;
import io.puzzleatlas.core.search.PuzzleSolver;
import io.puzzleatlas.core.search.SolveResult;
import io.puzzleatlas.core.search.SolverSettings;
import io.puzzleatlas.core.table.RankedSpace;
import io.puzzleatlas.core.table.TwoBitBreadthFirstSearch;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Built-in puzzles re-expressed as definition files (data/puzzles/): each file's puzzle has exactly the histogram the
 * built-in kind computes, in the test, for the same space, and the built-in's move names in its order.
 */
@Tag("slow")
class BuiltInDefinitionsTest {
    private static long[] definitionHistogram(String file, String puzzle) {
        DefinitionKind kind = DefinitionKind.of(DefinitionExamples.path(file));
        return kind.atlas(kind.puzzle(puzzle), null, 2, SearchControl.NONE)
                .get(0)
                .summary()
                .histogram();
    }

    private static Puzzle definitionPuzzle(String file, String puzzle) {
        return DefinitionKind.of(DefinitionExamples.path(file)).puzzle(puzzle);
    }

    private static long total(long[] histogram) {
        return LongStream.of(histogram).sum();
    }

    /**
     * The magic board: the built-in's atlas (distances from its start over moves A, B, C, no inverses) against the
     * definition's listed metric (distances to the same board). Moves commute with relabelling, so both count the words
     * of each length over the 8! boards.
     */
    @Test
    void magicBoard() {
        MagicBoardKind builtIn = new MagicBoardKind();
        Puzzle board = builtIn.puzzle("magic-board");
        long[] expected = builtIn.atlas(board, null, 1, SearchControl.NONE)
                .get(0)
                .summary()
                .histogram();
        assertArrayEquals(expected, definitionHistogram("magic-board.tws", "magic-board-listed"));
        assertEquals(40_320, total(expected));
        Puzzle defined = definitionPuzzle("magic-board.tws", "magic-board-listed");
        assertEquals(board.moveNames(), defined.moveNames());
        // the same goal board, in the same text
        assertEquals(board.format(board.defaultGoal()), defined.format(defined.defaultGoal()));
    }

    /** The rotation game's explored space, its one-colour abstraction (735,471 masks, distances to a full centre). */
    @Test
    void rotationGameAbstraction() {
        RotationGameKind builtIn = new RotationGameKind();
        Puzzle game = builtIn.puzzle("rotation-game");
        long[] expected = histogram(builtIn.space(game, -1));
        assertEquals(735_471, total(expected), "24 choose 8: every mask is reached");
        assertArrayEquals(expected, definitionHistogram("rotation-game.tws", "rotation-game-listed"));
        // the eight moves are closed under inverses (A' = F ...): generators gives the same distances
        assertArrayEquals(expected, definitionHistogram("rotation-game.tws", "rotation-game-generators"));
        assertEquals(
                game.moveNames(),
                definitionPuzzle("rotation-game.tws", "rotation-game-listed").moveNames());
    }

    /** The pocket cube with D-B-L fixed: half turns as powers, quarter turns as generators (OEIS A079761, A079762). */
    @ParameterizedTest
    @CsvSource({
        "pocket-cube, pocket-cube, 11",
        "pocket-cube-powers, pocket-cube, 11",
        "pocket-cube-generators, " + "pocket-cube-qtm, 14"
    })
    void pocketCube(String definitionName, String builtInName, int radius) {
        PuzzleKind builtIn = new PocketCubeKind();
        Puzzle cube = builtIn.puzzle(builtInName);
        long[] expected = builtIn.atlas(cube, null, 1, SearchControl.NONE)
                .get(0)
                .summary()
                .histogram();
        assertEquals(3_674_160, total(expected), "7! 3^6");
        assertEquals(radius, expected.length - 1);
        assertArrayEquals(expected, definitionHistogram("pocket-cube.tws", definitionName));
        assertEquals(
                cube.moveNames(),
                definitionPuzzle("pocket-cube.tws", definitionName).moveNames());
    }

    /**
     * The moves act as the built-in's: the same random move sequences give the same boards (the pocket cube's cubies
     * drawn as the built-in's stickers, the rotation game's pieces 1 as its mask).
     */
    @Test
    void movesActAsTheBuiltInMoves() {
        SplittableRandom random = new SplittableRandom(1151);
        MagicBoardKind magic = new MagicBoardKind();
        Puzzle board = magic.puzzle("magic-board");
        Puzzle definedBoard = definitionPuzzle("magic-board.tws", "magic-board-listed");
        RotationGameKind rotation = new RotationGameKind();
        Puzzle game = rotation.puzzle("rotation-game");
        RankedSpace masks = rotation.space(game, -1);
        Puzzle definedGame = definitionPuzzle("rotation-game.tws", "rotation-game-listed");
        PocketCubeKind pocket = new PocketCubeKind();
        Puzzle[][] cubes = {
            {pocket.puzzle("pocket-cube"), definitionPuzzle("pocket-cube.tws", "pocket-cube")},
            {pocket.puzzle("pocket-cube-qtm"), definitionPuzzle("pocket-cube.tws", "pocket-cube-generators")}
        };
        for (int i = 0; i < 200; i++) {
            int length = random.nextInt(40);
            long b = board.defaultGoal();
            long db = definedBoard.defaultGoal();
            long mask = masks.goal();
            long dm = definedGame.defaultGoal();
            for (int k = 0; k < length; k++) {
                int m = random.nextInt(board.moveCount());
                b = board.applyMove(b, m);
                db = definedBoard.applyMove(db, m);
                int r = random.nextInt(game.moveCount());
                mask = masks.move(mask, r);
                dm = definedGame.applyMove(dm, r);
            }
            assertEquals(board.format(b), definedBoard.format(db));
            assertEquals(rotation.stateText(game, mask), definedGame.format(dm).replace('2', '0'));
            for (Puzzle[] pair : cubes) {
                Puzzle cube = pair[0];
                Puzzle defined = pair[1];
                long c = cube.defaultGoal();
                long d = defined.defaultGoal();
                for (int k = 0; k < length; k++) {
                    int m = random.nextInt(cube.moveCount());
                    c = cube.applyMove(c, m);
                    d = defined.applyMove(d, m);
                }
                assertEquals(cube.format(c), stickers(defined.format(d)));
            }
        }
    }

    /**
     * Solving gives the built-in's solutions, move for move (both descend a distance table in move order): magic boards
     * from one random board to another, scrambled cubes to the solved cube.
     */
    @Test
    void solutionsAreTheBuiltIns() {
        SplittableRandom random = new SplittableRandom(2);
        Puzzle board = new MagicBoardKind().puzzle("magic-board");
        PuzzleSolver boardSolver = new MagicBoardKind().solver(board, SolverSettings.fromSystem());
        DefinitionKind magic = DefinitionKind.of(DefinitionExamples.path("magic-board.tws"));
        Puzzle definedBoard = magic.puzzle("magic-board-listed");
        PuzzleSolver definedBoardSolver = magic.solver(definedBoard, SolverSettings.fromSystem());
        for (int i = 0; i < 20; i++) {
            long start = board.board(random.nextLong(board.boardCount()), board.defaultGoal());
            long goal = i == 0 ? board.defaultGoal() : board.board(random.nextLong(board.boardCount()), start);
            SolveResult expected = boardSolver.solve(start, goal, Budget.UNLIMITED);
            SolveResult got = definedBoardSolver.solve(
                    definedBoard.parse(board.format(start)), definedBoard.parse(board.format(goal)), Budget.UNLIMITED);
            // the built-in writes its one-letter moves back to back, a definition space-separated
            assertEquals(String.join(" ", expected.moves().split("")), got.moves());
        }
        PocketCubeKind pocket = new PocketCubeKind();
        DefinitionKind cubes = DefinitionKind.of(DefinitionExamples.path("pocket-cube.tws"));
        String[][] pairs = {{"pocket-cube", "pocket-cube"}, {"pocket-cube-qtm", "pocket-cube-generators"}};
        for (String[] names : pairs) {
            Puzzle cube = pocket.puzzle(names[0]);
            PuzzleSolver cubeSolver = pocket.solver(cube, SolverSettings.fromSystem());
            Puzzle defined = cubes.puzzle(names[1]);
            PuzzleSolver definedSolver = cubes.solver(defined, SolverSettings.fromSystem());
            for (int i = 0; i < 20; i++) {
                long c = cube.defaultGoal();
                long d = defined.defaultGoal();
                for (int k = 0; k < 30; k++) {
                    int m = random.nextInt(cube.moveCount());
                    c = cube.applyMove(c, m);
                    d = defined.applyMove(d, m);
                }
                assertEquals(
                        cubeSolver
                                .solve(c, cube.defaultGoal(), Budget.UNLIMITED)
                                .moves(),
                        definedSolver
                                .solve(d, defined.defaultGoal(), Budget.UNLIMITED)
                                .moves());
            }
        }
    }

    /** PocketCube's sticker positions of each corner position, U or D sticker first, then clockwise. */
    private static final int[][] STICKERS = {
        {3, 4, 9}, {2, 8, 17}, {0, 16, 21}, {1, 20, 5}, {13, 11, 6}, {12, 19, 10}, {14, 23, 18}, {15, 7, 22},
    };

    /** The built-in's sticker text of a pocket-cube.tws state (pieces 1..8, then orientations). */
    private static String stickers(String state) {
        String[] t = state.split(" ");
        char[] text = new char[24];
        for (int i = 0; i < 8; i++) {
            int corner = Integer.parseInt(t[i]) - 1;
            int ori = Integer.parseInt(t[8 + i]);
            for (int k = 0; k < 3; k++) {
                text[STICKERS[i][(k + ori) % 3]] = "URFDLB".charAt(STICKERS[corner][k] / 4);
            }
        }
        return new String(text);
    }

    private static long[] histogram(RankedSpace space) {
        return TwoBitBreadthFirstSearch.run(space.size(), space.rank(space.goal()), t -> space.predecessors(), 1)
                .histogram();
    }
}
