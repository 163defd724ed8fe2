package io.puzzleatlas.core.definition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.puzzleatlas.core.puzzle.InvalidBoardException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MoveNamesTest {
    @Test
    void findsEveryNameInsideALongerText() {
        List<String> names = new MoveSet(DefinitionSpaceTest.example("2x2x2.tws"), Metric.POWERS).names();
        MoveNames lookup = new MoveNames(names);
        for (int m = 0; m < names.size(); m++) {
            String text = "  x" + names.get(m) + " ";
            assertEquals(m, lookup.find(text, 3, 3 + names.get(m).length()), names.get(m));
        }
        assertEquals(-1, lookup.find("U3", 0, 2));
        assertEquals(-1, lookup.find("U", 0, 0));
        assertEquals(-1, lookup.find("UF", 0, 2));
        assertEquals(0, lookup.find("UF", 1, 2)); // F
    }

    @Test
    void indicesReadEveryNameOfALongText() {
        List<String> names = new MoveSet(DefinitionSpaceTest.example("2x2x2.tws"), Metric.POWERS).names();
        MoveNames lookup = new MoveNames(names);
        StringBuilder text = new StringBuilder("\t");
        int[] expected = new int[40]; // past the first array's 16
        for (int i = 0; i < expected.length; i++) {
            expected[i] = (7 * i) % names.size();
            text.append(names.get(expected[i])).append(i % 3 == 0 ? "  " : " ");
        }
        assertArrayEquals(expected, lookup.indices(text.toString(), IllegalArgumentException::new));
        assertArrayEquals(new int[0], lookup.indices(" \n", IllegalArgumentException::new));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> lookup.indices("R U3 F", IllegalArgumentException::new));
        assertEquals("U3", e.getMessage());
    }

    @Test
    void blanksAreJavasWhitespace() {
        for (char c = 0; c < 0x3100; c++) {
            assertEquals(Character.isWhitespace(c), MoveNames.blank(c), "char " + (int) c);
        }
    }

    @Test
    void aScrambleIsItsMovesAppliedOneByOne() {
        DefinitionPuzzle cube = new DefinitionPuzzle("2x2x2", DefinitionSpaceTest.example("2x2x2.tws"), Metric.POWERS);
        List<String> names = cube.moveNames();
        String[] scramble = {"R", "U2", "F'", "D", "L2", "B'", "R'", "U", "F2"};
        long board = cube.defaultGoal();
        for (String move : scramble) {
            board = cube.applyMove(board, names.indexOf(move));
        }
        assertEquals(board, cube.scrambled(String.join(" ", scramble)));
        assertEquals(board, cube.scrambled("\tR U2  F' D L2 B' R' U F2 \n"));
        // an odd number of moves ends in the other pair of arrays
        long one = cube.applyMove(cube.defaultGoal(), names.indexOf("U'"));
        assertEquals(one, cube.scrambled("U'"));
        assertEquals(cube.defaultGoal(), cube.scrambled("U U'"));
        InvalidBoardException e = assertThrows(InvalidBoardException.class, () -> cube.scrambled("R U3 F"));
        assertTrue(e.getMessage().startsWith("unknown move U3 in the scramble (moves: F F2 F' B"), e.getMessage());
    }

    @Test
    void aScrambleWalkedThroughTheMoveTablesIsTheStateItsMovesMakeOnTheArrays() {
        for (String file : List.of("2x2x2.tws", "pocket-cube.tws", "magic-board.tws", "twisty-small.tws")) {
            DefinitionPuzzle puzzle = new DefinitionPuzzle(file, DefinitionSpaceTest.example(file), Metric.POWERS);
            DefinitionSpace space = puzzle.space();
            assertTrue(!puzzle.ranksThroughChain() && space.play(space.goal(), new int[0]) == space.goal(), file);
            List<String> names = puzzle.moveNames();
            Random random = new Random(file.hashCode());
            for (int n = 0; n < 200; n++) {
                int[] path = random.ints(random.nextInt(40), 0, names.size()).toArray();
                StringBuilder text = new StringBuilder();
                for (int m : path) {
                    text.append(names.get(m)).append(' ');
                }
                int[][] solved = DefinitionSpace.solvedState(puzzle.moves());
                int[] labels = solved[0];
                int[] orientations = solved[1];
                puzzle.moves().play(path, labels, orientations);
                assertEquals(space.rank(labels, orientations), puzzle.scrambled(text.toString()), file + ": " + text);
            }
        }
    }
}
